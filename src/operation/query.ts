/**
 * Query validation shared by every operation: the query as an object for valibot schemas (a repeated
 * parameter becomes an array of its values, so a schema can refuse it), one 400 INVALID_PARAMS listing every
 * issue, and the message builders that say which parameter or element broke which rule.
 */
import * as v from "npm:valibot@1.5.0";
import { ApiError } from "./api_error.ts";
import type { RequestTarget } from "./request_target.ts";

/** Most elements a list parameter may hold. */
export const MAX_ITEMS = 100;

/**
 * Largest request head (request line and every header) the HTTP server accepts, measured on Deno 2.9.6:
 * a larger one is answered `400` with an empty body before the handler sees it.
 */
export const REQUEST_HEAD_LIMIT_BYTES = 65_536;

/**
 * Most header fields (Host included) a request may carry, measured on Deno 2.9.6: a request with more is
 * answered `400` with an empty body before the handler sees it.
 */
export const REQUEST_HEADER_FIELDS_LIMIT = 128;

/** What the HTTP server answers, before the service sees the request, to a head past either limit. */
export const SERVER_REFUSAL = `a request head over ${REQUEST_HEAD_LIMIT_BYTES} bytes or with more than ` +
  `${REQUEST_HEADER_FIELDS_LIMIT} header fields is refused by the HTTP server itself, before the service sees ` +
  "it: a bare 400 Bad Request with an empty body (no problem document, no X-Request-Id), and the connection " +
  "is closed";

/**
 * Largest request target (path and query as sent, percent-encoded) a paid reference operation accepts. It
 * leaves 16 KiB of the head limit to the request line's other bytes and the headers: about five times a
 * PAYMENT-SIGNATURE of 3 to 4 KB, with Host, User-Agent, X-Request-Id and proxies' Forwarded on top.
 */
export const MAX_REQUEST_TARGET_BYTES = 49_152;

/**
 * Refuses a request whose target is over MAX_REQUEST_TARGET_BYTES with 400 INVALID_PARAMS, before its query
 * is parsed. Costs one string length: the target keeps its path and query percent-encoded, one byte a char.
 */
export function checkRequestTarget(target: RequestTarget): void {
  const bytes = target.instance.length;
  if (bytes <= MAX_REQUEST_TARGET_BYTES) return;
  const message = `the request target (path and query, percent-encoded) has ${bytes} bytes; at most ` +
    `${MAX_REQUEST_TARGET_BYTES} are accepted: send fewer or shorter values`;
  throw new ApiError(400, "INVALID_PARAMS", message, {
    issues: [{ message }],
    request_target_bytes: bytes,
    max_request_target_bytes: MAX_REQUEST_TARGET_BYTES,
  });
}

const NOT_A_DIGIT = /[^0-9]/;

/** Says what is wrong with a list value the pattern rejected: the count, or the first bad element. */
export function listProblem(
  parameter: string,
  rule: string,
  elementProblem: (element: string) => string | undefined,
): (issue: v.BaseIssue<unknown>) => string {
  return (issue) => {
    const elements = String(issue.input).split(",");
    if (elements.length > MAX_ITEMS) {
      return `${parameter} has ${elements.length} elements; at most ${MAX_ITEMS} are allowed`;
    }
    for (const [index, element] of elements.entries()) {
      const problem = element === "" ? "is empty" : elementProblem(element);
      if (problem !== undefined) {
        return `${parameter} element ${index + 1} ${JSON.stringify(element)} ${problem}: expected ${rule}`;
      }
    }
    return `${parameter} is invalid: expected ${rule}`;
  };
}

/** The element problem of a list of digit strings of `min` to `max` digits. */
export function digitsProblem(min: number, max: number): (element: string) => string | undefined {
  return (element) => {
    if (NOT_A_DIGIT.test(element)) return "holds a character other than an ASCII digit";
    return element.length < min || element.length > max ? `has ${element.length} digits` : undefined;
  };
}

