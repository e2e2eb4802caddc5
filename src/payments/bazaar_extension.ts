/**
 * The x402 version 2 `bazaar` extension: the discovery metadata a challenge carries so that a facilitator
 * catalogs the operation when it verifies or settles a payment for it (specs/extensions/bazaar.md of x402).
 *
 * Its documented shape is `{ info, schema }`: `info.input` says how to call the operation (`type: "http"`,
 * `method: "GET"`), `info.output` what it answers; `schema` is a JSON Schema (draft 2020-12) that validates
 * `info`, and its `input.queryParams` and `output.example` members hold the JSON Schemas of the query and of
 * the 200 body. Facilitators validate `info` against `schema` and refuse a schema with an external `$ref`, so
 * the full answer schema is named instead by `info.output.format`: a URI reference, relative to the
 * challenge's resource URL, of the operation's 200 response in /openapi.json.
 *
 * A call made through an MCP tool declares the tool instead (`info.input.type: "mcp"`, with the tool's name,
 * summary, input schema and transport, as @x402/extensions declares MCP tools), so that a facilitator catalogs
 * it as a tool; its resource stays the HTTP resource of the request the tool call runs.
 *
 * Clients echo the extension into their payment. The service never forwards what a client wrote there: a
 * payment that echoes `bazaar` reaches the facilitator with this service's own declaration in its place
 * (resource_binding.ts).
 */
/** The extension's key in `extensions`. */
export const BAZAAR = "bazaar";

/** What the discovery metadata of one paid operation is made of (from the schemas that validate it). */
export interface OperationDiscovery {
  /** JSON Schema of the query parameters: an object of strings. */
  readonly queryParams: Readonly<Record<string, unknown>>;
  /** JSON Schema of the 200 body (it may describe the top level only: see outputRef). */
  readonly output: Readonly<Record<string, unknown>>;
  /** URI reference, relative to the resource URL, of the full 200 response in /openapi.json. */
  readonly outputRef: string;
  /** The MCP tool the call was made through, if any. */
  readonly tool?: ToolDiscovery;
}

/** What the discovery metadata says of an MCP tool. */
export interface ToolDiscovery {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the tool's arguments. */
  readonly inputSchema: Readonly<Record<string, unknown>>;
}

/** The MCP transport the tools are served over. */
export const MCP_TRANSPORT = "streamable-http";

/**
 * The discovery metadata of a paid operation by its name, if it declares any; as called through the MCP tool
 * `tool` when one is named (undefined for a tool that does not offer the operation).
 */
export type DiscoveryOf = (operation: string, tool?: string) => OperationDiscovery | undefined;

/** The `extensions` member of a challenge for an operation described by `discovery`. */
export function bazaarExtensions(discovery: OperationDiscovery): Record<string, unknown> {
  const tool = discovery.tool;
  if (tool === undefined) {
    return declaration(discovery, { type: "http", method: "GET" }, {
      type: { type: "string", const: "http" },
      method: { type: "string", enum: ["GET"] },
      queryParams: discovery.queryParams,
    }, ["type", "method"]);
  }
  return declaration(discovery, {
    type: "mcp",
    toolName: tool.name,
    description: tool.description,
    transport: MCP_TRANSPORT,
    inputSchema: tool.inputSchema,
  }, {
    type: { type: "string", const: "mcp" },
    toolName: { type: "string" },
    description: { type: "string" },
    transport: { type: "string", enum: [MCP_TRANSPORT] },
    inputSchema: { type: "object" },
  }, ["type", "toolName", "inputSchema"]);
}

/**
 * The declaration of `input` (whose members `inputProperties` validates, `required` of them required) and of
 * the operation's output: `info`, and `schema`, the JSON Schema (draft 2020-12) facilitators validate it with.
 */
function declaration(
  discovery: OperationDiscovery,
  input: Record<string, unknown>,
  inputProperties: Record<string, unknown>,
  required: readonly string[],
): Record<string, unknown> {
  return {
    [BAZAAR]: {
      info: { input, output: { type: "json", format: discovery.outputRef } },
      schema: {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        type: "object",
        properties: {
          input: { type: "object", properties: inputProperties, required, additionalProperties: false },
          output: {
            type: "object",
            properties: { type: { type: "string", const: "json" }, example: discovery.output },
            required: ["type"],
          },
        },
        required: ["input"],
      },
    },
  };
}
