/**
 * The typed error every handler step throws for an answer that is not a success. One boundary (handler.ts)
 * renders it: as an RFC 9457 problem document for classify and brick-attributes (problem.ts), as a bare
 * `{ "error": … }` object for the stats endpoint (stats_error.ts).
 */

/** The error codes the service answers with (402 codes belong to the payment gate). */
export type ErrorCode =
  | "INVALID_PARAMS"
  | "NO_RESULTS"
  | "NOT_FOUND"
  | "METHOD_NOT_ALLOWED"
  | "RATE_LIMITED"
  | "UNAVAILABLE"
  | "INTERNAL";

/** A non-success answer as data: status, code, a human message and free-form details. */
export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
    /** Extra response headers (Allow, Retry-After, RateLimit…). */
    readonly headers: [string, string][] = [],
  ) {
    super(message);
  }
}

/** The 500 every unexpected failure becomes: it says nothing about the cause. */
export function internalError(): ApiError {
  return new ApiError(
    500,
    "INTERNAL",
    "The server failed to answer this request; quote X-Request-Id to report it",
  );
}
