/**
 * The answers the OpenAPI document promises, for the deployment that serves it: with PAYMENTS=off no 402,
 * no payment 502/503 and no PAYMENT-* header; with RATE_LIMIT=off no 429 and no RateLimit header; and the
 * problem types listed are exactly those the deployment can answer with.
 */
import { PROBLEM_BASE, PROBLEM_CONTENT_TYPE, PROBLEM_TYPES } from "../operation/problem.ts";
import type { ErrorCode } from "../operation/api_error.ts";
import {
  FACILITATOR_TROUBLE,
  PAYMENT_ERROR_CODES,
  PAYMENT_ID_CONFLICTS,
  PAYMENT_PROBLEM_BASE,
  PAYMENT_PROBLEM_NAMES,
  PAYMENT_PROBLEM_TYPES,
  type PaymentProblemName,
} from "../payments/payment_problems.ts";
import type { PaymentDescription } from "../payments/payment_setup.ts";
import { MAX_RESOURCE_URL_CHARS } from "../payments/challenge_resource.ts";
import { MAX_CREDENTIAL_CHARS, MAX_CREDENTIAL_DEPTH } from "../payments/payment_credential.ts";
import { SERVER_REFUSAL } from "../operation/query.ts";

/**
 * What the descriptions describe: the deployment's payment facts (absent: PAYMENTS=off), rate limit, state
 * store, served releases and browse trees.
 */
export interface Deployment {
  readonly payment: PaymentDescription | undefined;
  readonly rateLimited: boolean;
  /** Whether the state store is shared (Redis), so that a paid request can meet it unreachable. */
  readonly sharedState: boolean;
  /** The GPC releases served, newest first. */
  readonly served: readonly string[];
  /** The browse trees served, the default first (none: the data names no tree). */
  readonly trees: readonly string[];
}

/** A reference into the document's components. */
export const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const str = (description: string) => ({ description, schema: { type: "string" } });

/** The response headers the deployment sends, by name. */
export function headerComponents(deployment: Deployment): Record<string, unknown> {
  const { payment, rateLimited, sharedState } = deployment;
  const everyAnswer = `errors${payment ? " and 402s" : ""} included`;
  const retryAfter = [
    ...(rateLimited ? ["429: until the client's next request is allowed"] : []),
    ...(payment ? ["payment 502/503: until the facilitator may answer, or past a pending settlement"] : []),
    ...(payment && sharedState ? ["503 STATE_STORE_UNAVAILABLE: until the state store may answer"] : []),
  ];
  return {
    "X-GPC-Release": str("GPC release the answer is pinned to, v<YYYYMMDD> (every answer of the operation)."),
    "X-Map-Version": str(
      "<declared map version>+<8 hex digits of a hash of the data every answer is compiled from> (every answer).",
    ),
    "X-Request-Id": str(
      "The caller's X-Request-Id when sane (1-128 of A-Z a-z 0-9 . _ : -), else a new UUID.",
    ),
    ...(rateLimited
      ? {
        "RateLimit": str(
          'draft-ietf-httpapi-ratelimit-headers-09: "default";r=<remaining>;t=<seconds until full>.',
        ),
        "RateLimit-Policy": str(
          'draft-ietf-httpapi-ratelimit-headers-09: "default";q=<requests>;w=<window seconds>.',
        ),
      }
      : {}),
    ...(retryAfter.length > 0 ? { "Retry-After": str(`Seconds to wait (${retryAfter.join("; ")}).`) } : {}),
    ...(payment
      ? {
        "PAYMENT-REQUIRED": str(
          `base64 of the x402 v2 PaymentRequired object (402), at most a few KB whatever the query: ` +
            `resource.url is PUBLIC_URL + path + "?" + the canonical query when that is at most ` +
            `${MAX_RESOURCE_URL_CHARS} characters, else PUBLIC_URL + path with "; query sha256=<hex>" ending ` +
            "resource.description (the README says how the canonical query is written).",
        ),
        "PAYMENT-RESPONSE": str("base64 of the x402 v2 SettlementResponse (200 of a paid request)."),
      }
      : {}),
    "X-Data-Freshness-Hours": str(
      "Hours (one decimal) from the latest observation of the requested country (of us when country is " +
        `invalid) to this answer: on every answer of the shopper, marketing and analyst paths, ${everyAnswer}.`,
    ),
    "ETag": str("Strong entity tag of the stats or releases body (fixed for the life of a dist)."),
    "Cache-Control": str(
      "no-store for the paid operations (sold per call); public, max-age=60 for stats, retailers and releases.",
    ),
  };
}

const headerRefs = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, ref("headers", n)]));

/** How a paid operation's answers differ: the headers every answer carries and the codes of its 404. */
export interface PaidAnswers {
  readonly headers: readonly string[];
  readonly notFound: readonly ErrorCode[];
}

