import assert from "node:assert/strict";
import { testHandler } from "../support/test_handler.ts";
import { openApiDocument } from "../../src/contract/openapi.ts";
import { readConfig } from "../../src/config.ts";
import { readPaymentConfig } from "../../src/payments/payment_config.ts";
import { createPaymentGate } from "../../src/payments/payment_setup.ts";
import { MemoryStateStore } from "../../src/state/memory_state_store.ts";
import { documentOf } from "../support/deployment_document.ts";
import { operationDiscovery } from "../../src/contract/operation_discovery.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

async function document(): Promise<Json> {
  const response = await testHandler({ env: { RATE_LIMIT: "120/min" } }).fetch("/openapi.json");
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "application/json");
  return await response.json();
}

Deno.test("the OpenAPI document is version 3.1 and lists every route", async () => {
  const doc = await document();
  assert.equal(doc.openapi, "3.1.0");
  assert.equal(doc.info.version, "1.0.0");
  assert.deepEqual(Object.keys(doc.paths), [
    "/v1/reference/classify",
    "/v1/reference/brick-attributes",
    "/v1/public/stats",
    "/v1/public/releases",
    "/v1/public/retailers",
    "/v1/shopper/best-price",
    "/v1/shopper/deal-finder",
    "/v1/shopper/price-drop-alert",
    "/v1/marketing/competitive-landscape",
    "/v1/marketing/brand-tracker",
    "/v1/marketing/share-of-shelf",
    "/v1/analyst/inflation",
    "/v1/analyst/price-dispersion",
    "/healthz",
    "/readyz",
    "/openapi.json",
    "/docs",
    "/mcp",
  ]);
  assert.match(doc.info.description, /Rate limit of this deployment: 120\/min per client \(token bucket\)/);
});

const parameters: [string, string, string, boolean, number, string][] = [
  ["/v1/reference/classify", "browse_id", "^[0-9]{1,20}(?:,[0-9]{1,20}){0,99}$", false, 2099, "at most 100"],
  [
    "/v1/reference/classify",
    "q",
    "^(?=[^,]*[^,\\s])[^,]{1,200}(?:,(?=[^,]*[^,\\s])[^,]{1,200}){0,99}$",
    false,
    20099,
    "each 1 to 200 characters",
  ],
  [
    "/v1/reference/brick-attributes",
    "gpc_code",
    "^[0-9]{8}(?:,[0-9]{8}){0,99}$",
    true,
    899,
    "exactly 8 ASCII digits",
  ],
];
for (const [path, name, pattern, required, maxLength, words] of parameters) {
  Deno.test(`the OpenAPI document publishes ${name}'s validation pattern and length`, async () => {
    const parameter = (await document()).paths[path].get.parameters.find((p: Json) => p.name === name);
    assert.equal(parameter.in, "query");
    assert.equal(parameter.required, required);
    assert.equal(parameter.schema.type, "string");
    assert.equal(parameter.schema.pattern, pattern);
    assert.equal(parameter.schema.maxLength, maxLength);
    assert.ok(parameter.schema.description.includes(words), parameter.schema.description);
  });
}

Deno.test("the OpenAPI document states the request-target and request-head limits on q", async () => {
  const q = (await document()).paths["/v1/reference/classify"].get.parameters.find((p: Json) =>
    p.name === "q"
  );
  assert.ok(
    q.schema.description.includes(
      "The request target (path and query as sent, percent-encoded) must be at most 49152 bytes (else 400 " +
        "INVALID_PARAMS); a request head over 65536 bytes or with more than 128 header fields is refused by " +
        "the HTTP server itself, before the service sees it: a bare 400 Bad Request with an empty body (no " +
        "problem document, no X-Request-Id), and the connection is closed.",
    ),
    q.schema.description,
  );
});

