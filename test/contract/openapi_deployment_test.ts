/**
 * The OpenAPI document describes the deployment that serves it: each combination of PAYMENTS and
 * RATE_LIMIT promises exactly the answers, headers and problem types that deployment has, and the documented
 * problem table lists every problem type there is.
 */
import assert from "node:assert/strict";
import { testHandler } from "../support/test_handler.ts";
import { DEV_PAYMENT, documentOf } from "../support/deployment_document.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

const SERVICE_TYPES = {
  INVALID_PARAMS: "https://gpc-reference.dev/problems/invalid-params",
  NO_RESULTS: "https://gpc-reference.dev/problems/no-results",
  ATTRIBUTE_SCHEMA_UNKNOWN: "https://gpc-reference.dev/problems/attribute-schema-unknown",
  RETAILER_NOT_SERVING_ELIGIBLE: "https://gpc-reference.dev/problems/retailer-not-serving-eligible",
  NOT_FOUND: "https://gpc-reference.dev/problems/not-found",
  METHOD_NOT_ALLOWED: "https://gpc-reference.dev/problems/method-not-allowed",
  UNAVAILABLE: "https://gpc-reference.dev/problems/unavailable",
  INTERNAL: "https://gpc-reference.dev/problems/internal",
};
const STATE_STORE_TYPE = "https://gpc-reference.dev/problems/state-store-unavailable";
const RATE_TYPES = { RATE_LIMITED: "https://gpc-reference.dev/problems/rate-limited" };
const PAYMENT_TYPES = {
  PAYMENT_REQUIRED: "https://paymentauth.org/problems/payment-required",
  PAYMENT_MALFORMED: "https://paymentauth.org/problems/malformed-credential",
  PAYMENT_VERIFICATION_FAILED: "https://paymentauth.org/problems/verification-failed",
  PAYMENT_EXPIRED: "https://paymentauth.org/problems/payment-expired",
  PAYMENT_REPLAYED: "https://paymentauth.org/problems/invalid-challenge",
  PAYMENT_INSUFFICIENT: "https://paymentauth.org/problems/payment-insufficient",
  PAYMENT_RESOURCE_MISMATCH: "https://paymentauth.org/problems/invalid-challenge",
  PAYMENT_FACILITATOR_UNAVAILABLE: "https://gpc-reference.dev/problems/facilitator-unavailable",
  PAYMENT_FACILITATOR_ERROR: "https://gpc-reference.dev/problems/facilitator-error",
  PAYMENT_SETTLEMENT_PENDING: "https://gpc-reference.dev/problems/settlement-pending",
  PAYMENT_ID_REUSED: "https://gpc-reference.dev/problems/payment-id-reused",
  PAYMENT_ID_IN_USE: "https://gpc-reference.dev/problems/payment-id-in-use",
};

const on = <T>(flag: boolean, items: T[]): T[] => flag ? items : [];

