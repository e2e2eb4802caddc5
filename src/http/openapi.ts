/**
 * The OpenAPI 3.1 document served at GET /openapi.json, generated from the valibot schemas that validate
 * requests (reference/request_params.ts) and describe answers (the response and body schemas), so it cannot drift from what
 * the service does. The decisions the published interface leaves open are written into descriptions.
 */
import { toJsonSchema } from "npm:@valibot/to-json-schema@1.8.0";
import { PAYMENT_ERROR_CODES, PAYMENT_PROBLEM_BASE } from "../payments/payment_problems.ts";
import type { PaymentDescription } from "../payments/payment_setup.ts";
import type * as v from "npm:valibot@1.5.0";
import type { Config } from "../config.ts";
import { PROBLEM_BASE, PROBLEM_CONTENT_TYPE, PROBLEM_TYPES } from "../operation/problem.ts";
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
import { healthSchema, problemSchema, statsErrorSchema } from "./body_schemas.ts";
import { BRICK_ATTRIBUTES_PATH, CLASSIFY_PATH, HEALTH_PATH, OPENAPI_PATH, STATS_PATH } from "./router.ts";
import { BRICK_ATTRIBUTES_OPERATION, CLASSIFY_OPERATION } from "../operation/operations.ts";

/** The payment problem type of a 402 (MPP vocabulary, see payments.md). */
export const PAYMENT_REQUIRED_TYPE = "https://paymentauth.org/problems/payment-required";

function schema(of: v.GenericSchema): Record<string, unknown> {
  const { $schema: _, ...rest } = toJsonSchema(of, { target: "draft-2020-12", errorMode: "ignore" });
  return rest;
}

/** A list parameter with its maxLength (code points of the decoded value; implied by its pattern). */
function queryParam(name: keyof typeof MAX_VALUE_CHARS, required: boolean, of: v.GenericSchema) {
  return { name, in: "query", required, schema: { ...schema(of), maxLength: MAX_VALUE_CHARS[name] } };
}

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const str = (description: string) => ({ description, schema: { type: "string" } });

const HEADERS = {
  "X-GPC-Release": str("GPC release the answer is pinned to, v<YYYYMMDD> (every answer of the operation)."),
  "X-Map-Version": str(
    "<declared map version>+<8 hex digits of a hash of the data every answer is compiled from> (every answer).",
  ),
  "X-Request-Id": str("The caller's X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a new UUID."),
  "RateLimit": str(
    'draft-ietf-httpapi-ratelimit-headers-09: "default";r=<remaining>;t=<seconds until full>.',
  ),
  "RateLimit-Policy": str(
    'draft-ietf-httpapi-ratelimit-headers-09: "default";q=<requests>;w=<window seconds>.',
  ),
  "Retry-After": str("Seconds until the client's next request is allowed (429)."),
  "PAYMENT-REQUIRED": str("base64 of the x402 v2 PaymentRequired object (402)."),
  "PAYMENT-RESPONSE": str("base64 of the x402 v2 SettlementResponse (200 of a paid request)."),
  "ETag": str("Strong entity tag of the stats body (fixed for the life of a dist)."),
  "Cache-Control": str(
    "no-store for paid operations (answers are sold per call); public, max-age=60 for stats.",
  ),
};

const paidHeaders = ["X-GPC-Release", "X-Map-Version", "X-Request-Id", "RateLimit", "RateLimit-Policy"];
const headerRefs = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, ref("headers", n)]));

function problem(description: string, codes: readonly (keyof typeof PROBLEM_TYPES)[], extra: string[] = []) {
  const types = codes.map((code) => `\`${code}\` → ${PROBLEM_TYPES[code]}`).join("; ");
  return {
    description: `${description} error.code and type: ${types}.`,
    headers: headerRefs([...paidHeaders, ...extra]),
    content: { [PROBLEM_CONTENT_TYPE]: { schema: ref("schemas", "Problem") } },
  };
}

const PAYMENT_CODES = Object.entries(PAYMENT_ERROR_CODES).map(([name, code]) => `${code} (${name})`).join(
  ", ",
);

function paidResponses(okSchema: string, notFound: string) {
  const unavailable = problem(
    "The compiled data failed an integrity check (no Retry-After: it lasts until the data is rebuilt).",
    ["UNAVAILABLE"],
    ["Retry-After"],
  );
  return {
    "200": {
      description: "One result per requested item, in request order (duplicates answered in each slot).",
      headers: headerRefs([...paidHeaders, "PAYMENT-RESPONSE", "Cache-Control"]),
      content: { "application/json": { schema: ref("schemas", okSchema) } },
    },
    "400": problem("Invalid query parameters; answered before any payment challenge, nothing charged.", [
      "INVALID_PARAMS",
    ]),
    "402": {
      description:
        `Payment required before the work runs (x402 v2). Problem type ${PAYMENT_REQUIRED_TYPE}; ` +
        `payment failures use the MPP vocabulary under ${PAYMENT_PROBLEM_BASE}. error.code: ${PAYMENT_CODES}. ` +
        "Every 402 carries a fresh challenge in PAYMENT-REQUIRED (base64 JSON, x402Version 2, accepts with " +
        "scheme exact, network, amount in atomic units, asset, payTo, maxTimeoutSeconds, extra {name, version}).",
      headers: headerRefs([...paidHeaders, "PAYMENT-REQUIRED"]),
      content: { [PROBLEM_CONTENT_TYPE]: { schema: ref("schemas", "Problem") } },
    },
    "404": problem(`${notFound} Answered before any payment challenge, nothing charged.`, ["NO_RESULTS"]),
    "429": problem("Per-client rate limit exceeded.", ["RATE_LIMITED"], ["Retry-After"]),
    "500": problem(
      "Unexpected server error; the body reveals nothing internal. A paid request is not settled.",
      ["INTERNAL"],
    ),
    "502": paymentTrouble(
      "The payment facilitator gave an unusable answer; nothing was charged.",
      ["PAYMENT_FACILITATOR_ERROR → facilitator-error"],
    ),
    "503": {
      ...unavailable,
      description: `${unavailable.description} Or payment trouble, with Retry-After: ${
        paymentTrouble(
          "the facilitator is down or too slow (nothing charged), or a settlement has no outcome yet " +
            "(do not pay again before Retry-After).",
          [
            "PAYMENT_FACILITATOR_UNAVAILABLE → facilitator-unavailable",
            "PAYMENT_SETTLEMENT_PENDING → settlement-pending",
          ],
        ).description
      }`,
    },
  };
}

