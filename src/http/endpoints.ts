/**
 * What answers each route once the pipeline (handler.ts) has routed, rate-limited and parsed a request: the
 * reference and catalog operations through the payment gate (from the release the request chose), stats, the
 * served releases, the retailer list, health, readiness,
 * the OpenAPI document and the docs page (POST /mcp is the handler's: mcp_route.ts). An answer needing nothing
 * asynchronous is returned as it is.
 */
import { ApiError } from "../operation/api_error.ts";
import { checkRequestTarget, type Query } from "../operation/query.ts";
import type { RequestTarget } from "../operation/request_target.ts";
import type { PaidWork } from "../operation/paid_work.ts";
import { workMemo } from "../operation/work_memo.ts";
import { bodyText } from "../operation/kept_body.ts";
import type { Admission, PaidCall } from "../payments/payment_gate.ts";
import { prepareBrickAttributes } from "../reference/brick_attributes.ts";
import { prepareClassify } from "../reference/classify.ts";
import { createStatsAnswer } from "../catalog/stats.ts";
import type { FixedBody } from "../operation/fixed_body.ts";
import { CATALOG_SERVED } from "../catalog/catalog_operations.ts";
import { retailersAnswer } from "../catalog/retailers.ts";
import { freshnessHeader } from "../catalog/catalog_meta.ts";
import type { StoreProblem } from "../store/reference_store.ts";
import { matchesIfNoneMatch, strongEtag } from "../operation/etag.ts";
import { openApiJson } from "../contract/openapi.ts";
import { docsResponse } from "../contract/docs_page.ts";
import { DOCS_PATH } from "../contract/service_paths.ts";
import { createReadiness } from "./readiness.ts";
import { ALLOWED_METHODS, MCP_METHODS, type Route } from "./router.ts";
import type { HandlerDeps } from "./handler.ts";
import { type ChosenRelease, type ReleaseTable, releaseTable } from "./release_choice.ts";
import {
  type Answer,
  DOCS_CACHE,
  JSON_TYPE,
  jsonAnswer,
  keptAnswer,
  NO_STORE,
  type Pairs,
  STATS_CACHE,
  VARY_ORIGIN,
} from "./answer.ts";

/** An answer still to get the route's headers, or a Response built elsewhere (the gate's, the docs page's). */
export type Outcome = Answer | Response;

/** The route answerers of one handler. */
export interface Endpoints {
  /** Answers a routed request; classify and brick-attributes from `release` (the handler's pick). */
  serve(
    request: Request,
    target: RequestTarget,
    query: Query,
    route: Route,
    release: ChosenRelease,
    call?: PaidCall,
  ): Outcome | Promise<Outcome>;
  /** The GPC releases the dist serves, and the choice among them. */
  readonly releases: ReleaseTable;
  /** The X-Data-Freshness-Hours value of a catalog request, if its country has data. */
  freshnessOf(query: Query): string | undefined;
  /** False when a shard failed a check. */
  healthy(): boolean;
}

