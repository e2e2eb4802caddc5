/**
 * The OpenAPI 3.1 document served at GET /openapi.json, generated from the valibot schemas that validate
 * requests (reference/request_params.ts) and describe answers (the response and body schemas), so it cannot
 * drift from what the service does; and from the deployment's configuration and payment description, so it
 * promises only the answers, headers and problem types this deployment has (openapi_answers.ts). The
 * decisions the published interface leaves open are written into descriptions. */
import { jsonSchema } from "./json_schema.ts";
import { catalogPaths, catalogSchemas } from "./openapi_catalog.ts";
import type { PaymentDescription } from "../payments/payment_setup.ts";
import type { Config } from "../config.ts";
import { PROBLEM_BASE } from "../operation/problem.ts";
import { SERVER_REFUSAL } from "../operation/query.ts";
import {
  brickAttributesQuery,
  classifyQuery,
  MAX_ITEMS,
  MAX_PHRASE_CHARS,
  MAX_VALUE_CHARS,
} from "../reference/request_params.ts";
import { brickAttributesResponseSchema, classifyResponseSchema } from "../reference/response_schemas.ts";
import { catalogStatsSchema } from "../catalog/stats_schema.ts";
import { healthSchema, problemSchema, readinessSchema, statsErrorSchema } from "./body_schemas.ts";
import { releasesPaths } from "./openapi_releases.ts";
import { queryObject, queryParameters, releaseHeaderParam, requestHeaders } from "./openapi_parameters.ts";
import { releasesResponseSchema } from "./releases_schema.ts";
import {
  BRICK_ATTRIBUTES_PATH,
  CLASSIFY_PATH,
  DOCS_PATH,
  HEALTH_PATH,
  OPENAPI_PATH,
  READY_PATH,
  STATS_PATH,
} from "./router.ts";
import { BRICK_ATTRIBUTES_OPERATION, CLASSIFY_OPERATION } from "../operation/operations.ts";
import {
  BRICK_ATTRIBUTES_ANSWERS,
  type Deployment,
  headerComponents,
  paidResponses,
  problemTypes,
  ref,
  statsResponses,
} from "./openapi_answers.ts";

/** The most characters (code points) of a reference list parameter's decoded value (its pattern implies it). */
const maxLengthOf = (name: string) => MAX_VALUE_CHARS[name as keyof typeof MAX_VALUE_CHARS];

/** The `x-price` member of a paid operation: its decimal price per call and per item, in the asset. */
function priceOf(payment: PaymentDescription | undefined, operation: string): Record<string, unknown> {
  const price = payment?.prices[operation];
  return price === undefined ? {} : { "x-price": { ...price, currency: payment!.currency } };
}

function paymentsText(payment: PaymentDescription | undefined): string {
  if (payment === undefined) {
    return "Payments: off in this deployment: every operation is served free and no answer asks for payment.";
  }
  const prices = Object.entries(payment.prices)
    .map(([operation, price]) =>
      `${operation} ${price.per_call} ${payment.currency} per call` +
      (Number(price.per_item) > 0 ? ` plus ${price.per_item} per item` : "")
    )
    .join("; ");
  return `Payments: x402 v2, scheme exact, network ${payment.network}, asset ${payment.asset.name} ` +
    `${payment.asset.address}, payTo ${payment.pay_to}, facilitator ${payment.facilitator}; ${prices}. ` +
    "The x-payment member carries the same facts as data.";
}

function rateText(config: Config): string {
  if (config.rateLimit === null) return "Rate limit: off in this deployment: no client is limited.";
  return `Rate limit of this deployment: ${config.rateLimit.text} per client (token bucket); it applies to ` +
    "classify, brick-attributes and stats, and their answers carry RateLimit and RateLimit-Policy headers.";
}

/**
 * The OpenAPI document for a runtime configured with `config`, serving the GPC releases `served` (newest
 * first), with payments described by `payment` (absent: payments off), and the browse trees `trees` (the
 * default first; none: the data names no tree).
 */
