/** The paths the service answers: the operations' (the operation list holds them too) and its own. */

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
/** Path of the MCP endpoint (streamable HTTP). */
export const MCP_PATH = "/mcp";
