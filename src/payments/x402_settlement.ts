/**
 * The end of a verified x402 payment: `settle` after the work succeeded (PAYMENT-RESPONSE added to the
 * answer), `abandon` after it failed (claim released, nothing charged).
 *
 * A settlement the facilitator refuses releases the claim, except for a nonce spent elsewhere, which stays
 * claimed; the answer is a fresh 402 for the refusal. A settlement whose outcome is unknown (timed out, or
 * the connection lost after sending) keeps its claim and answers 503 settlement-pending with a Retry-After
 * reaching past validBefore: paying again before then could pay twice.
 *
 * The state store: a claim that cannot be marked "settling" stops the settlement (StateStoreError, a 503
 * with nothing charged). Once the facilitator has spoken, its answer is what the client must hear: a
 * failure to record it afterwards is logged and the claim keeps its earlier state until it expires, which
 * still refuses a replay.
 *
 * Nobody is charged without an answer: a client that has left before the settlement starts is not charged
 * (claim released); a settlement once started is held in SettlementsInFlight, so a stopping process waits
 * for it whatever DRAIN_MS says, and for its answer's delivery; an answer that cannot be delivered after all
 * is logged at error ("payment settled, answer not delivered") with payer, amount, transaction and request
 * id, so an operator can refund.
 */
import { encodePaymentResponseHeader } from "npm:@x402/core@2.27.0/http";
import type { x402ResourceServer } from "npm:@x402/core@2.27.0/server";
import {
  type PaymentPayload,
  type PaymentRequirements,
  SettleError,
  type SettleResponse,
} from "npm:@x402/core@2.27.0/types";
import type { Admission, PaidCall } from "./payment_gate.ts";
import type { PaymentClaims, PaymentIdentity } from "./payment_claims.ts";
import { gateProblemResponse, type PaymentProblem } from "./payment_problems.ts";
import { reasonProblem } from "./payment_credential.ts";
import { type PaymentLog, unavailable } from "./facilitator_trouble.ts";
import { deliveryOrGrace, type SettlementsInFlight } from "./settlements_in_flight.ts";
import type { KeptAnswers, PaidCallKey } from "./kept_answers.ts";
import { safeMessage } from "../log/error_message.ts";

/** A payment the facilitator verified, with what settling it needs. */
export interface VerifiedPayment {
  readonly server: x402ResourceServer;
  readonly claims: PaymentClaims;
  readonly log: PaymentLog;
  readonly now: () => number;
  readonly identity: PaymentIdentity;
  readonly payload: PaymentPayload;
  readonly matching: PaymentRequirements;
  readonly operation: string;
  readonly amount: bigint;
  readonly instance: string;
  /** The request's signal: aborted before the answer is sent, the client has left. */
  readonly signal: AbortSignal;
  /** What the handler told of the call (request id, delivery of the answer). */
  readonly call: PaidCall | undefined;
  /** The settlements of this process (a stopping process waits for them). */
  readonly settlements: SettlementsInFlight;
  /** Where the answer of a call paid with a payment identifier is kept, and its key. */
  readonly kept: { readonly answers: KeptAnswers; readonly key: PaidCallKey } | undefined;
  /** The 402 answer for a problem, with this request's challenge. */
  readonly challenge: (problem: PaymentProblem) => Promise<Response>;
}

/** The admission of a verified payment: the work may run, then settle or abandon. */
export function paidAdmission(payment: VerifiedPayment): Admission {
  const { claims, log, identity, operation, settlements, signal } = payment;
  return {
    kind: "paid",
    settle: async (response) => {
      const held = settlements.begin();
      // After DRAIN_MS a stopping process starts no settlement: its answer could not be sent.
      if (held === undefined) {
        await notSettled(payment, "the service is stopping");
        return unavailable(
          payment.instance,
          "The service is stopping: the payment was not settled and nothing was charged; try again",
        );
      }
      let handedOver = false;
      try {
        // Nobody is charged for an answer nobody will receive.
        if (signal.aborted) {
          await notSettled(payment, "the client left before its answer");
          // Nobody reads it; were anyone to, an unsettled answer is never given away.
          await response.body?.cancel();
          return unavailable(
            payment.instance,
            "The payment was not settled and nothing was charged; try again",
          );
        }
        const { answer, settled } = await settleNow(payment, response);
        if (settled !== undefined) handedOver = awaitDelivery(payment, settled, held);
        return answer;
      } finally {
        // A settled answer is held until it is delivered (awaitDelivery); any other is done here.
        if (!handedOver) held.done();
      }
    },
    abandon: async () => {
      await claims.release(identity);
      await releaseId(payment);
      log("info", "payment abandoned: the work failed, nothing was charged", {
        operation,
        ...requestIdOf(payment),
      });
    },
  };
}