/** The answerers over `deps`' store and gate. */
export function createEndpoints(deps: HandlerDeps, now: () => number): Endpoints {
  const { config, store, gate } = deps;
  const readiness = deps.readiness ?? createReadiness({ store, verification: () => "verified" });
  const paidOkHeaders: Pairs = [["Content-Type", JSON_TYPE]];
  const statsAnswer = createStatsAnswer(store, strongEtag);
  const releases = releaseTable(store, [], strongEtag);
  let openapi: string | undefined;
  const unhealthy = () => store.healthy?.() === false;

  function paid(
    request: Request,
    target: RequestTarget,
    work: PaidWork,
    call: PaidCall | undefined,
  ): Outcome | Promise<Outcome> {
    if (gate.off === true) {
      const body = work.run();
      return typeof body === "string" ? jsonAnswer(body) : keptAnswer(body);
    }
    // A HEAD answer has no body, so it must never spend a payment: it is asked for payment as the GET that
    // brings none, so that it shows exactly that GET's headers (RFC 9110 §9.3.2): its price sentence says
    // GET, and its Content-Length is the GET body's.
    const asked = request.method === "HEAD" ? new Request(request.url) : request;
    const admission = gate.admit(asked, work.operation, target, call);
    // An unpaid request's 402 seen before is known at once (challenge_cache.ts): answered without a promise.
    if (!(admission instanceof Promise)) return admitted(admission, work);
    return admission.then((known) => admitted(known, work));
  }

  function admitted(admission: Admission, work: PaidWork): Outcome | Promise<Outcome> {
    if (admission.kind === "respond") return admission.response;
    let body: string;
    try {
      body = bodyText(work.run());
    } catch (error) {
      if (admission.kind === "paid") return admission.abandon().then(() => Promise.reject(error));
      throw error;
    }
    if (admission.kind === "free") return jsonAnswer(body);
    return admission.settle(new Response(body, { status: 200, headers: paidOkHeaders }));
  }

  // The 200 and the 304 of each fixed body, made once: every request gets the same answers (`shared`).
  const fixedAnswers = new WeakMap<FixedBody, { readonly ok: Answer; readonly unchanged: Answer }>();

  function fixedOutcome(request: Request, fixed: FixedBody): Answer {
    let answers = fixedAnswers.get(fixed);
    if (answers === undefined) {
      const headers: Pairs = [["ETag", fixed.etag], STATS_CACHE, VARY_ORIGIN];
      answers = {
        ok: {
          status: 200,
          body: fixed.json,
          headers: [["Content-Type", JSON_TYPE], ...headers],
          shared: true,
        },
        unchanged: { status: 304, body: null, headers, shared: true },
      };
      fixedAnswers.set(fixed, answers);
    }
    return matchesIfNoneMatch(request.headers.get("if-none-match"), fixed.etag)
      ? answers.unchanged
      : answers.ok;
  }

  function serve(
    request: Request,
    target: RequestTarget,
    query: Query,
    route: Route,
    release: ChosenRelease,
    call?: PaidCall,
  ): Outcome | Promise<Outcome> {
    switch (route.endpoint) {
      case "classify":
      case "brickAttributes": {
        if (unhealthy()) throw unavailable();
        checkRequestTarget(target);
        const memo = workMemo(release.store);
        let work = memo.get(target.instance, target.hash);
        if (work === undefined) {
          const prepare = route.endpoint === "classify" ? prepareClassify : prepareBrickAttributes;
          memo.prepared(target.instance, work = prepare(query, release.store), target.hash);
        }
        return paid(request, target, work, call);
      }
      case "catalog": {
        if (unhealthy()) throw unavailable();
        const memo = workMemo(store);
        let work = memo.get(target.instance, target.hash);
        if (work === undefined) {
          const prepare = CATALOG_SERVED[route.operation!]?.prepare;
          if (prepare === undefined) throw notFound(target.path);
          memo.prepared(target.instance, work = prepare(query, store, now), target.hash);
        }
        return paid(request, target, work, call);
      }
      case "retailers": {
        if (unhealthy()) throw unavailable();
        return {
          status: 200,
          body: retailersAnswer(query, store),
          headers: [["Content-Type", JSON_TYPE], STATS_CACHE, VARY_ORIGIN],
        };
      }
      case "releases":
      case "stats": {
        if (unhealthy()) throw unavailable();
        const fixed = route.endpoint === "stats" ? statsAnswer(query) : releases.answer(query);
        return fixed instanceof Promise
          ? fixed.then((body) => fixedOutcome(request, body))
          : fixedOutcome(request, fixed);
      }
      case "health": {
        const problem = store.problem?.() ?? (unhealthy() ? "damaged" : undefined);
        const body = JSON.stringify(
          problem === undefined
            ? { status: "ok", ...store.versions }
            : { status: "unavailable", ...store.versions, reason: HEALTH_REASONS[problem] },
        );
        return {
          status: problem === undefined ? 200 : 503,
          body,
          headers: [["Content-Type", JSON_TYPE], NO_STORE],
        };
      }
      case "ready":
        return readiness().then((body) => ({
          status: body.status === "ready" ? 200 : 503,
          body: JSON.stringify(body),
          headers: [["Content-Type", JSON_TYPE], NO_STORE],
        }));
      case "openapi": {
        openapi ??= openApiJson(config, releases.served, deps.payment, store.trees ?? []);
        return {
          status: 200,
          body: openapi,
          headers: [["Content-Type", JSON_TYPE], DOCS_CACHE, VARY_ORIGIN],
        };
      }
      case "docs":
        return docsResponse(target.path.slice(DOCS_PATH.length + 1) || undefined, request);
      case "mcp":
        // Stateless: no SSE stream to open with GET (the MCP transport allows 405 for it).
        throw methodNotAllowed(request.method, target.path, route);
    }
  }

  // A damaged country record must not turn an answer (an error answer included) into a crash.
  function freshnessOf(query: Query): string | undefined {
    try {
      return freshnessHeader(query, store, now());
    } catch {
      return undefined;
    }
  }

  return { serve, releases, freshnessOf, healthy: () => !unhealthy() };
}

// Public: they say what an operator does, never a path.
const HEALTH_REASONS: Readonly<Record<StoreProblem, string>> = {
  damaged: "the compiled data failed an integrity check",
  removed: "the build being served was removed from disk: restart the server to serve the current build",
};

/** The 404 of a path no route answers. */
export function notFound(path: string): ApiError {
  return new ApiError(404, "NOT_FOUND", `no operation at ${path}`, { path });
}

/** The 405 of `method` on the path of `route`. */
export function methodNotAllowed(method: string, path: string, route: Route): ApiError {
  const allowed = route.endpoint === "mcp" ? MCP_METHODS : ALLOWED_METHODS;
  const use = route.endpoint === "mcp" ? "use POST" : "use GET or HEAD";
  return new ApiError(
    405,
    "METHOD_NOT_ALLOWED",
    `${method} is not allowed on ${path}; ${use}`,
    { method, allowed: allowed.split(", ") },
    [["Allow", allowed]],
  );
}

/** The 503 of a store that failed an integrity check. */
export function unavailable(): ApiError {
  return new ApiError(
    503,
    "UNAVAILABLE",
    "the compiled data failed an integrity check; the service is not answering",
  );
}
