/**
 * Answers for a payment facilitator that could not do its part: unreachable or slow → 503, a broken answer
 * → 502, both with Retry-After. Nothing is charged in either case.
 *
 * Only what a facilitator call itself throws is the facilitator's trouble: the client wrapped around the
 * HTTP facilitator client (payment_setup.ts) turns each such failure into a FacilitatorCallError, so an
 * exception raised while handling a client's credential can never be answered as a facilitator outage.
 */
import type { x402ResourceServer } from "npm:@x402/core@2.27.0/server";
import {
  FacilitatorTimeoutError,
  type PaymentPayload,
  type PaymentRequirements,
  SettleError,
  VerifyError,
  type VerifyResponse,
} from "npm:@x402/core@2.27.0/types";
import { gateProblemResponse } from "./payment_problems.ts";
import { safeMessage } from "../log/error_message.ts";

/** The log the gate writes to (never with a header's value). */
export type PaymentLog = (
  level: "info" | "warn" | "error",
  message: string,
  fields?: Record<string, unknown>,
) => void;

/** Retry-After of a facilitator that is down, slow or broken. */
export const FACILITATOR_RETRY_SECONDS = 5;
/** The 503 of a facilitator that is down or too slow. */
export function unavailable(instance: string, message: string): Response {
  return gateProblemResponse("facilitator-unavailable", message, instance, FACILITATOR_RETRY_SECONDS);
}

/** A facilitator call that failed: no answer in time, no connection, or an answer that is not one. */
export class FacilitatorCallError extends Error {
  override readonly name = "FacilitatorCallError";

  constructor(readonly call: string, override readonly cause: unknown) {
    super(`payment facilitator ${call} failed: ${safeMessage(cause)}`);
  }
}

/**
 * Runs one call to the facilitator. A refusal it answered with (VerifyError, SettleError) passes as it is;
 * anything else the call throws becomes a FacilitatorCallError.
 */
export async function facilitatorCall<T>(call: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof VerifyError || error instanceof SettleError) throw error;
    throw new FacilitatorCallError(call, error);
  }
}

/** The 502/503 for a failed facilitator call: timeout or unreachable → 503, anything else → 502. */
export function facilitatorTrouble(error: FacilitatorCallError, instance: string, log: PaymentLog): Response {
  const { call, cause } = error;
  log("error", `payment facilitator ${call} failed`, { error: safeMessage(cause) });
  if (cause instanceof FacilitatorTimeoutError) {
    return unavailable(
      instance,
      `The payment facilitator did not answer ${call} in time; nothing was charged`,
    );
  }
  if (cause instanceof TypeError) {
    return unavailable(instance, `The payment facilitator cannot be reached; nothing was charged`);
  }
  return gateProblemResponse(
    "facilitator-error",
    `The payment facilitator gave an unusable answer to ${call}; nothing was charged`,
    instance,
    FACILITATOR_RETRY_SECONDS,
  );
}

/**
 * Has the facilitator verify `payload` against `requirements`: its verdict (a refusal is a verdict too), or
 * the 502/503 of a failed call. Any other exception is ours and is thrown.
 */
export async function verifyOrTrouble(
  server: x402ResourceServer,
  payload: PaymentPayload,
  requirements: PaymentRequirements,
  instance: string,
  log: PaymentLog,
): Promise<VerifyResponse | Response> {
  try {
    return await server.verifyPayment(payload, requirements);
  } catch (error) {
    if (error instanceof VerifyError) {
      return {
        isValid: false,
        ...(error.invalidReason === undefined ? {} : { invalidReason: error.invalidReason }),
      };
    }
    if (error instanceof FacilitatorCallError) return facilitatorTrouble(error, instance, log);
    throw error;
  }
}