/** Classify and brick-attributes: version-pinned answers, 404 NO_RESULTS. */
export const REFERENCE_ANSWERS: PaidAnswers = {
  headers: ["X-GPC-Release", "X-Map-Version", "X-Request-Id"],
  notFound: ["NO_RESULTS"],
};

/** Brick-attributes: version-pinned answers, 404 NO_RESULTS or ATTRIBUTE_SCHEMA_UNKNOWN. */
export const BRICK_ATTRIBUTES_ANSWERS: PaidAnswers = {
  headers: REFERENCE_ANSWERS.headers,
  notFound: ["NO_RESULTS", "ATTRIBUTE_SCHEMA_UNKNOWN"],
};

/** The catalog operations: answers stating freshness, 404 NO_RESULTS or RETAILER_NOT_SERVING_ELIGIBLE. */
export const CATALOG_ANSWERS: PaidAnswers = {
  headers: ["X-Data-Freshness-Hours", "X-Request-Id"],
  notFound: ["NO_RESULTS", "RETAILER_NOT_SERVING_ELIGIBLE"],
};

function paidHeadersOf(deployment: Deployment, extra: readonly string[] = [], answers = REFERENCE_ANSWERS) {
  const limit = deployment.rateLimited ? ["RateLimit", "RateLimit-Policy"] : [];
  return headerRefs([...answers.headers, ...limit, ...extra]);
}

function problem(description: string, codes: readonly ErrorCode[], headers: Record<string, unknown>) {
  const types = codes.map((code) => `\`${code}\` → ${PROBLEM_TYPES[code]}`).join("; ");
  return {
    description: `${description} error.code and type: ${types}.`,
    headers,
    content: { [PROBLEM_CONTENT_TYPE]: { schema: ref("schemas", "Problem") } },
  };
}

