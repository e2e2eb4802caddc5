/**
 * POST /mcp: the Model Context Protocol over streamable HTTP (the official TypeScript SDK's low-level Server
 * and its web-standard transport), stateless: one Server and transport per POST, answers as JSON, no session
 * and no SSE stream. tools/list lists the tools of the operation list; tools/call runs the HTTP request the
 * call stands for through the service's own pipeline (tool_request.ts) and maps its answer to the result
 * (tool_result.ts), so that every rule of the HTTP API holds for a tool call by construction.
 *
 * The rate limit counts each operation once: a tools/call counts as the request it runs; a POST carrying no
 * tools/call (initialize, tools/list, ping, notifications) counts as one request. The body is read, bounded,
 * before anything else.
 */
import { Server } from "npm:@modelcontextprotocol/sdk@1.32.2/server";
// The package's types for "./*" paths are missed by its exports map: named here (the same files).
// @ts-types="npm:@modelcontextprotocol/sdk@1.32.2/server/webStandardStreamableHttp"
import { WebStandardStreamableHTTPServerTransport } from "npm:@modelcontextprotocol/sdk@1.32.2/server/webStandardStreamableHttp.js";
// @ts-types="npm:@modelcontextprotocol/sdk@1.32.2/types"
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from "npm:@modelcontextprotocol/sdk@1.32.2/types.js";
import { ApiError } from "../operation/api_error.ts";
import { problemJson } from "../operation/problem.ts";
import { MAX_MCP_BODY_BYTES, type McpTool } from "../contract/mcp_tools.ts";
import { toolRequest } from "./tool_request.ts";
import { toolResult } from "./tool_result.ts";
import { readBoundedBody } from "./bounded_body.ts";

/** What the connection says of the MCP request, handed on to each tool call's request. */
export interface CallerInfo {
  readonly remoteAddr: { readonly hostname: string };
  readonly completed?: Promise<void>;
}

/** What the endpoint is built from. */
export interface McpEndpointDeps {
  /** The service's request pipeline; `tool` names the tool a request stands for (its log line says it). */
  readonly pipeline: (
    request: Request,
    info: CallerInfo & { readonly tool: string },
  ) => Response | Promise<Response>;
  /** The tools, in the order tools/list gives them. */
  readonly tools: readonly McpTool[];
  /** The server's version, as initialize states it. */
  readonly version: string;
}

const INSTRUCTIONS =
  "GS1 GPC classification (browse nodes and product-type phrases to GPC, brick attribute " +
  "schemas) and catalog price analytics for the us and ca catalogs. Each tool is one operation of the HTTP " +
  "API; its description states its price, limits and errors. Paid tools are paid per call with x402 " +
  'version 2: an unpaid call answers isError with the PaymentRequired; pay in _meta["x402/payment"].';

/**
 * The answer of a POST /mcp; `admit` takes one rate-limit token for its client (a 429 ApiError thrown when
 * there is none).
 */
export type McpAnswer = (request: Request, info: CallerInfo, admit: () => unknown) => Promise<Response>;

/** The endpoint over `deps`. */
export function createMcpEndpoint(deps: McpEndpointDeps): McpAnswer {
  const byName = new Map(deps.tools.map((tool) => [tool.definition.name, tool]));
  const listed = { tools: deps.tools.map((tool) => tool.definition) };

  async function call(
    request: Request,
    info: CallerInfo,
    name: string,
    args: Record<string, unknown> | undefined,
    meta: Record<string, unknown> | undefined,
  ): Promise<CallToolResult> {
    const tool = byName.get(name);
    if (tool === undefined) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `unknown tool ${JSON.stringify(name)}; tools/list names them`,
      );
    }
    let inner: Request;
    try {
      inner = toolRequest(tool, args, meta, request);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const text = problemJson(error, tool.path);
      return { isError: true, structuredContent: JSON.parse(text), content: [{ type: "text", text }] };
    }
    return toolResult(await deps.pipeline(inner, { ...info, tool: name }));
  }

  return async (request, info, admit) => {
    const body = await readBoundedBody(request, MAX_MCP_BODY_BYTES);
    if (body === undefined) {
      return jsonRpcError(413, -32600, `the request body is over ${MAX_MCP_BODY_BYTES} bytes`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      await admit();
      return jsonRpcError(400, -32700, "Parse error: the body is not JSON");
    }
    if (!callsTools(parsed)) await admit();
    const server = new Server(
      { name: "gpc-reference-service", version: deps.version },
      { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS },
    );
    server.setRequestHandler(ListToolsRequestSchema, () => listed);
    server.setRequestHandler(
      CallToolRequestSchema,
      ({ params }) => call(request, info, params.name, params.arguments, params._meta),
    );
    // Without a session id generator the transport is stateless.
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, { parsedBody: parsed });
    } finally {
      await server.close();
    }
  };
}

/** Whether a JSON-RPC message or batch holds a tools/call request. */
function callsTools(message: unknown): boolean {
  const messages = Array.isArray(message) ? message : [message];
  return messages.some((one) =>
    typeof one === "object" && one !== null && (one as { method?: unknown }).method === "tools/call"
  );
}

/** A JSON-RPC error answer without an id (the request could not be read). */
function jsonRpcError(status: number, code: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}
