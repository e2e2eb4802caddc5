/**
 * What a PAYMENT-SIGNATURE may hold, and nothing more: an x402 version 2 PaymentPayload of the `exact` scheme
 * on EVM (an EIP-3009 authorisation), as a strict valibot schema. Every object refuses members the scheme does
 * not define and every string is bounded, so no other code (the matcher, the facilitator client) ever sees a
 * structure a client made up, except the echo of the discovery extension, which is replaced before it
 * goes anywhere. The payment itself nests three levels deep (payload → authorization, accepted → extra).
 */
import * as v from "npm:valibot@1.5.0";
import { MAX_RESOURCE_URL_CHARS } from "./challenge_resource.ts";
import {
  PAYMENT_ID_MAX_LENGTH,
  PAYMENT_ID_MIN_LENGTH,
  PAYMENT_ID_PATTERN,
  PAYMENT_IDENTIFIER,
} from "./payment_identifier.ts";

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const matching = (pattern: RegExp) => v.pipe(v.string(), v.regex(pattern));
const DIGITS = (max: number) => new RegExp(`^\\d{1,${max}}$`);
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The `accepted` requirements the client echoes: what this service offered in its challenge. */
const AcceptedRequirements = v.strictObject({
  scheme: text(32),
  network: text(64),
  amount: matching(DIGITS(78)),
  asset: text(128),
  payTo: text(128),
  maxTimeoutSeconds: v.pipe(v.number(), v.safeInteger()),
  extra: v.optional(v.strictObject({ name: text(128), version: text(32) })),
});

/** The EIP-3009 transferWithAuthorization the exact/EVM scheme signs. */
const Authorization = v.strictObject({
  from: matching(ADDRESS),
  to: matching(ADDRESS),
  value: matching(DIGITS(78)),
  validAfter: matching(DIGITS(20)),
  validBefore: matching(DIGITS(20)),
  nonce: matching(/^0x[0-9a-fA-F]{64}$/),
});

/** An x402 version 2 exact/EVM PaymentPayload. */
export const CredentialSchema = v.strictObject({
  x402Version: v.literal(2),
  resource: v.optional(v.strictObject({
    url: text(MAX_RESOURCE_URL_CHARS),
    description: v.optional(text(512)),
    mimeType: v.optional(text(128)),
  })),
  accepted: AcceptedRequirements,
  payload: v.strictObject({
    // 65 bytes for a plain key; a smart wallet's (ERC-1271, ERC-6492) signature is longer.
    signature: v.pipe(matching(/^0x[0-9a-fA-F]+$/), v.maxLength(4096)),
    authorization: Authorization,
  }),
  extensions: v.optional(v.strictObject({
    // Discovery, which clients echo: never read nor forwarded (the gate puts the service's own declaration
    // in its place), so any object will do.
    bazaar: v.optional(v.record(v.string(), v.unknown())),
    // The idempotency key (payment_identifier.ts): the declaration echoed, with the client's id.
    [PAYMENT_IDENTIFIER]: v.optional(v.strictObject({
      info: v.strictObject({
        required: v.boolean(),
        id: v.optional(v.pipe(
          v.string(),
          v.minLength(PAYMENT_ID_MIN_LENGTH),
          v.maxLength(PAYMENT_ID_MAX_LENGTH),
          v.regex(PAYMENT_ID_PATTERN),
        )),
      }),
      schema: v.optional(v.record(v.string(), v.unknown())),
    })),
  })),
});

/** A decoded credential. */
export type Credential = v.InferOutput<typeof CredentialSchema>;

/** The EIP-3009 authorisation of a decoded payment. */
export type Authorization = v.InferOutput<typeof Authorization>;

/** Checks a parsed credential: the credential, or what is wrong with it (never echoing a value it holds). */
export function checkCredential(value: unknown): Credential | string {
  const result = v.safeParse(CredentialSchema, value, { abortEarly: true });
  if (result.success) return result.output;
  const issue = result.issues[0];
  // Member names come from the client: the message (and with it the challenge header) stays short.
  const path = (v.getDotPath(issue) ?? "").slice(0, 80) || "the payment";
  if (issue.expected === "never") return `${path} is not a member of an x402 version 2 exact payment`;
  if (issue.kind === "schema" && issue.input === undefined) return `${path} is missing`;
  if (issue.kind === "schema") {
    return `${path} must be ${issue.expected === "Object" ? "an object" : issue.expected}`;
  }
  return `${path} fails ${issue.type}${issue.expected === null ? "" : ` ${issue.expected}`}`;
}