for (const payments of [true, false]) {
  for (const rateLimit of [true, false]) {
    const name = `PAYMENTS=${payments ? "on" : "off"}, RATE_LIMIT=${rateLimit ? "120/min" : "off"}`;

    for (const path of ["/v1/reference/classify", "/v1/reference/brick-attributes"]) {
      Deno.test(`the OpenAPI document of ${name} lists exactly the answers and headers of ${path}`, () => {
        const operation = documentOf(payments, rateLimit).paths[path].get;
        assert.deepEqual(Object.keys(operation.responses), [
          "200",
          "400",
          ...on(payments, ["402"]),
          "404",
          ...on(payments, ["409"]),
          ...on(rateLimit, ["429"]),
          "500",
          ...on(payments, ["502"]),
          "503",
        ]);
        const common = [
          "X-GPC-Release",
          "X-Map-Version",
          "X-Request-Id",
          ...on(rateLimit, ["RateLimit", "RateLimit-Policy"]),
        ];
        assert.deepEqual(Object.keys(operation.responses["200"].headers), [
          ...common,
          ...on(payments, ["PAYMENT-RESPONSE"]),
          "Cache-Control",
        ]);
        assert.deepEqual(Object.keys(operation.responses["503"].headers), [
          ...common,
          ...on(payments, ["Retry-After"]),
        ]);
        assert.deepEqual(
          operation.parameters.filter((p: Json) => p.in === "header").map((p: Json) => p.name),
          ["X-GPC-Release", ...on(payments, ["PAYMENT-SIGNATURE"]), "X-Request-Id"],
        );
        assert.equal("x-price" in operation, payments);
      });
    }

    Deno.test(`the OpenAPI document of ${name} lists exactly the answers and headers of stats`, () => {
      const responses = documentOf(payments, rateLimit).paths["/v1/public/stats"].get.responses;
      assert.deepEqual(Object.keys(responses), [
        "200",
        "304",
        "400",
        ...on(rateLimit, ["429"]),
        "500",
        "503",
      ]);
      assert.deepEqual(Object.keys(responses["200"].headers), [
        "ETag",
        "Cache-Control",
        "X-Request-Id",
        ...on(rateLimit, ["RateLimit", "RateLimit-Policy"]),
      ]);
    });

    Deno.test(`the OpenAPI document of ${name} defines only the headers it sends`, () => {
      assert.deepEqual(Object.keys(documentOf(payments, rateLimit).components.headers), [
        "X-GPC-Release",
        "X-Map-Version",
        "X-Request-Id",
        ...on(rateLimit, ["RateLimit", "RateLimit-Policy"]),
        ...on(payments || rateLimit, ["Retry-After"]),
        ...on(payments, ["PAYMENT-REQUIRED", "PAYMENT-RESPONSE"]),
        "X-Data-Freshness-Hours",
        "ETag",
        "Cache-Control",
      ]);
    });

    Deno.test(`the OpenAPI document of ${name} names every problem type it can answer with, and no other`, () => {
      assert.deepEqual(documentOf(payments, rateLimit)["x-problem-types"], {
        ...SERVICE_TYPES,
        ...(rateLimit ? RATE_TYPES : {}),
        ...(payments ? PAYMENT_TYPES : {}),
      });
    });

    Deno.test(`the OpenAPI document of ${name} mentions nothing the deployment does not do`, () => {
      const doc = documentOf(payments, rateLimit);
      const text = JSON.stringify(doc);
      for (const word of ["PAYMENT", "paymentauth", "402", "x-price", "payTo"]) {
        assert.equal(text.includes(word), payments, word);
      }
      for (const word of ["RateLimit", "RATE_LIMITED", "429"]) {
        assert.equal(text.includes(word), rateLimit, word);
      }
      assert.match(doc.info.description, payments ? /Payments: x402 v2/ : /Payments: off in this deployment/);
      assert.match(
        doc.info.description,
        rateLimit ? /Rate limit of this deployment: 120\/min/ : /Rate limit: off in this deployment/,
      );
      assert.deepEqual(doc["x-payment"], payments ? DEV_PAYMENT : null);
    });
  }
}

Deno.test("the served OpenAPI document describes the handler's own deployment (payments off, 10/s)", async () => {
  const response = await testHandler({ env: { RATE_LIMIT: "10/s" } }).fetch("/openapi.json");
  const doc = await response.json();
  assert.equal(doc["x-payment"], null);
  assert.deepEqual(Object.keys(doc.paths["/v1/reference/classify"].get.responses), [
    "200",
    "400",
    "404",
    "429",
    "500",
    "503",
  ]);
});

/** The documented problem table: error.code → type, from docs/api.md's "## Errors" section. */
function readmeProblemTypes(): Record<string, string> {
  const readme = Deno.readTextFileSync(new URL("../../docs/api.md", import.meta.url));
  const at = readme.indexOf("\n## Errors\n");
  const section = readme.slice(at, readme.indexOf("\n## ", at + 1));
  const rows = [...section.matchAll(/^\| *(\d{3}) *\| *([A-Z_]+)\b[^|]*\| *`([^`]+)` *\|$/gm)];
  return Object.fromEntries(rows.map(([, , code, type]) => [code!, type!]));
}

Deno.test("the documented problem table lists every problem type the service can answer with", () => {
  assert.deepEqual(readmeProblemTypes(), documentOf(true, true, true)["x-problem-types"]);
});

Deno.test("with payments on and a Redis state store, paid paths may answer 503 STATE_STORE_UNAVAILABLE", () => {
  const doc = documentOf(true, true, true);
  assert.equal(doc["x-problem-types"].STATE_STORE_UNAVAILABLE, STATE_STORE_TYPE);
  const unavailable = doc.paths["/v1/reference/classify"].get.responses["503"];
  assert.match(
    unavailable.description,
    /`STATE_STORE_UNAVAILABLE` → https:\/\/gpc-reference.dev\/problems\/state-store-unavailable/,
  );
  assert.match(doc.components.headers["Retry-After"].description, /503 STATE_STORE_UNAVAILABLE/);
});

Deno.test("a Redis state store without payments never answers STATE_STORE_UNAVAILABLE: free paths fail open", () => {
  const text = JSON.stringify(documentOf(false, true, true));
  assert.equal(text.includes("STATE_STORE_UNAVAILABLE"), false);
});
