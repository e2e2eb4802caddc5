/**
 * Cross-origin access: any origin may call the API from a browser (it is public and takes no cookies), and
 * may read the headers that carry versions, request ids, payment and rate-limit state.
 */
import { ALLOWED_METHODS, MCP_METHODS } from "./router.ts";

/** Headers of every answer to a request that carries an Origin header (every browser request does). */
export const CORS_HEADERS: [string, string][] = [
  ["Access-Control-Allow-Origin", "*"],
  [
    "Access-Control-Expose-Headers",
    "X-GPC-Release, X-Map-Version, X-Request-Id, PAYMENT-REQUIRED, PAYMENT-RESPONSE, RateLimit, " +
    "RateLimit-Policy, Retry-After, ETag",
  ],
];

/** Headers of the answer to a preflight (OPTIONS) request on a known path. */
export const PREFLIGHT_HEADERS: [string, string][] = [
  ["Access-Control-Allow-Methods", "GET, HEAD"],
  [
    "Access-Control-Allow-Headers",
    "PAYMENT-SIGNATURE, Content-Type, X-Request-Id, If-None-Match, X-GPC-Release",
  ],
  ["Access-Control-Max-Age", "86400"],
  ["Allow", ALLOWED_METHODS],
];

/** Headers of the answer to a preflight (OPTIONS) request on the MCP endpoint. */
export const MCP_PREFLIGHT_HEADERS: [string, string][] = [
  ["Access-Control-Allow-Methods", "POST"],
  [
    "Access-Control-Allow-Headers",
    "Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, X-Request-Id",
  ],
  ["Access-Control-Max-Age", "86400"],
  ["Allow", MCP_METHODS],
];
