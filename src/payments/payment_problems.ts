/**
 * The answers of the payment gate that are not the work: 402 problem documents in the MPP vocabulary,
 * 502/503 problems when the facilitator cannot be reached or settlement has no outcome yet, and 409 problems
 * for a payment identifier met again with a call it cannot answer.
 *
 * A 402 body is `application/problem+json` with `type` https://paymentauth.org/problems/<name>, title
 * "Payment Required", status 402, `detail` (what went wrong and what the call costs), `instance` and the
 * service's `error: { code, message, details }`; every 402 carries a fresh challenge in PAYMENT-REQUIRED
 * (base64 of the x402 v2 PaymentRequired) so an agent can pay again at once. The body never carries the
 * x402 v1 members `x402Version`/`accepts`: v2 clients read the header. None of these answers may be cached.
 */
import { PROBLEM_BASE, PROBLEM_CONTENT_TYPE } from "../operation/problem.ts";
import type { GateAnswer } from "./payment_gate.ts";

/** Base URI of the MPP payment problem types. */
export const PAYMENT_PROBLEM_BASE = "https://paymentauth.org/problems/";

/** The problems a 402 answers: the MPP problem names, and a credential made out for another resource. */
export type PaymentProblemName =
  | "payment-required"
  | "malformed-credential"
  | "verification-failed"
  | "payment-expired"
  | "invalid-challenge"
  | "payment-insufficient"
  | "resource-mismatch";

/** `error.code` of each 402 problem. */
export const PAYMENT_ERROR_CODES: Readonly<Record<PaymentProblemName, string>> = {
  "payment-required": "PAYMENT_REQUIRED",
  "malformed-credential": "PAYMENT_MALFORMED",
  "verification-failed": "PAYMENT_VERIFICATION_FAILED",
  "payment-expired": "PAYMENT_EXPIRED",
  "invalid-challenge": "PAYMENT_REPLAYED",
  "payment-insufficient": "PAYMENT_INSUFFICIENT",
  "resource-mismatch": "PAYMENT_RESOURCE_MISMATCH",
};

/**
 * The MPP problem type (under PAYMENT_PROBLEM_BASE) of each 402 problem: its own name, except a credential
 * made out for another resource, which answers another request's challenge (invalid-challenge).
 */
export const PAYMENT_PROBLEM_NAMES: Readonly<Record<PaymentProblemName, string>> = {
  "payment-required": "payment-required",
  "malformed-credential": "malformed-credential",
  "verification-failed": "verification-failed",
  "payment-expired": "payment-expired",
  "invalid-challenge": "invalid-challenge",
  "payment-insufficient": "payment-insufficient",
  "resource-mismatch": "invalid-challenge",
};

/** Why the gate could not finish with the facilitator: 503 unavailable or pending, 502 a bad answer. */
export type FacilitatorTroubleName = "facilitator-unavailable" | "facilitator-error" | "settlement-pending";

/** Status and `error.code` of each facilitator trouble; its type is PROBLEM_BASE + its name. */
export const FACILITATOR_TROUBLE: Readonly<Record<FacilitatorTroubleName, { status: number; code: string }>> =
  {
    "facilitator-unavailable": { status: 503, code: "PAYMENT_FACILITATOR_UNAVAILABLE" },
    "facilitator-error": { status: 502, code: "PAYMENT_FACILITATOR_ERROR" },
    "settlement-pending": { status: 503, code: "PAYMENT_SETTLEMENT_PENDING" },
  };

/** A payment identifier met again with a call it cannot answer (kept_answers.ts): free 409s. */
export type PaymentIdConflictName = "payment-id-reused" | "payment-id-in-use";

/** Status and `error.code` of each payment identifier conflict; its type is PROBLEM_BASE + its name. */
export const PAYMENT_ID_CONFLICTS: Readonly<Record<PaymentIdConflictName, { status: number; code: string }>> =
  {
    "payment-id-reused": { status: 409, code: "PAYMENT_ID_REUSED" },
    "payment-id-in-use": { status: 409, code: "PAYMENT_ID_IN_USE" },
  };

/** The gate's answers that are neither a 402 nor the work: facilitator trouble and id conflicts. */
export type GateProblemName = FacilitatorTroubleName | PaymentIdConflictName;

