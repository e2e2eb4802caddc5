/**
 * The catalog part of the OpenAPI document: one path per served catalog operation, its parameters taken
 * from the entries of its valibot query schema and its 200 body from its response schema (the same schemas
 * that validate requests and that the tests check answers against), and the free retailers list.
 */
import { CATALOG_SERVED } from "../catalog/catalog_operations.ts";
import { MAX_VALUE_CHARS } from "../catalog/catalog_params.ts";
import { retailersQuery } from "../catalog/retailers.ts";
import { retailersResponseSchema } from "../catalog/retailers_schema.ts";
import { CATALOG_OPERATIONS, type CatalogOperation } from "../operation/operations.ts";
import { PROBLEM_CONTENT_TYPE } from "../operation/problem.ts";
import { SERVER_REFUSAL } from "../operation/query.ts";
import { CATALOG_ANSWERS, type Deployment, paidResponses, ref } from "./openapi_answers.ts";
import { RETAILERS_PATH } from "./router.ts";
import { jsonSchema } from "./json_schema.ts";
import { queryObject, queryParameters } from "./openapi_parameters.ts";

/** The component name of an operation's 200 body. */
export const responseSchemaName = (operation: string) =>
  `${operation[0]!.toUpperCase()}${operation.slice(1)}Response`;

/** The catalog paths of the document, for the deployment. */
export function catalogPaths(
  deployment: Deployment,
  requestHeaders: readonly unknown[],
  priceOf: (operation: string) => Record<string, unknown>,
): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const [operation, spec] of Object.entries(CATALOG_SERVED)) {
    if (spec === undefined) continue;
    const { path, group } = CATALOG_OPERATIONS[operation as CatalogOperation];
    paths[path] = {
      get: {
        operationId: operation,
        tags: [group],
        ...priceOf(operation),
        summary: spec.summary,
        description: `${spec.description} Every answer carries X-Data-Freshness-Hours and a meta block ` +
          "(served_from, generated, freshness_seconds, schema_version); the us data is generated.",
        parameters: [...queryParameters(operation, spec.query, () => MAX_VALUE_CHARS), ...requestHeaders],
        ...queryObject(spec.query),
        responses: paidResponses(
          deployment,
          responseSchemaName(operation),
          "The input resolves to nothing (NO_RESULTS), the retailer is unknown in the country (NO_RESULTS, " +
            "details.known_retailers), or the retailer is not serving-eligible (RETAILER_NOT_SERVING_ELIGIBLE, " +
            "details {retailer, quality_status, serving_eligible_retailers}).",
          CATALOG_ANSWERS,
          "The answer: meta, resolved (or query), the figures, and method.",
        ),
      },
    };
  }
  const limit = deployment.rateLimited ? { "RateLimit": ref("headers", "RateLimit") } : {};
  paths[RETAILERS_PATH] = {
    get: {
      operationId: "getRetailers",
      tags: ["public"],
      summary: "Retailers of a country with their data quality (free)",
      description: "stale: latest observation more than thresholds.stale_after_days behind the country's; " +
        "sparse: fewer observations or a smaller share of top-level categories than the thresholds; only ok " +
        "retailers are serving-eligible. Never asks for payment.",
      parameters: queryParameters("getRetailers", retailersQuery, () => MAX_VALUE_CHARS),
      ...queryObject(retailersQuery),
      responses: {
        "200": {
          description: "The country's retailers, sorted by name.",
          headers: { "X-Request-Id": ref("headers", "X-Request-Id"), ...limit },
          content: { "application/json": { schema: ref("schemas", "RetailersResponse") } },
        },
        "400": {
          description: `INVALID_PARAMS. Besides: ${SERVER_REFUSAL}.`,
          content: { [PROBLEM_CONTENT_TYPE]: { schema: ref("schemas", "Problem") } },
        },
        "404": {
          description: "NO_RESULTS: the catalog holds no data for the country.",
          content: { [PROBLEM_CONTENT_TYPE]: { schema: ref("schemas", "Problem") } },
        },
      },
    },
  };
  return paths;
}

/** The catalog answers' schemas, by component name. */
export function catalogSchemas(): Record<string, unknown> {
  const schemas: Record<string, unknown> = { RetailersResponse: jsonSchema(retailersResponseSchema) };
  for (const [operation, spec] of Object.entries(CATALOG_SERVED)) {
    if (spec !== undefined) schemas[responseSchemaName(operation)] = jsonSchema(spec.response);
  }
  return schemas;
}
