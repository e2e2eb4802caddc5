/**
 * One answerable request per path of the router, on the embedded default (the OpenAPI document's example
 * requests where it has them), with the schema its 200 body must satisfy: the bundle test asks each of them of the bundled server, the hostile-input properties start from
 * them. The paths are checked against the OpenAPI document's, so a new route without an example fails.
 */
import * as v from "npm:valibot@1.5.0";
import {
  brickAttributesResponseSchema,
  classifyResponseSchema,
} from "../../src/reference/response_schemas.ts";
import { catalogStatsSchema } from "../../src/catalog/stats_schema.ts";
import { retailersResponseSchema } from "../../src/catalog/retailers_schema.ts";
import { CATALOG_SERVED } from "../../src/catalog/catalog_operations.ts";
import { CATALOG_OPERATIONS, type CatalogOperation } from "../../src/operation/operations.ts";
import { healthSchema, readinessSchema } from "../../src/contract/body_schemas.ts";
import { releasesResponseSchema } from "../../src/contract/releases_schema.ts";
import { entryOf, EXAMPLE_QUERIES } from "../../src/contract/operation_list.ts";
import { BRICK_ATTRIBUTES_OPERATION, CLASSIFY_OPERATION } from "../../src/operation/operations.ts";

/** What a path's 200 body is: JSON of a schema, or text of a media type (the API reference page). */
export type AnswerShape =
  | { readonly json: v.GenericSchema }
  | { readonly text: string };

/** An answerable request of one path. */
export interface OperationExample {
  readonly path: string;
  /** A query (without `?`) the embedded default answers 200 with PAYMENTS=off. */
  readonly query: string;
  readonly answer: AnswerShape;
  /** Whether the path is sold per call (402 with PAYMENTS=on and no payment). */
  readonly paid: boolean;
}

/** The OpenAPI document's top level: the members the examples rely on. */
const openApiSchema = v.looseObject({
  openapi: v.literal("3.1.0"),
  paths: v.record(v.string(), v.unknown()),
});

/** The first example request the OpenAPI document gives `operation`, as a query string. */
function exampleQuery(operation: string, name?: string): string {
  const examples = EXAMPLE_QUERIES[operation]!;
  const values = examples[name ?? Object.keys(examples)[0]!]!;
  return Object.entries(values).map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join("&");
}

/** Every path of the router with an answerable request (classify twice: by browse_id and by q). */
export const OPERATION_EXAMPLES: readonly OperationExample[] = [
  {
    path: "/v1/reference/classify",
    query: exampleQuery(CLASSIFY_OPERATION, "browse_ids"),
    answer: { json: classifyResponseSchema },
    paid: true,
  },
  {
    path: "/v1/reference/classify",
    query: exampleQuery(CLASSIFY_OPERATION, "phrases"),
    answer: { json: classifyResponseSchema },
    paid: true,
  },
  {
    path: "/v1/reference/brick-attributes",
    query: exampleQuery(BRICK_ATTRIBUTES_OPERATION),
    answer: { json: brickAttributesResponseSchema },
    paid: true,
  },
  { path: "/v1/public/stats", query: "", answer: { json: catalogStatsSchema }, paid: false },
  { path: "/v1/public/releases", query: "", answer: { json: releasesResponseSchema }, paid: false },
  {
    path: "/v1/public/retailers",
    query: exampleQuery("getRetailers"),
    answer: { json: retailersResponseSchema },
    paid: false,
  },
  ...Object.keys(CATALOG_OPERATIONS).map((operation): OperationExample => ({
    path: entryOf(operation)!.path,
    query: exampleQuery(operation),
    answer: { json: CATALOG_SERVED[operation as CatalogOperation]!.response },
    paid: true,
  })),
  { path: "/healthz", query: "", answer: { json: healthSchema }, paid: false },
  { path: "/readyz", query: "", answer: { json: readinessSchema }, paid: false },
  { path: "/openapi.json", query: "", answer: { json: openApiSchema }, paid: false },
  { path: "/docs", query: "", answer: { text: "text/html" }, paid: false },
  { path: "/docs/docs.js", query: "", answer: { text: "text/javascript" }, paid: false },
];

/** The distinct paths of the examples. */
export const EXAMPLE_PATHS: readonly string[] = [...new Set(OPERATION_EXAMPLES.map((e) => e.path))];

/** The example of `path` (its first). */
export function exampleOf(path: string): OperationExample {
  const example = OPERATION_EXAMPLES.find((e) => e.path === path);
  if (example === undefined) throw new Error(`no example request of ${path}`);
  return example;
}

/** Why `body` (the text of a 200 answer with `contentType`) is not the answer `shape` describes, if it is not. */
export function answerProblem(
  shape: AnswerShape,
  contentType: string | null,
  body: string,
): string | undefined {
  if ("text" in shape) {
    return contentType?.startsWith(shape.text) ? undefined : `content type ${contentType}, not ${shape.text}`;
  }
  if (contentType !== "application/json") return `content type ${contentType}, not application/json`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    return `not JSON (${error}): ${body.slice(0, 200)}`;
  }
  const result = v.safeParse(shape.json, parsed);
  if (result.success) return undefined;
  return result.issues.slice(0, 3).map((issue) => `${v.getDotPath(issue) ?? "(top)"}: ${issue.message}`)
    .join("; ");
}
