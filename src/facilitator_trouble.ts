/**
 * Answers for a payment facilitator that could not do its part: unreachable or slow → 503, a broken answer
 * → 502, both with Retry-After. Nothing is charged in either case.
 */
import { FacilitatorTimeoutError } from "npm:@x402/core@2.27.0/types";
import { facilitatorProblemResponse } from "./payment_problems.ts";

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
/** The message of a thrown value. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A thrown value's class and message for the log, with long base64 or hex runs (a signature, an encoded
 * payload a facilitator echoed back) replaced: payment credentials never reach the log.
 */
export function safeMessage(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/[A-Za-z0-9+/=_-]{40,}/g, "[redacted]").slice(0, 300);
}