export function openApiDocument(
  config: Config,
  served: readonly string[],
  payment?: PaymentDescription,
  trees: readonly string[] = [],
): Record<string, unknown> {
  const deployment: Deployment = {
    payment,
    rateLimited: config.rateLimit !== null,
    sharedState: config.stateStore.kind === "redis",
  };
  const checks = [
    "route (404 NOT_FOUND, 405 METHOD_NOT_ALLOWED)",
    ...(deployment.rateLimited ? ["rate limit (429)"] : []),
    "data health (503)",
    "validation (400)",
    "unservable (404 NO_RESULTS)",
    ...(payment ? ["payment (402)"] : []),
    "work",
  ];
  return {
    openapi: "3.1.0",
    info: {
      title: "Product classification and catalog reference service",
      version: "1.0.0",
      description: [
        "Maps retailer browse nodes and product-type phrases to GS1 GPC, serves brick attribute schemas and",
        `catalog statistics. Order of checks: ${checks.join(" → ")}.`,
        `Problem types are URIs under ${PROBLEM_BASE} (identifiers, not pages); x-problem-types lists every`,
        "one this deployment answers with. Unknown query parameters and repeated parameters are 400;",
        `${SERVER_REFUSAL}. Each query parameter's schema admits exactly the values the service accepts`,
        "(a number's type and range, an enum, a pattern and maxLength); x-query is the JSON Schema of an",
        "operation's whole query (which parameters are required or alternatives, that no other is accepted);",
        "the parameters that share an example name form one example request, which the embedded default",
        "answers 200. HEAD",
        "answers exactly the headers of the same request's GET (Content-Length of its body included), without",
        payment
          ? "the body, and never spends a payment (on a paid path: the headers of the GET's 402 and challenge)."
          : "the body.",
        rateText(config),
        paymentsText(payment),
      ].join(" "),
    },
    paths: {
      [CLASSIFY_PATH]: {
        get: {
          operationId: CLASSIFY_OPERATION,
          ...priceOf(payment, CLASSIFY_OPERATION),
          summary: "Classify browse nodes or product-type phrases to GPC",
          description: [
            "Give exactly one of browse_id and q (both or neither: 400 INVALID_PARAMS).",
            ...(trees.length === 0 ? [] : [
              `tree chooses the browse tree of the ids: ${trees.join(", ")} (default ${trees[0]});`,
              "the answer's X-Map-Version is that tree's.",
            ]),
            `At most ${MAX_ITEMS} ids or phrases; a phrase is 1 to ${MAX_PHRASE_CHARS} characters, not blank.`,
            "An id the browse tree knows but nothing maps answers gpc null in its slot; an id the tree does not",
            "know answers the same null shape; when no requested id is known at all: 404 NO_RESULTS.",
            "q results are { q, gpc: [GPC node] } (empty when the lexicon does not carry the phrase: certain or",
            "blank); when no phrase is carried: 404 NO_RESULTS.",
          ].join(" "),
          parameters: [
            ...queryParameters(CLASSIFY_OPERATION, classifyQuery, maxLengthOf).map((parameter) =>
              parameter.name === "tree" && trees.length > 0
                ? { ...parameter, schema: { type: "string", enum: [...trees] } }
                : parameter
            ),
            releaseHeaderParam(served),
            ...requestHeaders(deployment),
          ],
          ...queryObject(classifyQuery),
          responses: paidResponses(
            deployment,
            "ClassifyResponse",
            "No requested id is a node of the browse tree, or no phrase is carried by the lexicon.",
          ),
        },
      },
      [BRICK_ATTRIBUTES_PATH]: {
        get: {
          operationId: BRICK_ATTRIBUTES_OPERATION,
          ...priceOf(payment, BRICK_ATTRIBUTES_OPERATION),
          summary: "Attribute schemas of GPC bricks",
          description: [
            `gpc_code is required: at most ${MAX_ITEMS} codes of exactly 8 ASCII digits. A code that is a`,
            "segment, family, class, attribute type or attribute value is 400 INVALID_PARAMS naming what it is",
            "(error.details.issues[] carries value, kind and title). An unknown code answers gpc null and",
            "attributes [] in its slot; when no code is a known brick: 404 NO_RESULTS. Attributes and values",
            "in GS1's order (by title); value_count is the length of allowed_values. attribute_schema says",
            "whether the brick's schema is known in the release answering: published (by its own publication:",
            "an empty attributes list means the brick defines none), carried (from the older served release",
            "it names, in which the brick has the same code, title and ancestry) or unknown (the release was",
            "published without attribute data: attributes [] then means not known, not none). When every",
            "requested brick's schema is unknown: 404 ATTRIBUTE_SCHEMA_UNKNOWN, before any payment.",
          ].join(" "),
          parameters: [
            ...queryParameters(BRICK_ATTRIBUTES_OPERATION, brickAttributesQuery, maxLengthOf),
            releaseHeaderParam(served),
            ...requestHeaders(deployment),
          ],
          ...queryObject(brickAttributesQuery),
          responses: paidResponses(
            deployment,
            "BrickAttributesResponse",
            "No requested code is a brick of the release (NO_RESULTS), or every requested brick's attribute " +
              "schema is unknown in the release (ATTRIBUTE_SCHEMA_UNKNOWN: error.details.gpc_release, " +
              "unknown_schema lists the codes).",
            BRICK_ATTRIBUTES_ANSWERS,
          ),
        },
      },
      [STATS_PATH]: {
        get: {
          operationId: "getCatalogStats",
          summary: "Catalog coverage and freshness statistics (free)",
          description: "No parameters (any query parameter is 400 INVALID_PARAMS). Never asks for payment. " +
            "Errors are { error: { code, message, details } } as application/json. If-None-Match is honoured.",
          responses: statsResponses(deployment),
        },
      },
      [HEALTH_PATH]: {
        get: {
          operationId: "getHealth",
          summary: "Health and data versions (not rate limited)",
          responses: {
            "200": {
              description: "Serving.",
              content: { "application/json": { schema: ref("schemas", "Health") } },
            },
            "503": {
              description: "The compiled data failed an integrity check.",
              content: { "application/json": { schema: ref("schemas", "Health") } },
            },
          },
        },
      },
      [READY_PATH]: {
        get: {
          operationId: "getReadiness",
          summary: "Readiness: whether to route traffic here (not rate limited)",
          description: "Ready when the dist is open and verified and, with payments on, the payment " +
            "facilitator has answered and the state store answers. checks names each one.",
          responses: {
            "200": {
              description: "Ready.",
              content: { "application/json": { schema: ref("schemas", "Readiness") } },
            },
            "503": {
              description: "Not ready; checks says which check failed.",
              content: { "application/json": { schema: ref("schemas", "Readiness") } },
            },
          },
        },
      },
      [OPENAPI_PATH]: {
        get: {
          operationId: "getOpenApi",
          summary: "This document",
          responses: { "200": { description: "OpenAPI 3.1 document.", content: { "application/json": {} } } },
        },
      },
      [DOCS_PATH]: {
        get: {
          operationId: "getDocs",
          summary:
            "This document as a page (Swagger UI, served with its files under /docs/; not rate limited)",
          responses: { "200": { description: "HTML page.", content: { "text/html": {} } } },
        },
      },
      ...catalogPaths(deployment, requestHeaders(deployment), (operation) => priceOf(payment, operation)),
      ...releasesPaths(deployment),
    },
    components: {
      schemas: {
        ClassifyResponse: jsonSchema(classifyResponseSchema),
        BrickAttributesResponse: jsonSchema(brickAttributesResponseSchema),
        CatalogStats: jsonSchema(catalogStatsSchema),
        Problem: jsonSchema(problemSchema),
        StatsError: jsonSchema(statsErrorSchema),
        Health: jsonSchema(healthSchema),
        ...catalogSchemas(),
        Readiness: jsonSchema(readinessSchema),
        ReleasesResponse: jsonSchema(releasesResponseSchema),
      },
      headers: headerComponents(deployment),
    },
    "x-problem-types": problemTypes(deployment),
    "x-payment": payment ?? null,
  };
}

/** The OpenAPI document as JSON text. */
export function openApiJson(
  config: Config,
  served: readonly string[],
  payment?: PaymentDescription,
  trees: readonly string[] = [],
): string {
  return JSON.stringify(openApiDocument(config, served, payment, trees));
}
