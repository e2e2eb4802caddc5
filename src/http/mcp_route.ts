/**
 * The pipeline's side of POST /mcp: the MCP endpoint (src/mcp/, with the MCP SDK) is loaded on the first
 * POST, so that a server nobody asks over MCP never loads it, and is given the pipeline itself to run each
 * tool call's request through, the tools of this deployment (the operation list's, described for its
 * releases, trees, prices and rate limit) and the rate limiter of the MCP request's client.
 */
import type { Deployment } from "../contract/openapi_answers.ts";
import { mcpTools } from "../contract/mcp_tools.ts";
import type { CallerInfo, McpAnswer, McpEndpointDeps } from "../mcp/mcp_endpoint.ts";

/** The version initialize states: the interface description's. */
const SERVER_VERSION = "1.0.0";

/** What the route is built from. */
export interface McpRouteDeps {
  readonly pipeline: McpEndpointDeps["pipeline"];
  /** Takes a rate-limit token for `client` (throws the 429). */
  readonly admit: (client: string) => unknown;
  /** The deployment the tools are described for, asked once. */
  readonly deployment: () => Deployment;
}

/** The answerer of POST /mcp; `client` is the MCP request's client address. */
export type McpRoute = (request: Request, info: CallerInfo, client: () => string) => Promise<Response>;

/** The route over `deps`. */
export function createMcpRoute(deps: McpRouteDeps): McpRoute {
  let endpoint: Promise<McpAnswer> | undefined;
  return async (request, info, client) => {
    endpoint ??= import("../mcp/mcp_endpoint.ts").then(({ createMcpEndpoint }) =>
      createMcpEndpoint({
        pipeline: deps.pipeline,
        tools: mcpTools(deps.deployment()),
        version: SERVER_VERSION,
      })
    );
    const answer = await endpoint;
    return answer(request, info, () => deps.admit(client()));
  };
}
