/**
 * An answer before it is a Response: status, body and its own headers. The handler adds the headers every
 * answer of a route carries (versions, freshness, CORS, request id, rate limit) and builds the Response once,
 * with every header in one list: a header set on a built Response costs a second validation and a copy.
 *
 * An answer given to many requests as the same object (`shared`: a kept 402, the stats body, a one-item
 * answer's kept body) is built into a Response once, with the headers that do not change from request to
 * request (its own, the release's, no-store); each request's Response is a copy of that one, with only its
 * own headers (freshness, CORS, request id, rate limit) added. Deno validates every header value character
 * by character when a Response is made from a list, and a 402's PAYMENT-REQUIRED value is kilobytes long; a
 * copy takes the list as it is, and shares the body.
 */
import type { ApiError } from "../operation/api_error.ts";
import type { KeptBody } from "../operation/kept_body.ts";
import { FifoMap } from "../format/fifo_map.ts";
import { PROBLEM_CONTENT_TYPE, problemJson } from "../operation/problem.ts";
import type { Route } from "./router.ts";
import { statsErrorJson } from "./stats_error.ts";

/** Header name and value pairs, in the order sent. */
export type Pairs = [string, string][];

/** An answer the handler still adds its headers to. */
export interface Answer {
  readonly status: number;
  readonly body: string | Uint8Array<ArrayBuffer> | null;
  readonly headers: Pairs;
  /** Given to many requests as this same object, never changed: its Response is built once and copied. */
  readonly shared?: boolean;
}

/** Content-Type of JSON answers. */
export const JSON_TYPE = "application/json";
/** Paid answers are sold per call: no cache may keep one for another caller (see the README's caching notes). */
export const NO_STORE: [string, string] = ["Cache-Control", "no-store"];
/** Stats and the retailer list change only with the dist. */
export const STATS_CACHE: [string, string] = ["Cache-Control", "public, max-age=60"];
/** Shared caches keep stats and the OpenAPI document, whose CORS headers depend on the request's Origin. */
export const VARY_ORIGIN: [string, string] = ["Vary", "Origin"];
/** The OpenAPI document changes only with a deployment. */
export const DOCS_CACHE: [string, string] = ["Cache-Control", "public, max-age=300"];

const JSON_HEADERS: Pairs = [["Content-Type", JSON_TYPE], NO_STORE];

/** A paid operation's 200 JSON answer, which no cache may keep (the handler adds the route's headers). */
export function jsonAnswer(body: string | Uint8Array<ArrayBuffer>): Answer {
  return { status: 200, body, headers: JSON_HEADERS };
}

const keptAnswers = new WeakMap<KeptBody, Answer>();

/** The 200 JSON answer of a kept one-item body: one shared answer per kept body, for as long as it is kept. */
export function keptAnswer(kept: KeptBody): Answer {
  let answer = keptAnswers.get(kept);
  if (answer === undefined) {
    answer = { status: 200, body: kept.text, headers: JSON_HEADERS, shared: true };
    keptAnswers.set(kept, answer);
  }
  return answer;
}

/** The answer of `error` on `route` (a problem document, or the stats endpoint's plain error body). */
export function errorAnswer(error: ApiError, route: Route | undefined, instance: string): Answer {
  const plain = route?.errors === "plain";
  const headers: Pairs = [["Content-Type", plain ? JSON_TYPE : PROBLEM_CONTENT_TYPE], NO_STORE];
  for (const pair of error.headers) headers.push(pair);
  const body = plain ? statsErrorJson(error) : problemJson(error, instance);
  return { status: error.status, body, headers };
}

/** The Response of `answer` with `added` after its own headers. */
export function responseOf(answer: Answer, added: readonly [string, string][]): Response {
  const headers = added.length === 0 ? answer.headers : answer.headers.concat(added);
  return new Response(answer.body, { status: answer.status, headers });
}

/** A shared answer's Response with its fixed headers, and what they were made from. */
interface Template {
  readonly release: readonly [string, string][];
  readonly noStore: boolean;
  readonly response: Response;
}

/**
 * Shared answers whose Response is kept, at most (the oldest goes first; its next request makes it again):
 * about 1 KB each besides the body, so one-item answers kept by the thousand do not double their memory.
 */
export const TEMPLATES_KEPT = 16_384;
const templates = new FifoMap<Answer, Template>(TEMPLATES_KEPT);

/** A copy of `template` (a Response never sent itself: `sharedTemplate`'s) with `added` after its headers. */
export function copyWith(template: Response, added: readonly [string, string][]): Response {
  const response = template.clone();
  if (added.length > 0) {
    const headers = response.headers;
    for (const [name, value] of added) headers.append(name, value);
  }
  return response;
}

/**
 * The Response made once of a shared `answer` with `release` and, when `noStore`, NO_STORE after its own
 * headers, to be copied and never sent itself: made again when a request brings another release, or once it
 * is no longer kept. Its copy with `added` (`copyWith`) has the same headers, in the same order, as
 * `responseOf(answer, [...release, NO_STORE?, ...added])`.
 */
export function sharedTemplate(
  answer: Answer,
  release: readonly [string, string][],
  noStore: boolean,
): Response {
  let template = templates.get(answer);
  if (template === undefined || template.release !== release || template.noStore !== noStore) {
    const fixed = noStore ? [...release, NO_STORE] : release;
    template = { release, noStore, response: unregistered(responseOf(answer, fixed)) };
    templates.set(answer, template);
  }
  return template.response;
}

/**
 * `response`, to be kept and copied but never served itself, let go by Deno's registry of native responses:
 * a Response made from a header list is registered (a FinalizationRegistry entry) until Deno.serve sends it
 * or the Response is collected, and reading its `headers` ends that. A template is never sent, so every kept
 * template stayed registered. With the 1,342 one-item answers of the bench's classify pool kept, best-price
 * requests grew the old generation by 97–99 bytes each (2 with the templates let go), which brought
 * mark-compacts under load (docs/performance.md, "The catalog rows' tail"; how V8 spends those bytes was not
 * traced). Copies are made from the header list as before.
 */
export function unregistered(response: Response): Response {
  void response.headers;
  return response;
}

/** Adds headers to a built Response (the gate's and the docs page's); immutable headers are copied first. */
export function withHeaders(response: Response, pairs: Pairs): Response {
  try {
    for (const [name, value] of pairs) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [name, value] of pairs) copy.headers.set(name, value);
    return copy;
  }
}

/** The HEAD answer: the GET answer's status and headers, with its Content-Length and without its body. */
export async function headOf(response: Response): Promise<Response> {
  if (response.body === null) return response;
  const length = (await response.arrayBuffer()).byteLength;
  const headers = new Headers(response.headers);
  headers.set("Content-Length", String(length));
  return new Response(null, { status: response.status, headers });
}
