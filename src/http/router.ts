/**
 * The routes table: every path the service answers, what answers it and how its errors are written.
 * Every route answers GET and HEAD (and OPTIONS for CORS preflight); other methods get 405.
 */

/** What answers a path. */
export type Endpoint = "classify" | "brickAttributes" | "stats" | "health" | "openapi";

/** A known path. */
export interface Route {
  readonly endpoint: Endpoint;
  /** problem: RFC 9457 documents; plain: `{ "error": … }` (stats); json: health and openapi. */
  readonly errors: "problem" | "plain";
  /** Whether requests count against the per-client rate limit. */
  readonly rateLimited: boolean;
  /** Whether every answer carries X-GPC-Release and X-Map-Version (the version-pinned operations). */
  readonly versioned: boolean;
}

/** Path of classify. */
export const CLASSIFY_PATH = "/v1/reference/classify";
/** Path of brick-attributes. */
export const BRICK_ATTRIBUTES_PATH = "/v1/reference/brick-attributes";
/** Path of stats. */
export const STATS_PATH = "/v1/public/stats";
/** Path of the health check. */
export const HEALTH_PATH = "/healthz";
/** Path of the OpenAPI document. */
export const OPENAPI_PATH = "/openapi.json";

/** Methods every route answers. */
export const ALLOWED_METHODS = "GET, HEAD, OPTIONS";

const ROUTES: ReadonlyMap<string, Route> = new Map<string, Route>([
  [CLASSIFY_PATH, { endpoint: "classify", errors: "problem", rateLimited: true, versioned: true }],
  [BRICK_ATTRIBUTES_PATH, {
    endpoint: "brickAttributes",
    errors: "problem",
    rateLimited: true,
    versioned: true,
  }],
  [STATS_PATH, { endpoint: "stats", errors: "plain", rateLimited: true, versioned: false }],
  [HEALTH_PATH, { endpoint: "health", errors: "problem", rateLimited: false, versioned: false }],
  [OPENAPI_PATH, { endpoint: "openapi", errors: "problem", rateLimited: false, versioned: false }],
]);

/** The route of an exact path (no trailing-slash variants), if any. */
export function routeOf(pathname: string): Route | undefined {
  return ROUTES.get(pathname);
}
