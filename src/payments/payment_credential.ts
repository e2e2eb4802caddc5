/**
 * The credential of an x402 payment: decoding PAYMENT-SIGNATURE into a version 2 payload with an EIP-3009
 * authorisation, and the payment problem for each way a credential can fail.
 *
 * The header is bounded before anything parses it deeply: at most MAX_CREDENTIAL_CHARS characters of
 * standard base64 (with padding) of UTF-8 JSON nested at most MAX_CREDENTIAL_DEPTH levels, checked by a scan
 * of the text before JSON.parse; then the strict schema of credential_schema.ts. A header that fails any of
 * these is a malformed credential (402), never anyone else's fault.
 */
import type { PaymentPayload, PaymentRequirements } from "npm:@x402/core@2.27.0/types";
import { type PaymentProblem, problemOfReason } from "./payment_problems.ts";
import { type Authorization, checkCredential } from "./credential_schema.ts";
import { PAYMENT_IDENTIFIER } from "./payment_identifier.ts";

export type { Authorization } from "./credential_schema.ts";

/**
 * Longest PAYMENT-SIGNATURE accepted: a payment echoing the largest discovery declaration and the longest
 * payment identifier for the longest resource this service names is about 5 KB, and 9,472 characters with
 * the longest signature accepted (4,096 characters, a smart wallet's).
 */
export const MAX_CREDENTIAL_CHARS = 10240;
/**
 * Deepest nesting of objects and arrays a credential's JSON may have: the payment itself needs 3, its echo of
 * the deepest discovery declaration 11.
 */
export const MAX_CREDENTIAL_DEPTH = 12;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** A decoded credential: the payload, its authorisation, and the client's payment identifier if it sent one. */
export interface DecodedPayment {
  readonly payload: PaymentPayload;
  readonly authorization: Authorization;
  readonly paymentId?: string;
}

/** Decodes PAYMENT-SIGNATURE into a v2 payload with an EIP-3009 authorisation, or says why it cannot. */
export function decodePayment(header: string): DecodedPayment | string {
  if (header.length > MAX_CREDENTIAL_CHARS) {
    return `PAYMENT-SIGNATURE has ${header.length} characters; a payment has at most ${MAX_CREDENTIAL_CHARS}`;
  }
  if (!BASE64.test(header)) return "PAYMENT-SIGNATURE is not standard base64 (with padding)";
  let json: string;
  try {
    json = UTF8.decode(Uint8Array.from(atob(header), (char) => char.charCodeAt(0)));
  } catch {
    return "PAYMENT-SIGNATURE is not base64 of UTF-8 text";
  }
  if (nestingDepth(json) > MAX_CREDENTIAL_DEPTH) {
    return `PAYMENT-SIGNATURE nests deeper than ${MAX_CREDENTIAL_DEPTH} levels; an x402 payment needs 11 at most`;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return "PAYMENT-SIGNATURE is not base64 of a JSON PaymentPayload";
  }
  const credential = checkCredential(parsed);
  if (typeof credential === "string") {
    return `PAYMENT-SIGNATURE is not an x402 version 2 exact payment: ${credential}`;
  }
  const id = credential.extensions?.[PAYMENT_IDENTIFIER]?.info.id;
  return {
    payload: credential as PaymentPayload,
    authorization: credential.payload.authorization,
    ...(id === undefined ? {} : { paymentId: id }),
  };
}

/** The deepest nesting of objects and arrays in JSON text (brackets inside strings do not count). */
export function nestingDepth(json: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const char = json.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i++; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (char === 0x5d || char === 0x7d) depth--;
  }
  return deepest;
}

/** The problem of an undecodable credential. */
export function malformed(message: string): PaymentProblem {
  return { name: "malformed-credential", message, details: {} };
}

/** The members of `accepted` the matcher compares (the `extra` members are the token's EIP-712 domain). */
const COMPARED = ["scheme", "network", "asset", "amount", "payTo", "maxTimeoutSeconds"] as const;

/**
 * The problem of a payment whose `accepted` is not what this request asks for, naming each member that
 * differs. The comparison is exact, as the matcher's is: a member that differs only in letter case (`EXACT`,
 * a lower-case address) is named too, and the message says that only the case differs.
 */
export function mismatch(accepted: PaymentRequirements, expected: PaymentRequirements): PaymentProblem {
  const differs: string[] = COMPARED.filter((field) => accepted[field] !== expected[field]);
  for (const member of ["name", "version"] as const) {
    if (accepted.extra?.[member] !== expected.extra?.[member]) differs.push(`extra.${member}`);
  }
  // The matcher compares nothing else; should it ever, the whole of `accepted` is what differs.
  if (differs.length === 0) differs.push("accepted");
  const low = /^\d+$/.test(accepted.amount) && BigInt(accepted.amount) < BigInt(expected.amount);
  const caseOnly = differs.filter((field) => {
    const [offered, asked] = [valueAt(accepted, field), valueAt(expected, field)];
    return typeof offered === "string" && typeof asked === "string" &&
      offered.toLowerCase() === asked.toLowerCase();
  });
  const named = differs.map((field) => caseOnly.includes(field) ? `${field} (letter case only)` : field);
  return {
    name: low ? "payment-insufficient" : "verification-failed",
    message: low
      ? `The payment offers ${accepted.amount} atomic units; this request costs ${expected.amount}`
      : `The payment does not match this request's requirements (${named.join(", ")} differ${
        named.length === 1 ? "s" : ""
      })`,
    details: { mismatched: differs, ...(caseOnly.length > 0 ? { differs_in_case_only: caseOnly } : {}) },
  };
}

function valueAt(requirements: PaymentRequirements, field: string): unknown {
  return field.startsWith("extra.")
    ? requirements.extra?.[field.slice("extra.".length)]
    : requirements[field as (typeof COMPARED)[number]];
}

/** Seconds of clock skew allowed beyond maxTimeoutSeconds in a signed validBefore. */
export const VALID_BEFORE_SLACK_SECONDS = 60;

/** The problem of an authorisation already past validBefore, or valid for longer than this service accepts. */
export function lateness(
  validBefore: string,
  maxTimeoutSeconds: number,
  nowMs: number,
): PaymentProblem | undefined {
  const seconds = Number(validBefore);
  if (seconds * 1000 <= nowMs) {
    return {
      name: "payment-expired",
      message: `The authorisation expired at ${new Date(seconds * 1000).toISOString()}`,
      details: { valid_before: seconds },
    };
  }
  // The client signs validBefore = now + maxTimeoutSeconds; anything much later would keep a claim (and a
  // Retry-After) alive indefinitely.
  if (seconds > nowMs / 1000 + maxTimeoutSeconds + VALID_BEFORE_SLACK_SECONDS) {
    return {
      name: "verification-failed",
      message: `The authorisation's validBefore ${validBefore} lies beyond the ${maxTimeoutSeconds} s this ` +
        "service accepts",
      details: { valid_before: validBefore, max_timeout_seconds: maxTimeoutSeconds },
    };
  }
  return undefined;
}

/** The problem of a payment the facilitator refused, by the facilitator's reason. */
export function reasonProblem(reason: string | undefined, message: string): PaymentProblem {
  const name = problemOfReason(reason);
  const texts: Record<string, string> = {
    "payment-expired": "The authorisation has expired (or expires within seconds)",
    "payment-insufficient": "The payer's balance does not cover the price",
    "invalid-challenge": "This authorisation's nonce was already used",
  };
  return { name, message: texts[name] ?? message, details: reason === undefined ? {} : { reason } };
}
