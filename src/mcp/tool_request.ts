/**
 * The HTTP request a tool call stands for, so that it runs exactly the pipeline of that request (validation
 * before payment, rate limit, release pinning, payment claims and settlement): GET of the tool's path with its
 * arguments as the query, `release` as the X-GPC-Release header, the payment of `_meta["x402/payment"]` as
 * PAYMENT-SIGNATURE, and the MCP request's X-Request-Id and forwarding headers, so that its client address
 * and request id are the MCP request's.
 *
 * An argument is written as the query text an HTTP client would send: a string as it is, a number or a
 * boolean as JSON writes it. An argument the tool does not take, or a null, an array or an object, is a
 * 400 INVALID_PARAMS before anything runs, like an unknown or repeated query parameter.
 */
import { ApiError } from "../operation/api_error.ts";
import { type McpTool, RELEASE_ARGUMENT } from "../contract/mcp_tools.ts";
import { RELEASE_HEADER } from "../contract/release_header.ts";
import { encodeBase64Json } from "./base64_json.ts";

/** The `_meta` key of a tool call's x402 PaymentPayload. */
export const PAYMENT_META = "x402/payment";

/** The headers of the MCP request the request of a tool call keeps. */
const KEPT_HEADERS = ["x-request-id", "forwarded", "x-forwarded-for"];

/** The 400 of a tool call's arguments. */
function invalid(message: string, argument?: string): ApiError {
  return new ApiError(400, "INVALID_PARAMS", message, {
    issues: [argument === undefined ? { message } : { parameter: argument, message }],
  });
}

/** The query text of one argument's value, or undefined when it is not a string, number or boolean. */
function queryText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return JSON.stringify(value);
  if (typeof value === "boolean") return String(value);
  return undefined;
}

/** The GET request of a call of `tool` with `args` and `meta`, made from the MCP request `outer`. */
export function toolRequest(
  tool: McpTool,
  args: Readonly<Record<string, unknown>> | undefined,
  meta: Readonly<Record<string, unknown>> | undefined,
  outer: Request,
): Request {
  const headers = new Headers();
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(args ?? {})) {
    if (!tool.arguments.has(name)) {
      const accepted = [...tool.arguments].join(", ") || "no argument";
      throw invalid(`unknown argument ${JSON.stringify(name)}; ${tool.definition.name} takes ${accepted}`);
    }
    const text = queryText(value);
    if (text === undefined) {
      const kind = value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;
      throw invalid(`${name} must be a string or a number, not ${kind}`, name);
    }
    if (tool.pinned && name === RELEASE_ARGUMENT) headers.set(RELEASE_HEADER, text);
    else pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
  }
  const payment = meta?.[PAYMENT_META];
  if (payment !== undefined) headers.set("PAYMENT-SIGNATURE", encodeBase64Json(payment));
  for (const name of KEPT_HEADERS) {
    const value = outer.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const origin = outer.url.slice(0, outer.url.indexOf("/", outer.url.indexOf("://") + 3));
  const query = pairs.length === 0 ? "" : `?${pairs.join("&")}`;
  return new Request(`${origin}${tool.path}${query}`, { headers, signal: outer.signal });
}