/** The message of a parameter that is missing, repeated or not a string. */
export function repeated(parameter: string): (issue: v.BaseIssue<unknown>) => string {
  return (issue) =>
    issue.input === undefined
      ? `${parameter} is required`
      : Array.isArray(issue.input)
      ? `${parameter} is given ${issue.input.length} times; give it once, with comma-separated values`
      : `${parameter} must be a string`;
}

/** strictObject reports a missing required key and an unknown key with the same message function. */
export function unknownParameter(accepted: string): (issue: v.BaseIssue<unknown>) => string {
  return (issue) =>
    issue.input === undefined
      ? `${String(issue.path?.[0]?.key)} is required`
      : `unknown parameter ${JSON.stringify(issue.input)}; this operation accepts ${accepted}`;
}

/** One invalid parameter, as error.details.issues lists it. */
export interface ParamIssue {
  /** The parameter; absent for a rule about several parameters (both or neither of browse_id and q). */
  readonly parameter?: string;
  readonly message: string;
}

/** A query as the schemas read it: each parameter's value, or its values when it is given more than once. */
export type Query = Record<string, string | string[]>;

const ENCODED = /[%+]/;

/**
 * The query of a raw query string (the part after "?"), decoded as URLSearchParams decodes it
 * (application/x-www-form-urlencoded: `&` between pairs, `+` for a space, UTF-8 percent-escapes). A string
 * with an escape that is not valid UTF-8 goes through URLSearchParams itself, so every query decodes the
 * same either way.
 */
export function parseRawQuery(raw: string): Query {
  const query: Query = Object.create(null);
  if (raw === "") return query;
  const encoded = ENCODED.test(raw);
  for (const pair of raw.split("&")) {
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    let name = eq < 0 ? pair : pair.slice(0, eq);
    let value = eq < 0 ? "" : pair.slice(eq + 1);
    if (encoded) {
      try {
        name = decodeURIComponent(name.replaceAll("+", " "));
        value = decodeURIComponent(value.replaceAll("+", " "));
      } catch {
        return queryObject(new URLSearchParams(raw));
      }
    }
    add(query, name, value);
  }
  return query;
}

/** The query of URLSearchParams, as parseRawQuery gives it. */
export function queryObject(search: URLSearchParams): Query {
  const query: Query = Object.create(null);
  for (const [name, value] of search) add(query, name, value);
  return query;
}

function add(query: Query, name: string, value: string): void {
  const seen = query[name];
  if (seen === undefined) query[name] = value;
  else if (Array.isArray(seen)) seen.push(value);
  else query[name] = [seen, value];
}

/**
 * Validates a query against `schema`; throws ApiError 400 INVALID_PARAMS listing every issue. `fast`, when
 * given, recognises the common valid queries cheaply (it must accept only queries the schema accepts, with the
 * same output); anything it does not recognise goes to the schema, so the answers and messages are the
 * schema's.
 */
export function parseQuery<const S extends v.GenericSchema>(
  schema: S,
  query: Query,
  fast?: (query: Query) => v.InferOutput<S> | undefined,
): v.InferOutput<S> {
  const quick = fast?.(query);
  if (quick !== undefined) return quick;
  const result = v.safeParse(schema, query);
  if (result.success) return result.output;
  const issues: ParamIssue[] = result.issues.map((issue) => {
    const key = issue.path?.[0]?.key;
    return typeof key === "string" ? { parameter: key, message: issue.message } : { message: issue.message };
  });
  throw new ApiError(400, "INVALID_PARAMS", issues.map((issue) => issue.message).join("; "), { issues });
}

/** The only value of the only parameter of `query` when it is `name`; undefined otherwise. */
export function soleParameter(query: Query, name: string): string | undefined {
  let value: string | string[] | undefined;
  for (const key in query) {
    if (key !== name || value !== undefined) return undefined;
    value = query[key];
  }
  return typeof value === "string" ? value : undefined;
}
