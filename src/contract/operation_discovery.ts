/**
 * The discovery metadata of every paid operation (the x402 `bazaar` extension of its challenges), made from
 * the operation list: the schemas that validate its query and describe its 200 body, the ones /openapi.json
 * publishes; for a call made through an MCP tool, the tool's name, summary and input schema as well.
 *
 * A PAYMENT-REQUIRED header must keep the 402's header block within 4 KB, and full answer schemas take up to
 * 6 KB of JSON, so the metadata is compact: the query's JSON Schema without descriptions or examples (names,
 * types, ranges, patterns, enums, required, which of them are alternatives), the 200 body's top level (member
 * names and JSON types), and a URI reference of the full 200 response in /openapi.json, relative to the
 * resource URL (it holds no PUBLIC_URL, which may be 256 characters long).
 */
import type { DiscoveryOf } from "../payments/bazaar_extension.ts";
import { jsonSchema, withoutAnnotations } from "./json_schema.ts";
import { entryOf } from "./operation_list.ts";
import { compactInputSchema } from "./mcp_tools.ts";
import { OPENAPI_PATH } from "./service_paths.ts";

type Json = Record<string, unknown>;

/** The JSON type(s) a schema allows, as a schema of its own (`{}` when it says none). */
function typeOnly(schema: Json): Json {
  if (schema.type !== undefined) return { type: schema.type };
  const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  const types = alternatives?.map((alternative) => typeOnly(alternative).type);
  if (types === undefined || types.some((type) => type === undefined)) return {};
  const unique = [...new Set(types.flat())];
  return { type: unique.length === 1 ? unique[0] : unique };
}

/** The top level of an object schema: its members with their JSON types, which of them are required. */
export function topLevel(schema: Json): Json {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  return {
    type: "object",
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, member]) => [name, typeOnly(member)]),
    ),
    ...(schema.required === undefined ? {} : { required: schema.required }),
    ...(schema.additionalProperties === false ? { additionalProperties: false } : {}),
  };
}

/** The URI reference, relative to the URL of `path`, of its GET 200 response in the OpenAPI document. */
export function outputRef(path: string): string {
  const up = "../".repeat(path.split("/").length - 2);
  const pointer = `/paths/${path.replaceAll("~", "~0").replaceAll("/", "~1")}/get/responses/200`;
  return `${up}${OPENAPI_PATH.slice(1)}#${pointer}`;
}

/**
 * The discovery metadata of a paid operation (undefined for any other name), as an MCP tool of it when `tool`
 * names one (undefined for a tool that does not offer the operation).
 */
export const operationDiscovery: DiscoveryOf = (operation, tool) => {
  const entry = entryOf(operation);
  if (entry === undefined || !entry.paid || entry.query === undefined) return undefined;
  const offered = tool === undefined ? undefined : entry.tools.find((candidate) => candidate.name === tool);
  if (tool !== undefined && offered === undefined) return undefined;
  return {
    queryParams: withoutAnnotations(jsonSchema(entry.query)) as Json,
    output: topLevel(jsonSchema(entry.response)),
    outputRef: outputRef(entry.path),
    ...(offered === undefined ? {} : {
      tool: {
        name: offered.name,
        description: entry.summary,
        inputSchema: compactInputSchema(entry, offered),
      },
    }),
  };
};
