/**
 * The service as one function `(Request, { remoteAddr }) → Response`, so tests call it without a socket.
 *
 * Order per request: route (404 unknown path, 405 other methods, 204 CORS preflight) → rate limit (429,
 * first so that floods cost one bucket update) → store health (503) → validate (400) → unservable (404) →
 * payment gate (402 or admitted) → lookups → JSON → settle. One boundary turns every error into the
 * route's error body; an unexpected error is logged with the request id and answered 500 INTERNAL, and
 * if the gate had admitted a payment the payment is abandoned, never settled. A state store that fails is
 * a 503 STATE_STORE_UNAVAILABLE for paid requests only (rate_limit.ts says why free ones fail open).
 */
import { ApiError, internalError, stateStoreUnavailable } from "../operation/api_error.ts";
import { checkRequestTarget } from "../operation/query.ts";
import { prepareBrickAttributes } from "../reference/brick_attributes.ts";
import { prepareClassify } from "../reference/classify.ts";
import { clientAddress } from "./client_address.ts";
import type { Config } from "../config.ts";
import { CORS_HEADERS, PREFLIGHT_HEADERS } from "./cors.ts";
import { matchesIfNoneMatch, strongEtag } from "./etag.ts";
import { openApiJson } from "./openapi.ts";
import { docsResponse } from "./docs_page.ts";
import type { PaidWork } from "../operation/paid_work.ts";
import type { PaymentGate } from "../payments/payment_gate.ts";
import type { PaymentDescription } from "../payments/payment_setup.ts";
import { PROBLEM_CONTENT_TYPE, problemJson } from "../operation/problem.ts";
import { createRateLimiter, type RateLimiter, unlimited } from "./rate_limit.ts";
import type { ReferenceStore, StoreProblem } from "../store/reference_store.ts";
import { requestIdOf } from "./request_id.ts";
import type { Log } from "../log/request_log.ts";
import { ALLOWED_METHODS, DOCS_PATH, type Route, routeOf } from "./router.ts";
import { type StateStore, StateStoreError } from "../state/state_store.ts";
import { createReadiness, type ReadinessBody } from "./readiness.ts";
import { storeTroubleLog } from "./store_trouble.ts";
import { createStatsAnswer } from "../catalog/stats.ts";
import { CATALOG_SERVED } from "../catalog/catalog_operations.ts";
import { retailersAnswer } from "../catalog/retailers.ts";
import { freshnessHeader } from "../catalog/catalog_meta.ts";
import { statsErrorJson } from "./stats_error.ts";
import { type ChosenRelease, RELEASE_HEADER, releaseTable } from "./release_choice.ts"; // h11

/** What the handler is built from. */
export interface HandlerDeps {
  readonly config: Config;
  /**
   * The compiled data (a dist: each of its releases, release_choice.ts); `healthy()`, when present, false
   * means a shard failed a check (503); `problem()`, when present, tells /healthz why it answers 503.
   */
  readonly store: ReferenceStore & { healthy?(): boolean; problem?(): StoreProblem | undefined };
  readonly gate: PaymentGate;
  /** What the gate charges, for the OpenAPI document; absent when payments are off. */
  readonly payment?: PaymentDescription;
  /** Shared mutable state (rate-limit buckets). */
  readonly state: StateStore;
  /** The readiness check of GET /readyz; absent: the dist is taken as verified and nothing else is asked. */
  readonly readiness?: () => Promise<ReadinessBody>;
  readonly log: Log;
  /** Clock for rate limiting, in ms. */
  readonly now?: () => number;
}

/** Connection facts the server passes along. */
export interface ClientInfo {
  readonly remoteAddr: string;
}

/** The request handler. */
export type Handler = (request: Request, info?: ClientInfo) => Promise<Response>;

type Pairs = [string, string][];

const JSON_TYPE = "application/json";
// Paid answers are sold per call: no cache may keep one for another caller (see the README's caching notes).
const NO_STORE: [string, string] = ["Cache-Control", "no-store"];
const STATS_CACHE: [string, string] = ["Cache-Control", "public, max-age=60"];
// Shared caches keep stats and the OpenAPI document, whose CORS headers depend on the request's Origin.
const VARY_ORIGIN: [string, string] = ["Vary", "Origin"];
const DOCS_CACHE: [string, string] = ["Cache-Control", "public, max-age=300"];

