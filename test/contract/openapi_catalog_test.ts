/**
 * The catalog paths of the OpenAPI document come from the same valibot schemas that validate catalog
 * requests and describe their answers: every served operation, every parameter, its 404s and its headers.
 */
import assert from "node:assert/strict";
import { CATALOG_SERVED } from "../../src/catalog/catalog_operations.ts";
import { CATALOG_OPERATIONS, type CatalogOperation } from "../../src/operation/operations.ts";
import { documentOf } from "../support/deployment_document.ts";
import { entryOf } from "../../src/contract/operation_list.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

const served = Object.keys(CATALOG_SERVED) as CatalogOperation[];

Deno.test("every catalog operation is served and documented at its path", () => {
  assert.deepEqual(served.slice().sort(), Object.keys(CATALOG_OPERATIONS).sort());
  const doc = documentOf(true, true);
  for (const operation of served) {
    const get = doc.paths[entryOf(operation)!.path].get;
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

Deno.test("a catalog operation's parameters are its query schema's entries, free text at most 200 characters", () => {
  const doc = documentOf(false, false);
  for (const operation of served) {
    const query =
      (CATALOG_SERVED[operation]!.query as unknown as { entries: Record<string, unknown> }).entries;
    const parameters = doc.paths[entryOf(operation)!.path].get.parameters
      .filter((p: Json) => p.in === "query");
    assert.deepEqual(parameters.map((p: Json) => p.name), Object.keys(query), operation);
    assert.deepEqual(parameters.find((p: Json) => p.name === "country").schema, {
      type: "string",
      description: "Country of the catalog: `us` or `ca`, lower case (default `us`).",
      enum: ["us", "ca"],
    });
    for (const p of parameters) {
      const text = p.schema.type === "string" && p.schema.enum === undefined;
      assert.equal(p.schema.maxLength, text ? 200 : undefined, `${operation} ${p.name}`);
    }
  }
  const deals = doc.paths["/v1/shopper/deal-finder"].get.parameters;
  const schemaOf = (name: string) => {
    const { description: _, ...schema } = deals.find((p: Json) => p.name === name).schema;
    return schema;
  };
  assert.deepEqual(schemaOf("min_discount"), { type: "number", minimum: 0, maximum: 90 });
  assert.deepEqual(schemaOf("limit"), { type: "integer", minimum: 1, maximum: 100 });
  assert.deepEqual(schemaOf("window"), { type: "string", enum: ["7d", "31d", "90d"] });
  const alerts = doc.paths["/v1/shopper/price-drop-alert"].get.parameters;
  const { description: _, ...target } = alerts.find((p: Json) => p.name === "target").schema;
  assert.deepEqual(target, { type: "number", exclusiveMinimum: 0, maximum: 1_000_000_000 });
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
