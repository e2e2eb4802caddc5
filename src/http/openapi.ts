/**
 * The OpenAPI 3.1 document served at GET /openapi.json, generated from the valibot schemas that validate
 * requests (reference/request_params.ts) and describe answers (the response and body schemas), so it cannot
 * drift from what the service does; and from the deployment's configuration and payment description, so it
 * promises only the answers, headers and problem types this deployment has (openapi_answers.ts). The
 * decisions the published interface leaves open are written into descriptions. */
import { toJsonSchema } from "npm:@valibot/to-json-schema@1.8.0";
import { catalogPaths, catalogSchemas } from "./openapi_catalog.ts";
import type { PaymentDescription } from "../payments/payment_setup.ts";
import type * as v from "npm:valibot@1.5.0";
import type { Config } from "../config.ts";
import { PROBLEM_BASE } from "../operation/problem.ts";
import {
  browseIdParam,
  gpcCodesParam,
  MAX_ITEMS,
  MAX_PHRASE_CHARS,
  MAX_VALUE_CHARS,
  phrasesParam,
} from "../reference/request_params.ts";
import { brickAttributesResponseSchema, classifyResponseSchema } from "../reference/response_schemas.ts";
import { catalogStatsSchema } from "../catalog/stats_schema.ts";
import { healthSchema, problemSchema, readinessSchema, statsErrorSchema } from "./body_schemas.ts";
import { releaseHeaderParam, releasesPaths } from "./openapi_releases.ts";
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
  type Deployment,
  headerComponents,
  paidResponses,
  problemTypes,
  ref,
  statsResponses,
} from "./openapi_answers.ts";

/** The JSON Schema (draft 2020-12) of a valibot schema, without its `$schema` member. */
export function schema(of: v.GenericSchema): Record<string, unknown> {
  const { $schema: _, ...rest } = toJsonSchema(of, { target: "draft-2020-12", errorMode: "ignore" });
  return rest;
}

/** A list parameter with its maxLength (code points of the decoded value; implied by its pattern). */
function queryParam(name: keyof typeof MAX_VALUE_CHARS, required: boolean, of: v.GenericSchema) {
  return { name, in: "query", required, schema: { ...schema(of), maxLength: MAX_VALUE_CHARS[name] } };
}

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

function requestHeaders({ payment }: Deployment) {
  return [
    ...(payment
      ? [{
        name: "PAYMENT-SIGNATURE",
        in: "header",
        required: false,
        description: "base64 of an x402 v2 PaymentPayload.",
        schema: { type: "string" },
      }]
      : []),
    {
      name: "X-Request-Id",
      in: "header",
      required: false,
      description: "Echoed when sane, else replaced.",
      schema: { type: "string" },
    },
  ];
}

/** The OpenAPI document for a runtime configured with `config`. */
export function openApiDocument(config: Config, payment?: PaymentDescription): Record<string, unknown> {
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
        "one this deployment answers with. Unknown query parameters and repeated parameters are 400. HEAD",
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
            `At most ${MAX_ITEMS} ids or phrases; a phrase is 1 to ${MAX_PHRASE_CHARS} characters, not blank.`,
            "An id the browse tree knows but nothing maps answers gpc null in its slot; an id the tree does not",
            "know answers the same null shape; when no requested id is known at all: 404 NO_RESULTS.",
            "q results are { q, gpc: [GPC node] } (empty when the lexicon does not carry the phrase: certain or",
            "blank); when no phrase is carried: 404 NO_RESULTS.",
          ].join(" "),
          parameters: [
            queryParam("browse_id", false, browseIdParam),
            queryParam("q", false, phrasesParam),
            releaseHeaderParam,
            ...requestHeaders(deployment),
          ],
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
            "in GS1's order (by title); value_count is the length of allowed_values.",
          ].join(" "),
          parameters: [
            queryParam("gpc_code", true, gpcCodesParam),
            releaseHeaderParam,
            ...requestHeaders(deployment),
          ],
          responses: paidResponses(
            deployment,
            "BrickAttributesResponse",
            "No requested code is a brick of the release.",
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
        ClassifyResponse: schema(classifyResponseSchema),
        BrickAttributesResponse: schema(brickAttributesResponseSchema),
        CatalogStats: schema(catalogStatsSchema),
        Problem: schema(problemSchema),
        StatsError: schema(statsErrorSchema),
        Health: schema(healthSchema),
        ...catalogSchemas(),
        Readiness: schema(readinessSchema),
        ReleasesResponse: schema(releasesResponseSchema),
      },
      headers: headerComponents(deployment),
    },
    "x-problem-types": problemTypes(deployment),
    "x-payment": payment ?? null,
  };
}

/** The OpenAPI document as JSON text. */
export function openApiJson(config: Config, payment?: PaymentDescription): string {
  return JSON.stringify(openApiDocument(config, payment));
}
