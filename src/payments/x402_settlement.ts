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
 */
import { encodePaymentResponseHeader } from "npm:@x402/core@2.27.0/http";
import type { x402ResourceServer } from "npm:@x402/core@2.27.0/server";
import {
  type PaymentPayload,
  type PaymentRequirements,
  SettleError,
  type SettleResponse,
} from "npm:@x402/core@2.27.0/types";
import type { Admission } from "./payment_gate.ts";
import type { PaymentClaims, PaymentIdentity } from "./payment_claims.ts";
import { facilitatorProblemResponse, type PaymentProblem } from "./payment_problems.ts";
import { reasonProblem } from "./payment_credential.ts";
import type { PaymentLog } from "./facilitator_trouble.ts";
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
  /** The 402 answer for a problem, with this request's challenge. */
  readonly challenge: (problem: PaymentProblem) => Promise<Response>;
}

/** The admission of a verified payment: the work may run, then settle or abandon. */
export function paidAdmission(payment: VerifiedPayment): Admission {
  const { server, claims, log, identity, payload, matching, operation, amount, challenge } = payment;
  return {
    kind: "paid",
    settle: async (response) => {
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
          return await settlementPending(payment, error);
        }
      }
      if (settled.success) {
        await recordAfterSettlement(payment, () => claims.mark(identity, "settled"));
        const paid = new Response(response.body, response);
        paid.headers.set("PAYMENT-RESPONSE", encodePaymentResponseHeader(settled));
        log("info", "payment settled", {
          operation,
          amount: amount.toString(),
          payer: settled.payer ?? identity.from,
          transaction: settled.transaction,
        });
        return paid;
      }
      if (settled.errorReason === "settlement_pending") {
        return await settlementPending(payment, settled);
      }
      const problem = reasonProblem(settled.errorReason, "The payment could not be settled");
      // A nonce spent elsewhere stays claimed; any other refusal charged nothing and may be retried.
      await recordAfterSettlement(
        payment,
        () =>
          problem.name === "invalid-challenge" ? claims.mark(identity, "settled") : claims.release(identity),
      );
      log("warn", "payment settlement refused", {
        operation,
        reason: settled.errorReason,
      });
      return await challenge(problem);
    },
    abandon: async () => {
      await claims.release(identity);
      log("info", "payment abandoned: the work failed, nothing was charged", {
        operation,
      });
    },
  };
}

async function settlementPending(payment: VerifiedPayment, cause: unknown): Promise<Response> {
  const { claims, identity, instance, log, now } = payment;
  await recordAfterSettlement(payment, () => claims.mark(identity, "pending"));
  const waitSeconds = Math.max(1, Math.ceil(identity.validBefore - now() / 1000) + 1);
  log("error", "payment settlement has no outcome; the claim is kept until the authorisation expires", {
    error: cause instanceof Error ? safeMessage(cause) : `facilitator answered ${JSON.stringify(cause)}`,
    valid_before: identity.validBefore,
  });
  return facilitatorProblemResponse(
    "settlement-pending",
    "The payment's settlement has no outcome yet and may still complete; do not pay again before " +
      new Date(identity.validBefore * 1000).toISOString(),
    instance,
    waitSeconds,
    { valid_before: identity.validBefore },
  );
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
