/**
 * The discovery metadata of every paid operation (the x402 `bazaar` extension of its challenges), made from
 * the valibot schemas that validate its query and describe its 200 body: the ones /openapi.json publishes.
 *
 * A PAYMENT-REQUIRED header must keep the 402's header block within 4 KB, and full answer schemas take up to
 * 6 KB of JSON, so the metadata is compact: the query's JSON Schema without descriptions or examples (names,
 * types, ranges, patterns, enums, required, which of them are alternatives), the 200 body's top level (member names and JSON types), and a URI reference
 * of the full 200 response in /openapi.json, relative to the resource URL (it holds no PUBLIC_URL, which
 * may be 256 characters long).
 */
import type * as v from "npm:valibot@1.5.0";
import type { DiscoveryOf } from "../payments/bazaar_extension.ts";
import {
  BRICK_ATTRIBUTES_OPERATION,
  CATALOG_OPERATIONS,
  CLASSIFY_OPERATION,
} from "../operation/operations.ts";
import { brickAttributesQuery, classifyQuery } from "../reference/request_params.ts";
import { brickAttributesResponseSchema, classifyResponseSchema } from "../reference/response_schemas.ts";
import { CATALOG_SERVED } from "../catalog/catalog_operations.ts";
import { BRICK_ATTRIBUTES_PATH, CLASSIFY_PATH, OPENAPI_PATH } from "./router.ts";
import { jsonSchema, withoutAnnotations } from "./json_schema.ts";

type Json = Record<string, unknown>;

/** A paid operation's path and schemas. */
interface PaidSchemas {
  readonly path: string;
  readonly query: v.GenericSchema;
  readonly response: v.GenericSchema;
}

/** Every paid operation that is served, by name: the reference ones and the served catalog ones. */
function paidSchemas(): Map<string, PaidSchemas> {
  return new Map<string, PaidSchemas>([
    [CLASSIFY_OPERATION, { path: CLASSIFY_PATH, query: classifyQuery, response: classifyResponseSchema }],
    [BRICK_ATTRIBUTES_OPERATION, {
      path: BRICK_ATTRIBUTES_PATH,
      query: brickAttributesQuery,
      response: brickAttributesResponseSchema,
    }],
    ...Object.entries(CATALOG_SERVED).map(([operation, spec]): [string, PaidSchemas] => [operation, {
      path: CATALOG_OPERATIONS[operation as keyof typeof CATALOG_OPERATIONS].path,
      query: spec!.query,
      response: spec!.response,
    }]),
  ]);
}

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

/** The discovery metadata of a paid operation (undefined for any other name). */
export const operationDiscovery: DiscoveryOf = (operation) => {
  const paid = paidSchemas().get(operation);
  if (paid === undefined) return undefined;
  return {
    queryParams: withoutAnnotations(jsonSchema(paid.query)) as Json,
    output: topLevel(jsonSchema(paid.response)),
    outputRef: outputRef(paid.path),
  };
};
