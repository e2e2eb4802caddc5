/**
 * The catalog paths of the OpenAPI document come from the same valibot schemas that validate catalog
 * requests and describe their answers: every served operation, every parameter, its 404s and its headers.
 */
import assert from "node:assert/strict";
import { CATALOG_SERVED } from "../../src/catalog/catalog_operations.ts";
import { CATALOG_OPERATIONS, type CatalogOperation } from "../../src/operation/operations.ts";
import { documentOf } from "../support/deployment_document.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

const served = Object.keys(CATALOG_SERVED) as CatalogOperation[];

Deno.test("every catalog operation is served and documented at its path", () => {
  assert.deepEqual(served.slice().sort(), Object.keys(CATALOG_OPERATIONS).sort());
  const doc = documentOf(true, true);
  for (const operation of served) {
    const get = doc.paths[CATALOG_OPERATIONS[operation].path].get;
    assert.equal(get.operationId, operation);
    assert.deepEqual(get.tags, [CATALOG_OPERATIONS[operation].group]);
    assert.ok(get["x-price"].per_call > 0, operation);
    const response = `${operation[0]!.toUpperCase()}${operation.slice(1)}Response`;
    assert.equal(
      get.responses["200"].content["application/json"].schema.$ref,
      `#/components/schemas/${response}`,
    );
    assert.ok(doc.components.schemas[response].properties.meta, response);
  }
});

Deno.test("a catalog operation's parameters are its query schema's entries, each at most 200 characters", () => {
  const doc = documentOf(false, false);
  for (const operation of served) {
    const query =
      (CATALOG_SERVED[operation]!.query as unknown as { entries: Record<string, unknown> }).entries;
    const parameters = doc.paths[CATALOG_OPERATIONS[operation].path].get.parameters
      .filter((p: Json) => p.in === "query");
    assert.deepEqual(parameters.map((p: Json) => p.name), Object.keys(query), operation);
    assert.deepEqual(parameters.find((p: Json) => p.name === "country").schema.pattern, "^(?:us|ca)$");
    for (const p of parameters) assert.equal(p.schema.maxLength, 200, `${operation} ${p.name}`);
  }
  const best = doc.paths["/v1/shopper/best-price"].get.parameters;
  assert.deepEqual(best.map((p: Json) => [p.name, p.required]), [
    ["country", false],
    ["retailer", false],
    ["q", true],
    ["limit", false],
    ["X-Request-Id", false],
  ]);
});

Deno.test("catalog answers state their freshness and their 404 codes, and carry payment headers only with payments", () => {
  for (const payments of [true, false]) {
    const get = documentOf(payments, true).paths["/v1/analyst/inflation"].get;
    for (const status of ["200", "400", "404", "429", "500", "503"]) {
      assert.ok(get.responses[status].headers["X-Data-Freshness-Hours"], `${status}`);
      assert.equal(get.responses[status].headers["X-GPC-Release"], undefined);
    }
    assert.match(get.responses["404"].description, /NO_RESULTS.*RETAILER_NOT_SERVING_ELIGIBLE/);
    assert.equal("402" in get.responses, payments);
    assert.equal("PAYMENT-RESPONSE" in get.responses["200"].headers, payments);
  }
});

Deno.test("the free retailers list is documented with its body and no payment", () => {
  const get = documentOf(true, true).paths["/v1/public/retailers"].get;
  assert.equal(get.operationId, "getRetailers");
  assert.equal(get["x-price"], undefined);
  assert.deepEqual(Object.keys(get.responses), ["200", "400", "404"]);
  assert.deepEqual(get.parameters.map((p: Json) => p.name), ["country"]);
});