const GATE_PROBLEMS: Readonly<Record<GateProblemName, { status: number; code: string }>> = {
  ...FACILITATOR_TROUBLE,
  ...PAYMENT_ID_CONFLICTS,
};

/** The problem type URI of every `error.code` the payment gate answers with (402, 409, 502, 503). */
export const PAYMENT_PROBLEM_TYPES: Readonly<Record<string, string>> = Object.freeze({
  ...Object.fromEntries(
    Object.entries(PAYMENT_ERROR_CODES).map(([name, code]) => [
      code,
      PAYMENT_PROBLEM_BASE + PAYMENT_PROBLEM_NAMES[name as PaymentProblemName],
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(GATE_PROBLEMS).map(([name, { code }]) => [code, PROBLEM_BASE + name]),
  ),
});

const REASONS: Readonly<Record<number, string>> = {
  402: "Payment Required",
  409: "Conflict",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

/** A payment problem as data: which one, what happened, and free-form details (snake_case keys). */
export interface PaymentProblem {
  readonly name: PaymentProblemName;
  readonly message: string;
  readonly details: Readonly<Record<string, unknown>>;
}

/** What every 402 of one request shares. */
export interface ChallengeContext {
  /** The request's path and query. */
  readonly instance: string;
  /** The price sentence, e.g. "GET /v1/reference/classify costs 0.001 USDC per call". */
  readonly price: string;
  /** The encoded PaymentRequired (the PAYMENT-REQUIRED header). */
  readonly challenge: string;
  /** Price facts for error.details. */
  readonly priceDetails: Readonly<Record<string, unknown>>;
}

/** The 402 answer for `problem`: problem+json body, fresh challenge, no-store. */
export function paymentProblemResponse(problem: PaymentProblem, context: ChallengeContext): Response {
  const { status, body, headers } = paymentProblemAnswer(problem, context);
  return new Response(body, { status, headers });
}

/** The 402 answer for `problem` as data (status, body, headers), for the handler to send. */
export function paymentProblemAnswer(problem: PaymentProblem, context: ChallengeContext): GateAnswer {
  const detail = problem.name === "payment-required" ? context.price : `${problem.message}. ${context.price}`;
  const body = {
    type: PAYMENT_PROBLEM_BASE + PAYMENT_PROBLEM_NAMES[problem.name],
    title: REASONS[402],
    status: 402,
    detail,
    instance: context.instance,
    error: {
      code: PAYMENT_ERROR_CODES[problem.name],
      message: problem.message,
      details: { ...context.priceDetails, ...problem.details },
    },
  };
  return {
    status: 402,
    body: JSON.stringify(body),
    headers: [
      ["Content-Type", PROBLEM_CONTENT_TYPE],
      ["PAYMENT-REQUIRED", context.challenge],
      ["Cache-Control", "no-store"],
    ],
  };
}

/**
 * The 409/502/503 answer of `name`: a facilitator that failed us, or a payment identifier met again;
 * `retryAfterSeconds`, when given, goes into Retry-After and error.details.
 */
export function gateProblemResponse(
  name: GateProblemName,
  message: string,
  instance: string,
  retryAfterSeconds: number | undefined,
  details: Readonly<Record<string, unknown>> = {},
): Response {
  const { status, code } = GATE_PROBLEMS[name];
  const retry = retryAfterSeconds === undefined ? {} : { retry_after_seconds: retryAfterSeconds };
  const body = {
    type: PROBLEM_BASE + name,
    title: REASONS[status],
    status,
    detail: message,
    instance,
    error: { code, message, details: { ...retry, ...details } },
  };
  const headers: Record<string, string> = {
    "Content-Type": PROBLEM_CONTENT_TYPE,
    "Cache-Control": "no-store",
  };
  if (retryAfterSeconds !== undefined) headers["Retry-After"] = String(retryAfterSeconds);
  return new Response(JSON.stringify(body), { status, headers });
}

/** The problem a facilitator's invalid or failure reason (x402 exact/EVM vocabulary) stands for. */
export function problemOfReason(reason: string | undefined): PaymentProblemName {
  if (reason === undefined) return "verification-failed";
  if (/valid_before|deadline_expired|payment_expired/.test(reason)) return "payment-expired";
  if (/insufficient_balance|insufficient_funds/.test(reason)) return "payment-insufficient";
  if (/nonce_already_used|invalid_nonce/.test(reason)) return "invalid-challenge";
  return "verification-failed";
}