for (const path of ["/v1/reference/classify", "/v1/reference/brick-attributes"]) {
  Deno.test(`the OpenAPI document of a paid, rate-limited deployment gives ${path}'s answers their types`, () => {
    const operation = documentOf(true, true).paths[path].get;
    assert.ok(operation.responses["402"].headers["PAYMENT-REQUIRED"]);
    assert.match(
      operation.responses["402"].description,
      /https:\/\/paymentauth\.org\/problems\/payment-required/,
    );
    assert.ok(operation.responses["429"].headers["Retry-After"]);
    assert.match(
      operation.responses["400"].description,
      /INVALID_PARAMS` → https:\/\/gpc-reference\.dev\/problems\/invalid-params/,
    );
    assert.match(
      operation.responses["404"].description,
      /NO_RESULTS` → https:\/\/gpc-reference\.dev\/problems\/no-results/,
    );
    assert.match(
      operation.responses["502"].description,
      /`PAYMENT_FACILITATOR_ERROR` → https:\/\/gpc-reference\.dev\/problems\/facilitator-error/,
    );
    assert.match(
      operation.responses["503"].description,
      /`PAYMENT_FACILITATOR_UNAVAILABLE` → https:\/\/gpc-reference\.dev\/problems\/facilitator-unavailable; `PAYMENT_SETTLEMENT_PENDING` → https:\/\/gpc-reference\.dev\/problems\/settlement-pending/,
    );
  });
}

Deno.test("the OpenAPI document's stats schema has exactly the published fields, then the generated-data flag", async () => {
  const stats = (await document()).components.schemas.CatalogStats;
  assert.equal(stats.additionalProperties, false);
  assert.deepEqual(Object.keys(stats.properties), [
    "products",
    "categories",
    "retailers",
    "brands",
    "observations",
    "last_updated",
    "generated",
  ]);
  assert.equal(stats.properties.last_updated.format, "date-time");
});

Deno.test("the OpenAPI document shows the deployment's prices, payee, network, asset and facilitator", async () => {
  const env = { PRICE_CLASSIFY: "0.002", PRICE_BRICK_ATTRIBUTES_PER_ITEM: "0.0001" };
  const setup = await createPaymentGate(readPaymentConfig(env), {
    state: new MemoryStateStore(),
    log: () => {},
    listenUrl: () => "http://127.0.0.1:8080",
    discovery: operationDiscovery,
  });
  try {
    const doc: Json = openApiDocument(readConfig({}), ["v20241202"], setup.describe());
    assert.deepEqual(doc.paths["/v1/reference/classify"].get["x-price"], {
      per_call: "0.002",
      per_item: "0",
      currency: "USDC",
    });
    assert.deepEqual(doc.paths["/v1/reference/brick-attributes"].get["x-price"], {
      per_call: "0.001",
      per_item: "0.0001",
      currency: "USDC",
    });
    assert.equal(doc["x-payment"].network, "eip155:84532");
    assert.equal(doc["x-payment"].asset.address, "0x036CbD53842c5426634e7929541eC2318f3dCF7e");
    assert.equal(doc["x-payment"].pay_to, "0x000000000000000000000000000000000000dEaD");
    assert.equal(doc["x-payment"].facilitator, "development");
    assert.match(
      doc.info.description,
      /Payments: x402 v2, scheme exact, network eip155:84532, asset USDC 0x036CbD53842c5426634e7929541eC2318f3dCF7e, payTo 0x000000000000000000000000000000000000dEaD, facilitator development; classifyBrowseNodes 0\.002 USDC per call; getBrickAttributes 0\.001 USDC per call plus 0\.0001 per item; getBestPrice 0\.01 USDC per call; findDeals 0\.01 USDC per call; getPriceDropAlerts 0\.01 USDC per call; getCompetitiveLandscape 0\.05 USDC per call; getBrandTracker 0\.05 USDC per call; getShareOfShelf 0\.05 USDC per call; getInflationIndex 0\.08 USDC per call; getPriceDispersion 0\.08 USDC per call\./,
    );
    assert.match(
      doc.paths["/v1/reference/classify"].get.responses["402"].description,
      /PAYMENT_REPLAYED \(invalid-challenge\)/,
    );
  } finally {
    await setup.close();
  }
});

Deno.test("the OpenAPI document says when payments are off", async () => {
  const doc = await document();
  assert.equal(doc["x-payment"], null);
  assert.match(doc.info.description, /Payments: off in this deployment/);
  assert.equal(doc.paths["/v1/reference/classify"].get["x-price"], undefined);
});