/** The `x-price` member of a paid operation: its decimal price per call and per item, in the asset. */
function priceOf(payment: PaymentDescription | undefined, operation: string): Record<string, unknown> {
  const price = payment?.prices[operation];
  return price === undefined ? {} : { "x-price": { ...price, currency: payment!.currency } };
}

/** A 502/503 of the payment gate: codes with their problem names under the service's problem base. */
function paymentTrouble(description: string, codes: readonly string[]) {
  return {
    description: `${description} error.code → type name under ${PROBLEM_BASE}: ${codes.join("; ")}.`,
    headers: headerRefs([...paidHeaders, "Retry-After"]),
    content: { [PROBLEM_CONTENT_TYPE]: { schema: ref("schemas", "Problem") } },
  };
}

function paymentsText(payment: PaymentDescription | undefined): string {
  if (payment === undefined) return "Payments: off in this deployment (every operation is served free).";
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

const optionalHeaders = [
  {
    name: "PAYMENT-SIGNATURE",
    in: "header",
    required: false,
    ...str("base64 of an x402 v2 PaymentPayload."),
  },
  { name: "X-Request-Id", in: "header", required: false, ...str("Echoed when sane, else replaced.") },
];

/** The OpenAPI document for a runtime configured with `config`. */
export function openApiDocument(config: Config, payment?: PaymentDescription): Record<string, unknown> {
  const rate = config.rateLimit === null ? "off" : `${config.rateLimit.text} per client (token bucket)`;
  return {
    openapi: "3.1.0",
    info: {
      title: "Product classification and catalog reference service",
      version: "1.0.0",
      description: [
        "Maps retailer browse nodes and product-type phrases to GS1 GPC, serves brick attribute schemas and",
        "catalog statistics. Order of checks: route (404 NOT_FOUND, 405 METHOD_NOT_ALLOWED) → rate limit",
        "(429) → data health (503) → validation (400) → unservable (404 NO_RESULTS) → payment (402) → work.",
        `Problem types are URIs under ${PROBLEM_BASE} (identifiers, not pages). Unknown query parameters and`,
        "repeated parameters are 400. HEAD answers like GET without a body and never spends a payment (a paid",
        "path answers HEAD with the challenge's headers). Rate limit of this deployment: " + rate + "; it",
        "applies to classify,",
        "brick-attributes and stats, and answers carry RateLimit and RateLimit-Policy headers.",
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
            ...optionalHeaders,
          ],
          responses: paidResponses(
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
          parameters: [queryParam("gpc_code", true, gpcCodesParam), ...optionalHeaders],
          responses: paidResponses("BrickAttributesResponse", "No requested code is a brick of the release."),
        },
      },
      [STATS_PATH]: {
        get: {
          operationId: "getCatalogStats",
          summary: "Catalog coverage and freshness statistics (free)",
          description: "No parameters (any query parameter is 400 INVALID_PARAMS). Never asks for payment. " +
            "Errors are { error: { code, message, details } } as application/json. If-None-Match is honoured.",
          responses: {
            "200": {
              description: "Exactly the published statistics fields.",
              headers: headerRefs(["ETag", "Cache-Control", "X-Request-Id", "RateLimit", "RateLimit-Policy"]),
              content: { "application/json": { schema: ref("schemas", "CatalogStats") } },
            },
            "304": { description: "Not modified (If-None-Match matched the ETag)." },
            ...Object.fromEntries(
              [
                ["400", "INVALID_PARAMS: a query parameter was given."],
                ["429", "RATE_LIMITED, with Retry-After."],
                ["500", "INTERNAL."],
                ["503", "UNAVAILABLE: the compiled data failed an integrity check."],
              ].map(([status, description]) => [
                status,
                { description, content: { "application/json": { schema: ref("schemas", "StatsError") } } },
              ]),
            ),
          },
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
      [OPENAPI_PATH]: {
        get: {
          operationId: "getOpenApi",
          summary: "This document",
          responses: { "200": { description: "OpenAPI 3.1 document.", content: { "application/json": {} } } },
        },
      },
    },
    components: {
      schemas: {
        ClassifyResponse: schema(classifyResponseSchema),
        BrickAttributesResponse: schema(brickAttributesResponseSchema),
        CatalogStats: schema(catalogStatsSchema),
        Problem: schema(problemSchema),
        StatsError: schema(statsErrorSchema),
        Health: schema(healthSchema),
      },
      headers: HEADERS,
    },
    "x-problem-types": { ...PROBLEM_TYPES, PAYMENT_REQUIRED: PAYMENT_REQUIRED_TYPE },
    "x-payment": payment ?? null,
  };
}

/** The OpenAPI document as JSON text. */
export function openApiJson(config: Config, payment?: PaymentDescription): string {
  return JSON.stringify(openApiDocument(config, payment));
}