/** Builds the handler. */
export function createHandler(deps: HandlerDeps): Handler {
  const { config, store, gate, log } = deps;
  const now = deps.now ?? Date.now;
  const storeTrouble = storeTroubleLog(log, now);
  const limiter: RateLimiter = config.rateLimit === null
    ? unlimited
    : createRateLimiter(config.rateLimit, deps.state, now, (e) => storeTrouble(e, "rate limit not counted"));
  const readiness = deps.readiness ?? createReadiness({ store, verification: () => "verified" });
  const releases = releaseTable(store, [NO_STORE], strongEtag); // h11: per release: its store, its headers
  const paidOkHeaders: Pairs = [["Content-Type", JSON_TYPE]];
  const statsAnswer = createStatsAnswer(store, strongEtag);
  let openapi: string | undefined;
  const unhealthy = () => store.healthy?.() === false;

  async function paid(request: Request, work: PaidWork): Promise<Response> {
    // A HEAD answer has no body, so it must never spend a payment: it is asked for payment like a GET that
    // brings none, and shows the challenge's headers.
    const asked = request.method === "HEAD" ? new Request(request.url, { method: "HEAD" }) : request;
    const admission = await gate.admit(asked, work.operation);
    if (admission.kind === "respond") return admission.response;
    let response: Response;
    try {
      response = new Response(work.run(), { status: 200, headers: paidOkHeaders });
    } catch (error) {
      if (admission.kind === "paid") await admission.abandon();
      throw error;
    }
    return admission.kind === "paid" ? await admission.settle(response) : response;
  }

  async function serve(request: Request, url: URL, route: Route, release: ChosenRelease): Promise<Response> {
    switch (route.endpoint) {
      case "classify":
      case "brickAttributes": {
        if (unhealthy()) throw unavailable();
        checkRequestTarget(url);
        const prepare = route.endpoint === "classify" ? prepareClassify : prepareBrickAttributes;
        return await paid(request, prepare(url.searchParams, release.store));
      }
      case "catalog": {
        if (unhealthy()) throw unavailable();
        const prepare = CATALOG_SERVED[route.operation!]?.prepare;
        if (prepare === undefined) {
          throw new ApiError(404, "NOT_FOUND", `no operation at ${url.pathname}`, { path: url.pathname });
        }
        return await paid(request, prepare(url.searchParams, store, now));
      }
      case "retailers": {
        if (unhealthy()) throw unavailable();
        return new Response(retailersAnswer(url.searchParams, store), {
          status: 200,
          headers: [["Content-Type", JSON_TYPE], STATS_CACHE, VARY_ORIGIN],
        });
      }
      case "releases": // h11
      case "stats": {
        if (unhealthy()) throw unavailable();
        const answer = route.endpoint === "stats" ? statsAnswer : releases.answer;
        const { json, etag } = await answer(url.searchParams);
        const headers: Pairs = [["ETag", etag], STATS_CACHE, VARY_ORIGIN];
        if (matchesIfNoneMatch(request.headers.get("if-none-match"), etag)) {
          return new Response(null, { status: 304, headers });
        }
        return new Response(json, { status: 200, headers: [["Content-Type", JSON_TYPE], ...headers] });
      }
      case "health": {
        const problem = store.problem?.() ?? (unhealthy() ? "damaged" : undefined);
        const body = JSON.stringify(
          problem === undefined
            ? { status: "ok", ...store.versions }
            : { status: "unavailable", ...store.versions, reason: HEALTH_REASONS[problem] },
        );
        return new Response(body, {
          status: problem === undefined ? 200 : 503,
          headers: [["Content-Type", JSON_TYPE], NO_STORE],
        });
      }
      case "ready": {
        const body = await readiness();
        return new Response(JSON.stringify(body), {
          status: body.status === "ready" ? 200 : 503,
          headers: [["Content-Type", JSON_TYPE], NO_STORE],
        });
      }
      case "openapi": {
        openapi ??= openApiJson(config, deps.payment);
        return new Response(openapi, {
          status: 200,
          headers: [["Content-Type", JSON_TYPE], DOCS_CACHE, VARY_ORIGIN],
        });
      }
      case "docs":
        return await docsResponse(url.pathname.slice(DOCS_PATH.length + 1) || undefined, request);
    }
  }

  // A damaged country record must not turn an answer (an error answer included) into a crash.
  function freshnessOf(search: URLSearchParams): string | undefined {
    try {
      return freshnessHeader(search, store, now());
    } catch {
      return undefined;
    }
  }

  function errorResponse(error: ApiError, route: Route | undefined, url: URL): Response {
    const plain = route?.errors === "plain";
    const headers: Pairs = [
      ["Content-Type", plain ? JSON_TYPE : PROBLEM_CONTENT_TYPE],
      NO_STORE,
      ...error.headers,
    ];
    const body = plain ? statsErrorJson(error) : problemJson(error, url.pathname + url.search);
    return new Response(body, { status: error.status, headers });
  }

  return async function handle(request, info) {
    const started = performance.now();
    const requestId = requestIdOf(request);
    const url = new URL(request.url);
    const route = routeOf(url.pathname);
    const client = clientAddress(request, info?.remoteAddr ?? "unknown", config.trustProxyHops);
    let extra: Pairs = [];
    let release = releases.fallback; // h11: the default until a versioned request names another
    let response: Response;
    try {
      if (route === undefined) {
        throw new ApiError(404, "NOT_FOUND", `no operation at ${url.pathname}`, { path: url.pathname });
      }
      if (request.method === "OPTIONS") {
        response = new Response(null, { status: 204, headers: PREFLIGHT_HEADERS });
      } else if (request.method !== "GET" && request.method !== "HEAD") {
        throw new ApiError(
          405,
          "METHOD_NOT_ALLOWED",
          `${request.method} is not allowed on ${url.pathname}; use GET or HEAD`,
          { method: request.method, allowed: ALLOWED_METHODS.split(", ") },
          [["Allow", ALLOWED_METHODS]],
        );
      } else {
        // A paid request with payments on needs the store for its claim: it cannot fail open.
        if (route.rateLimited) extra = await limiter.admit(client, route.paid && config.payments === "on");
        if (route.versioned && !unhealthy()) release = releases.pick(request.headers.get(RELEASE_HEADER));
        response = await serve(request, url, route, release);
      }
    } catch (caught) {
      let error: ApiError;
      if (caught instanceof ApiError) error = caught;
      else if (caught instanceof StateStoreError) {
        // Only payments reach the store past the rate limiter: nothing was settled (x402_settlement.ts).
        storeTrouble(caught, "paid request refused");
        error = stateStoreUnavailable();
      } else {
        log.write("error", { request_id: requestId, message: String(caught), stack: stackOf(caught) });
        // A shard that failed a check during this request answers like one found failed before it.
        error = unhealthy() ? unavailable() : internalError();
      }
      response = errorResponse(error, route, url);
    }
    // All added headers in one pass: each header costs a validation of its value.
    const added: Pairs = route?.versioned === true ? [...release.headers] : [];
    if (route?.freshness === true) {
      // Catalog answers are sold per call, like the reference ones.
      added.push(NO_STORE);
      const hours = freshnessOf(url.searchParams);
      if (hours !== undefined) added.push(["X-Data-Freshness-Hours", hours]);
    }
    // CORS matters only to browsers, which always send Origin; agents calling server to server do not.
    if (request.headers.has("origin")) added.push(...CORS_HEADERS);
    added.push(["X-Request-Id", requestId], ...extra);
    response = withHeaders(response, added);
    if (request.method === "HEAD") response = await headOf(response);
    log.request({
      request_id: requestId,
      method: request.method,
      path: url.pathname,
      status: response.status,
      duration_ms: Math.round((performance.now() - started) * 1000) / 1000,
      client,
    });
    return response;
  };
}

// Public: they say what an operator does, never a path.
const HEALTH_REASONS: Readonly<Record<StoreProblem, string>> = {
  damaged: "the compiled data failed an integrity check",
  removed: "the build being served was removed from disk: restart the server to serve the current build",
};

function unavailable(): ApiError {
  return new ApiError(
    503,
    "UNAVAILABLE",
    "the compiled data failed an integrity check; the service is not answering",
  );
}

function stackOf(error: unknown): string | undefined {
  return error instanceof Error ? error.stack : undefined;
}

/** Sets headers on a response; a response with immutable headers (e.g. from fetch) is copied first. */
function withHeaders(response: Response, pairs: Pairs): Response {
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
async function headOf(response: Response): Promise<Response> {
  if (response.body === null) return response;
  const length = (await response.arrayBuffer()).byteLength;
  const headers = new Headers(response.headers);
  headers.set("Content-Length", String(length));
  return new Response(null, { status: response.status, headers });
}
