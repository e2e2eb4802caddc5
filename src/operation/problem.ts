/**
 * RFC 9457 problem documents (`application/problem+json`) for classify and brick-attributes.
 *
 * Body: `type` (a URI under PROBLEM_BASE, one per error code), `title` (the status's reason phrase),
 * `status`, `detail` (the error's message), `instance` (the request's path and query), and the extension
 * member `error: { code, message, details }` the published interface defines. The problem types are
 * identifiers, not pages to fetch.
 */
import type { ApiError, ErrorCode } from "./api_error.ts";

/** Base URI of the service's problem types. */
export const PROBLEM_BASE = "https://gpc-reference.dev/problems/";

/** Media type of problem documents. */
export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/** The problem type URI of each error code. */
export const PROBLEM_TYPES: Readonly<Record<ErrorCode, string>> = {
  INVALID_PARAMS: `${PROBLEM_BASE}invalid-params`,
  NO_RESULTS: `${PROBLEM_BASE}no-results`,
  ATTRIBUTE_SCHEMA_UNKNOWN: `${PROBLEM_BASE}attribute-schema-unknown`,
  RETAILER_NOT_SERVING_ELIGIBLE: `${PROBLEM_BASE}retailer-not-serving-eligible`,
  NOT_FOUND: `${PROBLEM_BASE}not-found`,
  METHOD_NOT_ALLOWED: `${PROBLEM_BASE}method-not-allowed`,
  RATE_LIMITED: `${PROBLEM_BASE}rate-limited`,
  UNAVAILABLE: `${PROBLEM_BASE}unavailable`,
  STATE_STORE_UNAVAILABLE: `${PROBLEM_BASE}state-store-unavailable`,
  INTERNAL: `${PROBLEM_BASE}internal`,
};

/** Reason phrases of the statuses the service's problems use. */
export const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: "Bad Request",
  402: "Payment Required",
  404: "Not Found",
  405: "Method Not Allowed",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** The JSON text of the problem document for `error` at `instance`. */
export function problemJson(error: ApiError, instance: string): string {
  return JSON.stringify({
    type: PROBLEM_TYPES[error.code],
    title: REASON_PHRASES[error.status] ?? "Error",
    status: error.status,
    detail: error.message,
    instance,
    error: { code: error.code, message: error.message, details: error.details },
  });
}
