/**
 * The service as one function `(Request, { remoteAddr }) → Response`, so tests call it without a socket.
 *
 * Order per request: route (404 unknown path, 405 other methods, 204 CORS preflight) → rate limit (429,
 * first so that floods cost one bucket update) → store health (503) → validate (400) → unservable (404) →
 * payment gate (402 or admitted) → lookups → JSON → settle (endpoints.ts from the store health on). One
 * boundary turns every error into the route's error body; an unexpected error is logged with the request id
 * and answered 500 INTERNAL, and if the gate had admitted a payment the payment is abandoned, never settled.
 * A state store that fails is a 503 STATE_STORE_UNAVAILABLE for paid requests only (rate_limit.ts says why
 * free ones fail open).
 *
 * POST /mcp is handed to the MCP endpoint (mcp_route.ts) with the handler itself: each tool call's request
 * comes back here as a GET with `info.tool` naming the tool, and is answered like any other.
 *
 * A request that needs nothing asynchronous (payments off or not asked, an in-process rate limit, a
 * rendered stats body) is answered synchronously: no promise, no turn of the event loop. The path and query
 * are read from the request's URL text (a query text asked before is parsed once, query_memo.ts), and the
 * headers every answer of a route carries are added when the Response is built, in one list. A GET whose
 * target alone decided a shared answer before is answered, from the target's third request on, as a copy
 * of that answer's Response with its own request id and log line, before any of the above but the rate
 * limit's count (kept_targets.ts).
 */
import { ApiError, internalError, stateStoreUnavailable } from "../operation/api_error.ts";
import type { Query } from "../operation/query.ts";
import { QueryMemo } from "../operation/query_memo.ts";
import { requestTarget } from "../operation/request_target.ts";
import { clientAddress } from "./client_address.ts";
import type { Config } from "../config.ts";
import { CORS_HEADERS, MCP_PREFLIGHT_HEADERS, PREFLIGHT_HEADERS } from "./cors.ts";
import type { PaidCall, PaymentGate } from "../payments/payment_gate.ts";
import type { PaymentDescription } from "../payments/payment_setup.ts";
import { createRateLimiter, type RateLimiter, unlimited } from "./rate_limit.ts";
import type { ReferenceStore, StoreProblem } from "../store/reference_store.ts";
import { requestIdOf } from "./request_id.ts";
import type { Log } from "../log/request_log.ts";
import { type Route, routeOf } from "./router.ts";
import { type StateStore, StateStoreError } from "../state/state_store.ts";
import type { ReadinessBody } from "./readiness.ts";
import { storeTroubleLog } from "./store_trouble.ts";
import {
  type Answer,
  copyWith,
  errorAnswer,
  headOf,
  NO_STORE,
  type Pairs,
  responseOf,
  sharedTemplate,
  withHeaders,
} from "./answer.ts";
import { KeptTargets } from "./kept_targets.ts";
import { createEndpoints, methodNotAllowed, notFound, type Outcome, unavailable } from "./endpoints.ts";
import { type ChosenRelease, RELEASE_HEADER, TREE_PARAMETER } from "./release_choice.ts";
import { createMcpRoute } from "./mcp_route.ts";
import { deploymentOf } from "../contract/openapi.ts";
import { TREE_NAME } from "../reference/request_params.ts";

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
  /** The answers kept by target (kept_targets.ts); a new one over the store's health when absent. */
  readonly keptTargets?: KeptTargets;
}

/**
 * Connection facts: Deno.serve's own info object, passed along as it is (its peer address is an op call, made
 * only when a request needs it; wrapping the object in getters per request kept every request's garbage alive
 * through two young-generation collections, which made them ten times as long).
 */
export interface ClientInfo {
  readonly remoteAddr: { readonly hostname: string };
  /** Settles once the answer has been delivered (resolves) or could not be (rejects): Deno.serve's word. */
  readonly completed?: Promise<void>;
  /** The MCP tool a request stands for (the MCP endpoint's tool calls): its log line and challenges name it. */
  readonly tool?: string;
}

/** The request handler: a Response at once when nothing asynchronous was needed, else its promise. */
export type Handler = (request: Request, info?: ClientInfo) => Response | Promise<Response>;