/** Settles with the facilitator: the answer to send, and the settlement when it succeeded. */
async function settleNow(
  payment: VerifiedPayment,
  response: Response,
): Promise<{ answer: Response; settled?: SettleResponse }> {
  const { server, claims, log, identity, payload, matching, operation, challenge } = payment;
  await claims.mark(identity, "settling");
  let settled: SettleResponse;
  try {
    settled = await server.settlePayment(payload, matching);
  } catch (error) {
    if (error instanceof SettleError) {
      settled = {
        success: false,
        transaction: "",
        network: matching.network,
        ...(error.errorReason === undefined ? {} : { errorReason: error.errorReason }),
      };
    } else {
      // A dropped connection looks like one never made (both are TypeErrors in fetch), and the
      // settlement may have landed: keep the claim rather than risk charging twice.
      return { answer: await settlementPending(payment, error) };
    }
  }
  if (settled.success) {
    await recordAfterSettlement(payment, () => claims.mark(identity, "settled"));
    // The answer of a call paid with an id is kept as text (its body read once).
    const text = payment.kept === undefined ? undefined : await response.text();
    const paid = new Response(text ?? response.body, response);
    paid.headers.set("PAYMENT-RESPONSE", encodePaymentResponseHeader(settled));
    log("info", "payment settled", settlementFacts(payment, settled));
    if (payment.kept !== undefined) await keepAnswer(payment, payment.kept, paid, text!);
    return { answer: paid, settled };
  }
  if (settled.errorReason === "settlement_pending") {
    return { answer: await settlementPending(payment, settled) };
  }
  const problem = reasonProblem(settled.errorReason, "The payment could not be settled");
  // A nonce spent elsewhere stays claimed; any other refusal charged nothing and may be retried.
  await recordAfterSettlement(
    payment,
    () => problem.name === "invalid-challenge" ? claims.mark(identity, "settled") : claims.release(identity),
  );
  await releaseId(payment);
  log("warn", "payment settlement refused", {
    operation,
    reason: settled.errorReason,
    ...requestIdOf(payment),
  });
  return { answer: await challenge(problem) };
}

/**
 * Holds a settled payment until its answer is delivered (or DELIVERY_GRACE_MS passes). An answer that will
 * not reach its client (it left while the facilitator settled, or the answer could not be written) is logged
 * at error with what an operator needs to refund the payer. False when nothing is left to wait for (the
 * caller lets the settlement go at once).
 */
function awaitDelivery(payment: VerifiedPayment, settled: SettleResponse, held: { done(): void }): boolean {
  const undelivered = () =>
    payment.log("error", "payment settled, answer not delivered: the payer was charged and got no answer", {
      ...settlementFacts(payment, settled),
      ...requestIdOf(payment),
    });
  if (payment.signal.aborted) {
    undelivered();
    return false;
  }
  const delivered = payment.call?.delivered?.();
  if (delivered === undefined) return false;
  delivered.catch(undelivered);
  deliveryOrGrace(delivered).then(() => held.done());
  return true;
}

/** What identifies a settlement in the log: operation, amount, payer, transaction, network. */
function settlementFacts(payment: VerifiedPayment, settled: SettleResponse): Record<string, unknown> {
  return {
    operation: payment.operation,
    amount: payment.amount.toString(),
    payer: settled.payer ?? payment.identity.from,
    transaction: settled.transaction,
    network: settled.network,
    ...requestIdOf(payment),
  };
}

function requestIdOf(payment: VerifiedPayment): Record<string, string> {
  return payment.call === undefined ? {} : { request_id: payment.call.requestId };
}

/** Gives up a verified payment without settling it: the claim is released, nothing is charged. */
async function notSettled(payment: VerifiedPayment, why: string): Promise<void> {
  await payment.claims.release(payment.identity);
  await releaseId(payment);
  payment.log("warn", `payment not settled: ${why}; nothing was charged`, {
    operation: payment.operation,
    ...requestIdOf(payment),
  });
}

async function settlementPending(payment: VerifiedPayment, cause: unknown): Promise<Response> {
  const { claims, identity, instance, log, now, kept } = payment;
  await recordAfterSettlement(payment, () => claims.mark(identity, "pending"));
  if (kept !== undefined) {
    const { answers, key } = kept;
    await recordAfterSettlement(payment, () => answers.pending(key, identity.nonce, identity.validBefore));
  }
  log("error", "payment settlement has no outcome; the claim is kept until the authorisation expires", {
    error: cause instanceof Error ? safeMessage(cause) : `facilitator answered ${JSON.stringify(cause)}`,
    valid_before: identity.validBefore,
    ...requestIdOf(payment),
  });
  return pendingAnswer(instance, identity.validBefore, now);
}

/** The 503 of a settlement without an outcome: do not pay again before validBefore, when it cannot land. */
export function pendingAnswer(instance: string, validBefore: number, now: () => number): Response {
  return gateProblemResponse(
    "settlement-pending",
    "The payment's settlement has no outcome yet and may still complete; do not pay again before " +
      new Date(validBefore * 1000).toISOString(),
    instance,
    Math.max(1, Math.ceil(validBefore - now() / 1000) + 1),
    { valid_before: validBefore },
  );
}

/** Keeps a settled call's answer for its payment identifier (a store failure is logged, never answered). */
async function keepAnswer(
  payment: VerifiedPayment,
  { answers, key }: NonNullable<VerifiedPayment["kept"]>,
  paid: Response,
  body: string,
): Promise<void> {
  const answer = { status: paid.status, headers: [...paid.headers], body };
  const { nonce, validBefore } = payment.identity;
  await recordAfterSettlement(payment, () => answers.keep(key, nonce, validBefore, answer));
}

/** Gives the payment identifier up: the call was not charged, so the id may pay again. */
async function releaseId(payment: VerifiedPayment): Promise<void> {
  if (payment.kept === undefined) return;
  const { answers, key } = payment.kept;
  await recordAfterSettlement(payment, () => answers.release(key));
}

/** Records a claim's state after the facilitator answered; a store failure is logged, never answered. */
async function recordAfterSettlement(payment: VerifiedPayment, record: () => Promise<void>): Promise<void> {
  try {
    await record();
  } catch (error) {
    payment.log("error", "the outcome of a settlement could not be recorded in the state store", {
      operation: payment.operation,
      error: safeMessage(error),
    });
  }
}
