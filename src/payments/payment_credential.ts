/**
 * The credential of an x402 payment: decoding PAYMENT-SIGNATURE into a version 2 payload with an EIP-3009
 * authorisation, and the payment problem for each way a credential can fail.
 */
import * as v from "npm:valibot@1.5.0";
import { decodePaymentSignatureHeader } from "npm:@x402/core@2.27.0/http";
import { isPaymentPayloadV2 } from "npm:@x402/core@2.27.0/schemas";
import type { PaymentPayload, PaymentRequirements } from "npm:@x402/core@2.27.0/types";
import { type PaymentProblem, problemOfReason } from "./payment_problems.ts";

// The EIP-3009 authorisation the exact/EVM scheme carries; the envelope is checked by @x402/core's schema.
const HEX = /^0x[0-9a-fA-F]*$/;
const AuthorizationPayload = v.object({
  signature: v.pipe(v.string(), v.regex(HEX)),
  authorization: v.object({
    from: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/)),
    to: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/)),
    value: v.pipe(v.string(), v.regex(/^\d{1,78}$/)),
    validAfter: v.pipe(v.string(), v.regex(/^\d{1,20}$/)),
    validBefore: v.pipe(v.string(), v.regex(/^\d{1,20}$/)),
    nonce: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{64}$/)),
  }),
});

/** The EIP-3009 authorisation of a decoded payment. */
export type Authorization = v.InferOutput<typeof AuthorizationPayload>["authorization"];

/** Decodes PAYMENT-SIGNATURE into a v2 payload with an EIP-3009 authorisation, or says why it cannot. */
export function decodePayment(
  header: string,
):
  | { payload: PaymentPayload; authorization: Authorization }
  | string {
  let payload: unknown;
  try {
    payload = decodePaymentSignatureHeader(header);
  } catch {
    return "PAYMENT-SIGNATURE is not base64 of a JSON PaymentPayload";
  }
  if (!isPaymentPayloadV2(payload)) return "PAYMENT-SIGNATURE is not an x402 version 2 PaymentPayload";
  const exact = v.safeParse(AuthorizationPayload, payload.payload);
  if (!exact.success) {
    const path = v.getDotPath(exact.issues[0]);
    return `PAYMENT-SIGNATURE carries no valid EIP-3009 authorisation (payload.${path ?? ""})`;
  }
  return { payload: payload as PaymentPayload, authorization: exact.output.authorization };
}

/** The problem of an undecodable credential. */
export function malformed(message: string): PaymentProblem {
  return { name: "malformed-credential", message, details: {} };
}

/** The problem of a payment whose `accepted` is not what this request asks for. */
export function mismatch(accepted: PaymentRequirements, expected: PaymentRequirements): PaymentProblem {
  const differs = (["scheme", "network", "asset", "amount", "payTo", "maxTimeoutSeconds"] as const)
    .filter((field) => String(accepted[field]).toLowerCase() !== String(expected[field]).toLowerCase());
  const low = /^\d+$/.test(accepted.amount) && BigInt(accepted.amount) < BigInt(expected.amount);
  return {
    name: low ? "payment-insufficient" : "verification-failed",
    message: low
      ? `The payment offers ${accepted.amount} atomic units; this request costs ${expected.amount}`
      : `The payment does not match this request's requirements (${differs.join(", ") || "extra"} differ)`,
    details: { mismatched: differs.length > 0 ? differs : ["extra"] },
  };
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
