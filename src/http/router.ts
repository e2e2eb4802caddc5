/**
 * The routes table: every path the service answers, what answers it and how its errors are written.
 * Every route answers GET and HEAD (and OPTIONS for CORS preflight); other methods get 405.
 */

import { CATALOG_OPERATIONS, type CatalogOperation } from "../operation/operations.ts";
import { DOCS_ASSETS } from "./docs_page.ts";

/** What answers a path. */
export type Endpoint =
  | "classify"
  | "brickAttributes"
  | "stats"
  | "retailers"
  | "releases"
  | "catalog"
  | "health"
  | "ready"
  | "openapi"
  | "docs";

/** A known path. */
export interface Route {
  readonly endpoint: Endpoint;
  /** problem: RFC 9457 documents; plain: `{ "error": … }` (stats); json: health and openapi. */
  readonly errors: "problem" | "plain";
  /** Whether requests count against the per-client rate limit. */
  readonly rateLimited: boolean;
  /** Whether the operation is sold per call (its payment claim needs the state store). */
  readonly paid: boolean;
  /** Whether every answer carries X-GPC-Release and X-Map-Version (the version-pinned operations). */
  readonly versioned: boolean;
  /** Whether every answer carries X-Data-Freshness-Hours (the catalog operations). */
  readonly freshness: boolean;
  /** The catalog operation of a catalog path. */
  readonly operation?: CatalogOperation;
}

/** Path of classify. */
export const CLASSIFY_PATH = "/v1/reference/classify";
/** Path of brick-attributes. */
export const BRICK_ATTRIBUTES_PATH = "/v1/reference/brick-attributes";
/** Path of stats. */
export const STATS_PATH = "/v1/public/stats";
/** Path of the retailers list. */
export const RETAILERS_PATH = "/v1/public/retailers";
/** Path of the list of served GPC releases. */
export const RELEASES_PATH = "/v1/public/releases";
/** Path of the health check. */
export const HEALTH_PATH = "/healthz";
/** Path of the readiness check. */
export const READY_PATH = "/readyz";
/** Path of the OpenAPI document. */
export const OPENAPI_PATH = "/openapi.json";
/** Path of the API reference page; its files are under it. */
export const DOCS_PATH = "/docs";

/** Methods every route answers. */
export const ALLOWED_METHODS = "GET, HEAD, OPTIONS";

const plain = { versioned: false, freshness: false, paid: false } as const;

const ROUTES: ReadonlyMap<string, Route> = new Map<string, Route>([
  [CLASSIFY_PATH, {
    endpoint: "classify",
    errors: "problem",
    rateLimited: true,
    paid: true,
    versioned: true,
    freshness: false,
  }],
  [BRICK_ATTRIBUTES_PATH, {
    endpoint: "brickAttributes",
    errors: "problem",
    rateLimited: true,
    paid: true,
    versioned: true,
    freshness: false,
  }],
  [STATS_PATH, { endpoint: "stats", errors: "plain", rateLimited: true, ...plain }],
  [RETAILERS_PATH, { endpoint: "retailers", errors: "problem", rateLimited: true, ...plain }],
  [RELEASES_PATH, { endpoint: "releases", errors: "problem", rateLimited: true, ...plain }],
  ...Object.entries(CATALOG_OPERATIONS).map(([operation, { path }]): [string, Route] => [path, {
    endpoint: "catalog",
    errors: "problem",
    rateLimited: true,
    paid: true,
    versioned: false,
    freshness: true,
    operation: operation as CatalogOperation,
  }]),
  [HEALTH_PATH, { endpoint: "health", errors: "problem", rateLimited: false, ...plain }],
  [READY_PATH, { endpoint: "ready", errors: "problem", rateLimited: false, ...plain }],
  [OPENAPI_PATH, { endpoint: "openapi", errors: "problem", rateLimited: false, ...plain }],
  ...[DOCS_PATH, ...DOCS_ASSETS.map((asset) => `${DOCS_PATH}/${asset}`)].map((path): [string, Route] => [
    path,
    { endpoint: "docs", errors: "problem", rateLimited: false, ...plain },
  ]),
]);

/** The route of an exact path (no trailing-slash variants), if any. */
export function routeOf(pathname: string): Route | undefined {
  return ROUTES.get(pathname);
}
