/**
 * The result of a tool call, from the answer of the request it ran (the x402 MCP transport for payments):
 *
 * - 200: structuredContent is the body (also as JSON text), and `_meta["x402/payment-response"]` the
 *   SettlementResponse of PAYMENT-RESPONSE when the call was paid;
 * - 402: isError, structuredContent the x402 PaymentRequired of PAYMENT-REQUIRED (also as JSON text, first),
 *   then the problem document saying what is wrong as a second text; after work whose settlement failed this
 *   is all the call gets, never the answer;
 * - any other status: isError, structuredContent the problem document (stats: its error body), as text too.
 *
 * `_meta["gpc-reference.dev/headers"]` carries the answer's headers an HTTP client would read: the release
 * and map version it is pinned to, the catalog's freshness, the request id, and the rate limit.
 */
// @ts-types="npm:@modelcontextprotocol/sdk@1.32.2/types"
import type { CallToolResult } from "npm:@modelcontextprotocol/sdk@1.32.2/types.js";
import { decodeBase64Json } from "./base64_json.ts";

/** The `_meta` key of a paid result's x402 SettlementResponse. */
export const PAYMENT_RESPONSE_META = "x402/payment-response";

/** The `_meta` key of the answer's headers. */
export const HEADERS_META = "gpc-reference.dev/headers";

const SHOWN_HEADERS = [
  "X-GPC-Release",
  "X-Map-Version",
  "X-Data-Freshness-Hours",
  "X-Request-Id",
  "Retry-After",
  "RateLimit",
  "RateLimit-Policy",
];

function shownHeaders(headers: Headers): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const name of SHOWN_HEADERS) {
    const value = headers.get(name);
    if (value !== null) shown[name] = value;
  }
  return shown;
}

/** The tool result of `response`, the answer of a tool call's request. */
export async function toolResult(response: Response): Promise<CallToolResult> {
  const text = await response.text();
  const meta: Record<string, unknown> = { [HEADERS_META]: shownHeaders(response.headers) };
  const required = response.status === 402 ? response.headers.get("PAYMENT-REQUIRED") : null;
  if (required !== null) {
    const paymentRequired = decodeBase64Json(required) as Record<string, unknown>;
    return {
      isError: true,
      structuredContent: paymentRequired,
      content: [{ type: "text", text: JSON.stringify(paymentRequired) }, { type: "text", text }],
      _meta: meta,
    };
  }
  const body = JSON.parse(text) as Record<string, unknown>;
  if (response.status !== 200) {
    return { isError: true, structuredContent: body, content: [{ type: "text", text }], _meta: meta };
  }
  const settlement = response.headers.get("PAYMENT-RESPONSE");
  if (settlement !== null) meta[PAYMENT_RESPONSE_META] = decodeBase64Json(settlement);
  return { structuredContent: body, content: [{ type: "text", text }], _meta: meta };
}
