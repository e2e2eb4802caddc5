/**
 * Answers for a payment facilitator that could not do its part: unreachable or slow → 503, a broken answer
 * → 502, both with Retry-After. Nothing is charged in either case.
 */
import { FacilitatorTimeoutError } from "npm:@x402/core@2.27.0/types";
import { facilitatorProblemResponse } from "./payment_problems.ts";
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
  return facilitatorProblemResponse("facilitator-unavailable", message, instance, FACILITATOR_RETRY_SECONDS);
}

/** The 502/503 for a facilitator call that threw: timeout or unreachable → 503, anything else → 502. */
export function facilitatorTrouble(
  error: unknown,
  call: string,
  instance: string,
  log: PaymentLog,
): Response {
  log("error", `payment facilitator ${call} failed`, { error: safeMessage(error) });
  if (error instanceof FacilitatorTimeoutError) {
    return unavailable(
      instance,
      `The payment facilitator did not answer ${call} in time; nothing was charged`,
    );
  }
  if (error instanceof TypeError) {
    return unavailable(instance, `The payment facilitator cannot be reached; nothing was charged`);
  }
  return facilitatorProblemResponse(
    "facilitator-error",
    `The payment facilitator gave an unusable answer to ${call}; nothing was charged`,
    instance,
    FACILITATOR_RETRY_SECONDS,
  );
}
