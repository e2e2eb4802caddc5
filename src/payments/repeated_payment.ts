/**
 * A payment identifier met before (kept_answers.ts): what the call carrying it is answered, before its own
 * authorisation is claimed.
 *
 * - The id paid for another request → 409 PAYMENT_ID_REUSED, free: nothing is claimed, verified or settled.
 * - Its call is still being worked on → 409 PAYMENT_ID_IN_USE with Retry-After: 1.
 * - Its settlement has no outcome yet → 503 PAYMENT_SETTLEMENT_PENDING, as the call itself was answered: do
 *   not pay again before validBefore.
 * - Its call was settled → the kept answer again (status, body, PAYMENT-RESPONSE of the settlement), without
 *   a second settlement. The very credential that paid (same nonce) is proof enough: whoever holds it was
 *   sold that answer. A retry signed anew (another nonce) must first verify with the facilitator, which proves
 *   that the payer holds the key; it is then neither claimed nor settled, and stays the payer's to spend.
 */
import type { x402ResourceServer } from "npm:@x402/core@2.27.0/server";
import type { PaymentPayload, PaymentRequirements } from "npm:@x402/core@2.27.0/types";
import type { Admission } from "./payment_gate.ts";
import type { KeptCall } from "./kept_answers.ts";
import { gateProblemResponse, type PaymentProblem } from "./payment_problems.ts";
import { type PaymentLog, verifyOrTrouble } from "./facilitator_trouble.ts";
import { reasonProblem } from "./payment_credential.ts";
import { pendingAnswer } from "./x402_settlement.ts";

/** Seconds a retry waits for a call of the same id still being worked on. */
export const IN_USE_RETRY_SECONDS = 1;

/** A call carrying a payment identifier met before. */
export interface RepeatedCall {
  readonly server: x402ResourceServer;
  readonly log: PaymentLog;
  readonly now: () => number;
  /** The request this call asks for (requestOf). */
  readonly request: string;
  /** Its authorisation's nonce. */
  readonly nonce: string;
  /** What the facilitator would verify: the service's own payload and requirements. */
  readonly payload: PaymentPayload;
  readonly matching: PaymentRequirements;
  /** True when the facilitator verified this call's authorisation already. */
  readonly verified: boolean;
  readonly instance: string;
  readonly requestId: string | undefined;
  /** The 402 of a problem, with this request's challenge. */
  readonly refuse: (problem: PaymentProblem) => Promise<Admission>;
}

/** The admission of `call`, whose payer's id is `kept`. */
export async function answerAgain(kept: KeptCall, call: RepeatedCall): Promise<Admission> {
  const { instance, log } = call;
  const requestId = call.requestId === undefined ? {} : { request_id: call.requestId };
  if (kept.request !== call.request) {
    return respond(gateProblemResponse(
      "payment-id-reused",
      "This payment identifier paid for another request; use a new identifier for a new request",
      instance,
      undefined,
    ));
  }
  if (kept.state === "working") {
    return respond(gateProblemResponse(
      "payment-id-in-use",
      "A call with this payment identifier is being answered; retry shortly to get its answer",
      instance,
      IN_USE_RETRY_SECONDS,
    ));
  }
  if (kept.state === "pending") return respond(pendingAnswer(instance, kept.validBefore, call.now));
  if (kept.nonce !== call.nonce && !call.verified) {
    const verdict = await verifyOrTrouble(call.server, call.payload, call.matching, instance, log);
    if (verdict instanceof Response) return respond(verdict);
    if (!verdict.isValid) {
      return call.refuse(reasonProblem(verdict.invalidReason, "The payment did not verify"));
    }
  }
  log("info", "payment identifier met again: its kept answer is sent, nothing is settled", requestId);
  const { status, headers, body } = kept.answer;
  return respond(new Response(body, { status, headers }));
}

function respond(response: Response): Admission {
  return { kind: "respond", response };
}
