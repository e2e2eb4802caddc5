/**
 * A payment buys exactly the request it was made out for. An x402 PaymentPayload echoes the `resource` of the
 * challenge it answers (url, description, mimeType: challenge_resource.ts); the gate compares it with the
 * resource this very request's challenge names and refuses any other (or none) before the payment is
 * claimed, verified or settled, so a credential signed for one query never buys another.
 *
 * The facilitator then receives only what the service itself declares: its own resource and requirements,
 * the payer's signed authorisation, and the service's discovery declaration in place of a client's echo of
 * it (a facilitator that catalogs resources lists what it receives). Nothing else a client wrote is
 * forwarded.
 */
import type { PaymentPayload, PaymentRequirements } from "npm:@x402/core@2.27.0/types";
import type { ChallengeResource } from "./challenge_resource.ts";
import type { PaymentProblem } from "./payment_problems.ts";
import { BAZAAR } from "./bazaar_extension.ts";

const MEMBERS = ["url", "description", "mimeType"] as const;

/**
 * The problem of a payment whose `resource` is not `expected` (the challenge resource of this request), or
 * undefined when it is. The message never repeats what the client wrote (it goes into the challenge header).
 */
export function resourceMismatch(
  offered: PaymentPayload["resource"],
  expected: ChallengeResource,
): PaymentProblem | undefined {
  if (offered === undefined) {
    return {
      name: "resource-mismatch",
      message: "The payment names no resource; sign one for this request's challenge",
      details: { mismatched: [...MEMBERS], resource: expected.url },
    };
  }
  const differs = MEMBERS.filter((member) => offered[member] !== expected[member]);
  if (differs.length === 0) return undefined;
  return {
    name: "resource-mismatch",
    message: "The payment was made out for another resource than this request; sign one for this " +
      "request's challenge",
    details: { mismatched: differs, resource: expected.url },
  };
}

/**
 * The payment as the facilitator receives it: the service's `resource` and `requirements`, the client's
 * signed `payload`, and `declared` (the service's discovery declaration) when the client echoed one.
 */
export function forwardedPayment(
  client: PaymentPayload,
  resource: ChallengeResource,
  requirements: PaymentRequirements,
  declared: Record<string, unknown> | undefined,
): PaymentPayload {
  const echoed = client.extensions?.[BAZAAR] !== undefined && declared?.[BAZAAR] !== undefined;
  return {
    x402Version: 2,
    resource: { ...resource },
    accepted: requirements,
    payload: client.payload,
    ...(echoed ? { extensions: { [BAZAAR]: declared[BAZAAR] } } : {}),
  };
}
