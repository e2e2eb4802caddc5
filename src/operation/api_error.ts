/**
 * The typed error every handler step throws for an answer that is not a success. One boundary (handler.ts)
 * renders it: as an RFC 9457 problem document for classify and brick-attributes (problem.ts), as a bare
 * `{ "error": … }` object for the stats endpoint (stats_error.ts).
 */

/** The error codes the service answers with (402 codes belong to the payment gate). */
export type ErrorCode =
  | "INVALID_PARAMS"
  | "NO_RESULTS"
  | "ATTRIBUTE_SCHEMA_UNKNOWN"
  | "RETAILER_NOT_SERVING_ELIGIBLE"
  | "NOT_FOUND"
  | "METHOD_NOT_ALLOWED"
  | "RATE_LIMITED"
  | "UNAVAILABLE"
  | "STATE_STORE_UNAVAILABLE"
  | "INTERNAL";

/**
 * A non-success answer as data: status, code, a human message and free-form details.
 *
 * Deliberately not an `Error`: it is an expected answer, not a fault, and constructing an Error costs
 * about 8 µs here (stack capture), a third of the time of a 400: floods of bad requests must stay cheap.
 * Faults remain Errors and become 500s.
 */
export class ApiError {
  readonly name = "ApiError";

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
    /** Extra response headers (Allow, Retry-After, RateLimit…). */
    readonly headers: [string, string][] = [],
  ) {}
}

/** The 500 every unexpected failure becomes: it says nothing about the cause. */
export function internalError(): ApiError {
  return new ApiError(
    500,
    "INTERNAL",
    "The server failed to answer this request; quote X-Request-Id to report it",
  );
}

/** Retry-After of a state store that does not answer: its client tries to reconnect at least this often. */
export const STATE_STORE_RETRY_SECONDS = 2;

/** The 503 of a paid request the shared state store could not serve: nothing was charged. */
export function stateStoreUnavailable(): ApiError {
  return new ApiError(
    503,
    "STATE_STORE_UNAVAILABLE",
    "The service's shared state cannot be reached, so no payment can be taken; nothing was charged. " +
      `Try again in ${STATE_STORE_RETRY_SECONDS} s`,
    {},
    [["Retry-After", String(STATE_STORE_RETRY_SECONDS)]],
  );
}