const NONE: Pairs = [];
const EMPTY_QUERY: Query = Object.freeze(Object.create(null));
const PREFLIGHT: Answer = { status: 204, body: null, headers: PREFLIGHT_HEADERS };
const MCP_PREFLIGHT: Answer = { status: 204, body: null, headers: MCP_PREFLIGHT_HEADERS };

/** Builds the handler. */
export function createHandler(deps: HandlerDeps): Handler {
  const { config, log } = deps;
  const now = deps.now ?? Date.now;
  const storeTrouble = storeTroubleLog(log, now);
  const limiter: RateLimiter = config.rateLimit === null
    ? unlimited
    : createRateLimiter(config.rateLimit, deps.state, now, (e) => storeTrouble(e, "rate limit not counted"));
  const strictPaid = config.payments === "on";
  const { serve, releases, freshnessOf, healthy } = createEndpoints(deps, now);
  const queries = new QueryMemo();
  const kept = deps.keptTargets ?? new KeptTargets(healthy);
  const paidFree = deps.gate.off === true;
  const mcp = createMcpRoute({
    pipeline: (request, info) => handle(request, info),
    // A POST /mcp without tools/call is one request of its client; a tool call counts as the one it runs.
    admit: (client) => limiter === unlimited ? undefined : limiter.admit(client, false),
    deployment: () => deploymentOf(config, releases.served, deps.payment, deps.store.trees ?? []),
  });

  const handle: Handler = (request, info) => {
    const started = performance.now();
    const method = request.method;
    const headers = request.headers;
    const requestId = requestIdOf(headers.get("x-request-id"));
    const target = requestTarget(request.url);
    let client: string | undefined;
    const clientOf = () =>
      client ??= clientAddress(request, info?.remoteAddr.hostname ?? "unknown", config.trustProxyHops);
    const logged = (response: Response): Response => {
      if (log.requests || response.status >= 500) {
        log.request({
          request_id: requestId,
          method,
          path: target.path,
          status: response.status,
          duration_ms: Math.round((performance.now() - started) * 1000) / 1000,
          client: clientOf(),
          tool: info?.tool,
        });
      }
      return response;
    };
    const keptGet = method === "GET" && info?.tool === undefined;
    // The rate limit's answer for a request whose kept answer took its token already (see below).
    let counted: Pairs | Promise<Pairs> | undefined;
    let refused: unknown;
    if (keptGet) {
      const found = kept.find(target, headers);
      if (found !== undefined) {
        if (limiter === unlimited) return logged(kept.answer(found, [["X-Request-Id", requestId]]));
        // Counted like any request of its route (only counted routes' answers are kept). A refusal (429) or
        // a count that needs a turn of the event loop (a shared store) goes on through the pipeline, which
        // takes no second token.
        try {
          counted = limiter.admit(clientOf(), false);
        } catch (caught) {
          refused = caught;
        }
        if (counted !== undefined && !(counted instanceof Promise)) {
          return logged(kept.answer(found, [["X-Request-Id", requestId], ...counted]));
        }
      }
    }

    const route = routeOf(target.path);
    const query = route === undefined || route.endpoint === "docs" ? EMPTY_QUERY : queries.parse(target);
    let extra = NONE;
    // The default release until the request names another; errors before the choice carry its headers.
    let release: ChosenRelease = releases.fallback;
    const answer = (): Outcome | Promise<Outcome> => {
      const pin = route!.versioned ? headers.get(RELEASE_HEADER) : null;
      if (route!.versioned && healthy()) release = releases.pick(pin);
      if (route!.endpoint === "classify" && healthy()) {
        // Given once: a repeated or malformed tree is the query validation's to refuse.
        const tree = query[TREE_PARAMETER];
        if (typeof tree === "string" && TREE_NAME.test(tree)) release = release.tree(tree);
      }
      // What the payment gate learns of a paid call: its id, its release pin, the delivery of its answer.
      const call: PaidCall | undefined = route!.paid
        ? {
          requestId,
          ...(pin === null ? {} : { pin }),
          ...(info?.tool === undefined ? {} : { tool: info.tool }),
          delivered: () => info?.completed,
        }
        : undefined;
      return serve(request, target, query, route!, release, call);
    };

    const fail = (caught: unknown): Answer => {
      let error: ApiError;
      if (caught instanceof ApiError) error = caught;
      else if (caught instanceof StateStoreError) {
        // Only payments reach the store past the rate limiter: nothing was settled (x402_settlement.ts).
        storeTrouble(caught, "paid request refused");
        error = stateStoreUnavailable();
      } else {
        log.write("error", { request_id: requestId, message: String(caught), stack: stackOf(caught) });
        // A shard that failed a check during this request answers like one found failed before it.
        error = healthy() ? internalError() : unavailable();
      }
      return errorAnswer(error, route, target.instance);
    };

    const finish = (outcome: Outcome): Response | Promise<Response> => {
      const versions = route?.versioned === true ? release.headers : NONE;
      // Paid operations' answers are sold per call: none may be stored (errors and the 200 say so already).
      const noStore = route?.paid === true && (outcome instanceof Response || !hasCacheControl(outcome));
      // The headers of this request alone; a shared answer's Response has the others already.
      const added: Pairs = [];
      if (route?.freshness === true) {
        const hours = freshnessOf(query);
        if (hours !== undefined) added.push(["X-Data-Freshness-Hours", hours]);
      }
      // CORS matters only to browsers, which always send Origin; agents calling server to server do not.
      if (headers.has("origin")) added.push(...CORS_HEADERS);
      added.push(["X-Request-Id", requestId]);
      for (const pair of extra) added.push(pair);
      let response: Response;
      if (!(outcome instanceof Response) && outcome.shared === true) {
        const template = sharedTemplate(outcome, versions, noStore);
        response = copyWith(template, added);
        // Nothing but the target (and the client's count) decided this answer: kept for its next requests
        // (kept_targets.ts).
        if (keptGet && added.length === 1 + extra.length && route !== undefined && keepable(route)) {
          kept.offer(target, headers, template);
        }
      } else {
        const all = noStore ? [...versions, NO_STORE, ...added] : [...versions, ...added];
        response = outcome instanceof Response ? withHeaders(outcome, all) : responseOf(outcome, all);
      }
      if (method === "HEAD") return headOf(response).then(logged);
      return logged(response);
    };

    let outcome: Outcome | Promise<Outcome>;
    try {
      if (route === undefined) throw notFound(target.path);
      if (method === "OPTIONS") outcome = route.endpoint === "mcp" ? MCP_PREFLIGHT : PREFLIGHT;
      else if (method !== "GET" && method !== "HEAD") {
        if (method !== "POST" || route.endpoint !== "mcp") throw methodNotAllowed(method, target.path, route);
        outcome = mcp(
          request,
          { remoteAddr: info?.remoteAddr ?? UNKNOWN_PEER, ...completedOf(info) },
          clientOf,
        );
      } else if (route.rateLimited && limiter !== unlimited) {
        if (refused !== undefined) throw refused;
        // A paid request with payments on needs the store for its claim: it cannot fail open (its answer is
        // never kept, so `counted` was never asked for it).
        const admitted = counted ?? limiter.admit(clientOf(), route.paid && strictPaid);
        if (admitted instanceof Promise) {
          outcome = admitted.then((pairs) => {
            extra = pairs;
            return answer();
          });
        } else {
          extra = admitted;
          outcome = answer();
        }
      } else {
        outcome = answer();
      }
    } catch (caught) {
      outcome = fail(caught);
    }
    return outcome instanceof Promise ? outcome.then(undefined, fail).then(finish) : finish(outcome);
  };
  /** A route the rate limit counts (a kept answer's use is counted) and whose answer no payment decides. */
  function keepable(route: Route): boolean {
    return route.rateLimited && !(route.paid && !paidFree);
  }
  return handle;
}

/** The delivery promise of a connection, lazily asked as Deno.serve's info gives it. */
/** The peer of a request that came without connection facts (a test calling the handler directly). */
const UNKNOWN_PEER = { hostname: "unknown" };

function completedOf(info: ClientInfo | undefined): { readonly completed?: Promise<void> } {
  return info?.completed === undefined ? {} : { completed: info.completed };
}

function hasCacheControl(answer: Answer): boolean {
  for (const [name] of answer.headers) if (name === "Cache-Control") return true;
  return false;
}

function stackOf(error: unknown): string | undefined {
  return error instanceof Error ? error.stack : undefined;
}
