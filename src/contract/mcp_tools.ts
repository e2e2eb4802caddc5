/**
 * The MCP tools: one or more per entry of the operation list, each with its input schema (the parameters it
 * takes, from the operation's query schema, plus `release` on the pinned operations), its output schema (the
 * operation's 200 body or, with isError, its problem document or the x402 PaymentRequired), a description
 * stating price, limits, errors and certain-or-blank (tool_descriptions.ts), and read-only annotations.
 *
 * The output schema is an anyOf because MCP clients check a result's structuredContent against it whether or
 * not the result is an error (the TypeScript SDK's client does), and the x402 MCP transport puts the
 * PaymentRequired there.
 */
import { jsonSchema, withoutAnnotations } from "./json_schema.ts";
import { paymentRequiredSchema, problemSchema, statsErrorSchema } from "./body_schemas.ts";
import type { Deployment } from "./openapi_answers.ts";
import type { OperationEntry, ToolEntry } from "./operation_entry.ts";
import { OPERATION_LIST } from "./operation_list.ts";
import { toolDescription } from "./tool_descriptions.ts";

type Json = Record<string, unknown>;

/** Most bytes of a POST /mcp body: a batch of 100 paid calls with their payments fits. */
export const MAX_MCP_BODY_BYTES = 1_048_576;

/** The argument that pins a reference tool's answer to a served release (the X-GPC-Release header). */
export const RELEASE_ARGUMENT = "release";

/** A tool as tools/list shows it. */
export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Json;
  readonly outputSchema: Json;
  readonly annotations: Json;
}

/** A tool and the request it stands for. */
export interface McpTool {
  readonly definition: ToolDefinition;
  /** The operation it runs. */
  readonly operation: string;
  /** The path of the operation's GET. */
  readonly path: string;
  /** Whether `release` is one of its arguments. */
  readonly pinned: boolean;
  /** Every argument it takes, by name. */
  readonly arguments: ReadonlySet<string>;
}

const ANNOTATIONS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/**
 * The input schema of `tool` of `entry`: its parameters as the operation's query schema publishes them
 * (`tree` an enum of the served `trees` when there are any), and `release` (an enum of the `served` releases
 * when known) on a pinned operation; no other argument.
 */
export function toolInputSchema(
  entry: OperationEntry,
  tool: ToolEntry,
  served: readonly string[] = [],
  trees: readonly string[] = [],
): Json {
  const query = entry.query === undefined ? {} : jsonSchema(entry.query);
  const published = (query.properties ?? {}) as Record<string, Json>;
  const names = tool.parameters ?? Object.keys(published);
  const properties: Record<string, Json> = {};
  for (const name of names) {
    const schema = name === "tree" && trees.length > 0
      ? { ...published[name]!, enum: [...trees] }
      : published[name]!;
    const text = schema.type === "string" && schema.enum === undefined && entry.maxLength !== undefined;
    properties[name] = text ? { ...schema, maxLength: entry.maxLength!(name) } : schema;
  }
  if (entry.pinned) {
    properties[RELEASE_ARGUMENT] = {
      type: "string",
      description:
        "The served GPC release to answer from (GET /v1/public/releases lists them); absent: the " +
        "newest. A release not served is 400 INVALID_PARAMS listing the served ones.",
      ...(served.length > 0 ? { enum: [...served] } : {}),
    };
  }
  const required = tool.required ?? (query.required as string[] | undefined) ?? [];
  return {
    type: "object",
    properties,
    ...(required.length > 0 ? { required: [...required] } : {}),
    additionalProperties: false,
  };
}

/** The output schema of `entry`'s tools in `deployment`. */
export function toolOutputSchema(entry: OperationEntry, deployment: Deployment): Json {
  const error = entry.serves === "stats" ? statsErrorSchema : problemSchema;
  const paying = entry.paid && deployment.payment !== undefined;
  return {
    type: "object",
    anyOf: [
      jsonSchema(entry.response),
      jsonSchema(error),
      ...(paying ? [jsonSchema(paymentRequiredSchema)] : []),
    ],
  };
}

/** The tool of one entry in `deployment`. */
function toolOf(entry: OperationEntry, tool: ToolEntry, deployment: Deployment): McpTool {
  const inputSchema = toolInputSchema(entry, tool, deployment.served, deployment.trees);
  return {
    definition: {
      name: tool.name,
      title: tool.title,
      description: toolDescription(entry, tool, deployment),
      inputSchema,
      outputSchema: toolOutputSchema(entry, deployment),
      annotations: { title: tool.title, ...ANNOTATIONS },
    },
    operation: entry.id,
    path: entry.path,
    pinned: entry.pinned,
    arguments: new Set(Object.keys(inputSchema.properties as Json)),
  };
}

/** Every tool in `deployment`, in the order of the operation list. */
export function mcpTools(deployment: Deployment): McpTool[] {
  return OPERATION_LIST.flatMap((entry) => entry.tools.map((tool) => toolOf(entry, tool, deployment)));
}

/** The compact input schema of a tool for its discovery metadata (no descriptions, no deployment enums). */
export function compactInputSchema(entry: OperationEntry, tool: ToolEntry): Json {
  return withoutAnnotations(toolInputSchema(entry, tool)) as Json;
}
