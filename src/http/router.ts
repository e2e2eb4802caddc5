/**
 * The routes table: every path the service answers, what answers it and how its errors are written: the
 * operations of the operation list (src/contract/), and the service's own paths. Every route answers GET
 * and HEAD (and OPTIONS for CORS preflight) but the MCP endpoint, which answers POST; other methods get 405.
 */
import type { CatalogOperation } from "../operation/operations.ts";
import { DOCS_ASSETS } from "../contract/docs_page.ts";
import { OPERATION_LIST } from "../contract/operation_list.ts";
import type { OperationEntry } from "../contract/operation_entry.ts";
import { DOCS_PATH, HEALTH_PATH, MCP_PATH, OPENAPI_PATH, READY_PATH } from "../contract/service_paths.ts";

/** What answers a path. */
export type Endpoint =
  | OperationEntry["serves"]
  | "health"
  | "ready"
  | "openapi"
  | "docs"
  | "mcp";

/** A known path. */
export interface Route {
  readonly endpoint: Endpoint;
  /** problem: RFC 9457 documents; plain: `{ "error": … }` (stats); json: health and openapi. */
  readonly errors: "problem" | "plain";
  /** Whether requests count against the per-client rate limit (the MCP endpoint counts its own). */
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

/** Methods every route but the MCP endpoint answers. */
export const ALLOWED_METHODS = "GET, HEAD, OPTIONS";

/** Methods the MCP endpoint answers. */
export const MCP_METHODS = "POST, OPTIONS";

const plain = { versioned: false, freshness: false, paid: false } as const;

/** The route of an operation of the list. */
function operationRoute(entry: OperationEntry): Route {
  return {
    endpoint: entry.serves,
    errors: entry.serves === "stats" ? "plain" : "problem",
    rateLimited: true,
    paid: entry.paid,
    versioned: entry.pinned,
    freshness: entry.serves === "catalog",
    ...(entry.serves === "catalog" ? { operation: entry.id as CatalogOperation } : {}),
  };
}

const ROUTES: ReadonlyMap<string, Route> = new Map<string, Route>([
  ...OPERATION_LIST.map((entry): [string, Route] => [entry.path, operationRoute(entry)]),
  [HEALTH_PATH, { endpoint: "health", errors: "problem", rateLimited: false, ...plain }],
  [READY_PATH, { endpoint: "ready", errors: "problem", rateLimited: false, ...plain }],
  [OPENAPI_PATH, { endpoint: "openapi", errors: "problem", rateLimited: false, ...plain }],
  ...[DOCS_PATH, ...DOCS_ASSETS.map((asset) => `${DOCS_PATH}/${asset}`)].map((path): [string, Route] => [
    path,
    { endpoint: "docs", errors: "problem", rateLimited: false, ...plain },
  ]),
  [MCP_PATH, { endpoint: "mcp", errors: "problem", rateLimited: false, ...plain }],
]);

/** The route of an exact path (no trailing-slash variants), if any. */
export function routeOf(pathname: string): Route | undefined {
  return ROUTES.get(pathname);
}