/** The answers of a paid operation in this deployment (classify and brick-attributes unless `answers` says). */
export function paidResponses(
  deployment: Deployment,
  okSchema: string,
  notFound: string,
  answers: PaidAnswers = REFERENCE_ANSWERS,
  okDescription = "One result per requested item, in request order (duplicates answered in each slot).",
) {
  const { payment, rateLimited, sharedState } = deployment;
  const paidHeaders = (d: Deployment, extra: readonly string[] = []) => paidHeadersOf(d, extra, answers);
  const conflicts = () =>
    Object.entries(PAYMENT_ID_CONFLICTS).map(([name, t]) => `\`${t.code}\` → ${PROBLEM_BASE}${name}`).join(
      "; ",
    );
  const trouble = (status: number) =>
    Object.entries(FACILITATOR_TROUBLE).filter(([, t]) => t.status === status)
      .map(([name, t]) => `\`${t.code}\` → ${PROBLEM_BASE}${name}`).join("; ");
  const dataUnavailable = "The compiled data failed an integrity check (no Retry-After: it lasts until the " +
    "data is rebuilt).";
  return {
    "200": {
      description: okDescription,
      headers: paidHeaders(deployment, [...(payment ? ["PAYMENT-RESPONSE"] : []), "Cache-Control"]),
      content: { "application/json": { schema: ref("schemas", okSchema) } },
    },
    "400": problem(
      `Invalid query parameters; answered before any payment${
        payment ? " challenge" : ""
      }, nothing charged. ` +
        `Besides: ${SERVER_REFUSAL}.`,
      ["INVALID_PARAMS"],
      paidHeaders(deployment),
    ),
    ...(payment
      ? {
        "402": {
          description: `Payment required before the work runs (x402 v2). Problem type ` +
            `${PAYMENT_PROBLEM_BASE}payment-required; payment failures use the MPP vocabulary under ` +
            `${PAYMENT_PROBLEM_BASE}. error.code: ${
              Object.entries(PAYMENT_ERROR_CODES).map(([name, code]) =>
                `${code} (${PAYMENT_PROBLEM_NAMES[name as PaymentProblemName]})`
              ).join(", ")
            }. Every 402 carries a fresh challenge in PAYMENT-REQUIRED (base64 JSON, x402Version 2, ` +
            "accepts with scheme exact, network, amount in atomic units, asset, payTo, maxTimeoutSeconds, " +
            "extra {name, version}; extensions.bazaar, the operation's x402 discovery metadata: its query's " +
            "JSON Schema, its answer's top level, and info.output.format, this 200 response's URI relative to " +
            'resource.url; extensions["payment-identifier"], the x402 idempotency key, not required; error, ' +
            "the problem's name). A payment whose extensions carry payment-identifier info.id (16-128 of " +
            "A-Z a-z 0-9 _ -) holds that id for its payer: the same id with the same request again answers " +
            "the kept answer (x-payment.payment_identifier.kept_seconds) without a second settlement; see 409. " +
            `A PAYMENT-SIGNATURE longer than ${MAX_CREDENTIAL_CHARS} characters, ` +
            `nested deeper than ${MAX_CREDENTIAL_DEPTH} levels, or with a member the exact scheme does not ` +
            "define is PAYMENT_MALFORMED. A payment binds its request: a PaymentPayload whose resource " +
            "(url, description and mimeType) is not the one this request's challenge names, or that names " +
            "none, is PAYMENT_RESOURCE_MISMATCH, refused before anything is claimed, verified or settled; the " +
            "facilitator only ever receives the service's own resource and requirements.",
          headers: paidHeaders(deployment, ["PAYMENT-REQUIRED"]),
          content: { [PROBLEM_CONTENT_TYPE]: { schema: ref("schemas", "Problem") } },
        },
      }
      : {}),
    "404": problem(
      `${notFound} Answered before any payment${payment ? " challenge" : ""}, nothing charged.`,
      answers.notFound,
      paidHeaders(deployment),
    ),
    ...(payment
      ? {
        "409": {
          description:
            "A payment identifier (the x402 payment-identifier extension) met again with a call it " +
            "cannot answer; free, no challenge: it paid for another request (the same path, query, " +
            "X-GPC-Release and price), or its call is still being answered (Retry-After: 1, then the kept " +
            `answer). error.code → type: ${conflicts()}.`,
          headers: paidHeaders(deployment, ["Retry-After"]),
          content: { [PROBLEM_CONTENT_TYPE]: { schema: ref("schemas", "Problem") } },
        },
      }
      : {}),
    ...(rateLimited
      ? {
        "429": problem(
          "Per-client rate limit exceeded.",
          ["RATE_LIMITED"],
          paidHeaders(deployment, ["Retry-After"]),
        ),
      }
      : {}),
    "500": problem(
      `Unexpected server error; the body reveals nothing internal.${
        payment ? " A paid request is not settled." : ""
      }`,
      ["INTERNAL"],
      paidHeaders(deployment),
    ),
    ...(payment
      ? {
        "502": {
          description: `The payment facilitator gave an unusable answer; nothing was charged. Retry-After. ` +
            `error.code → type: ${trouble(502)}.`,
          headers: paidHeaders(deployment, ["Retry-After"]),
          content: { [PROBLEM_CONTENT_TYPE]: { schema: ref("schemas", "Problem") } },
        },
      }
      : {}),
    "503": payment
      ? problem(
        `${dataUnavailable} Or payment trouble, with Retry-After: the facilitator is down or too slow ` +
          "(nothing charged), or a settlement has no outcome yet (do not pay again before Retry-After); " +
          `error.code → type: ${trouble(503)}.` +
          (sharedState ? " Or the shared state store does not answer (nothing charged, Retry-After)." : ""),
        sharedState ? ["UNAVAILABLE", "STATE_STORE_UNAVAILABLE"] : ["UNAVAILABLE"],
        paidHeaders(deployment, ["Retry-After"]),
      )
      : problem(dataUnavailable, ["UNAVAILABLE"], paidHeaders(deployment)),
  };
}

/** The answers of the stats operation in this deployment. */
export function statsResponses({ rateLimited }: Deployment) {
  const limit = rateLimited ? ["RateLimit", "RateLimit-Policy"] : [];
  const errors: [string, string][] = [
    ["400", `INVALID_PARAMS: a query parameter was given. Besides: ${SERVER_REFUSAL}.`],
    ...(rateLimited ? [["429", "RATE_LIMITED, with Retry-After."] as [string, string]] : []),
    ["500", "INTERNAL."],
    ["503", "UNAVAILABLE: the compiled data failed an integrity check."],
  ];
  return {
    "200": {
      description: "Exactly the published statistics fields.",
      headers: headerRefs(["ETag", "Cache-Control", "X-Request-Id", ...limit]),
      content: { "application/json": { schema: ref("schemas", "CatalogStats") } },
    },
    "304": { description: "Not modified (If-None-Match matched the ETag)." },
    ...Object.fromEntries(errors.map(([status, description]) => [
      status,
      { description, content: { "application/json": { schema: ref("schemas", "StatsError") } } },
    ])),
  };
}

/** The problem type URI of every error.code this deployment can answer with. */
export function problemTypes({ payment, rateLimited, sharedState }: Deployment): Record<string, string> {
  const service: Record<string, string> = { ...PROBLEM_TYPES };
  if (!rateLimited) delete service.RATE_LIMITED;
  // Only a payment claim needs the store: free paths fail open when it does not answer.
  if (!(payment && sharedState)) delete service.STATE_STORE_UNAVAILABLE;
  return { ...service, ...(payment ? PAYMENT_PROBLEM_TYPES : {}) };
}
