/**
 * The stats endpoint's error body: an object with the single member `error: { code, message, details }`
 * (never a problem document), served as `application/json`.
 */
import type { ApiError } from "../operation/api_error.ts";

/** The JSON text of the stats endpoint's error body for `error`. */
export function statsErrorJson(error: ApiError): string {
  return JSON.stringify({ error: { code: error.code, message: error.message, details: error.details } });
}
