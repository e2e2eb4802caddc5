import assert from "node:assert/strict";
import * as v from "npm:valibot@1.5.0";
import { dispersionResponseSchema } from "../../src/catalog/dispersion_schema.ts";
import { ANALYST_CA, catalogHandler, compileFixture } from "../support/catalog_fixture.ts";

const NOW = Date.UTC(2025, 11, 17, 6, 0, 0); // 6 hours after the fixture's latest observation
const path = "/v1/analyst/price-dispersion";
const compiled = await compileFixture([ANALYST_CA]);

Deno.test("price-dispersion answers meta, resolved, the measure, stats, by_retailer and within_product", async () => {
  const { fetch, gate } = catalogHandler(compiled, { now: () => NOW });
  const response = await fetch(`${path}?country=ca&category=Pantry%20%3E%20Oil`);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("x-data-freshness-hours"), "6.0");
  const body = v.parse(dispersionResponseSchema, await response.json());
  assert.equal(body.meta.freshness_seconds, 21600);
  assert.deepEqual(body.resolved, {
    input: "Pantry > Oil",
    normalised: "pantry > oil",
    matched_by: "catalog_category",
    gpc: null,
    gpc_codes: [],
    catalog_categories: ["Pantry > Oil"],
    included: [{ category: "Pantry > Oil", reason: 'its path is "Pantry > Oil"' }],
    left_out: [],
    left_out_total: 0,
    products: 4,
  });
  assert.deepEqual([body.measure, body.unit_basis], ["unit_price", "L"]);
  // The figures themselves are checked in test/build/catalog/price_dispersion_test.ts.
  assert.deepEqual([body.stats.n, body.stats.median, body.stats.cv], [6, 7, 0.413]);
  assert.deepEqual(body.by_retailer.map((row) => [row.retailer, row.stats.n]), [
    ["Alpha Mart", 3],
    ["Beta Foods", 2],
    ["Cedar Grocer", 1],
  ]);
  assert.equal(body.within_product.products, 2);
  assert.equal(body.method.outliers_excluded, 1);
  assert.deepEqual(gate.admitted, [{ operation: "getPriceDispersion", items: 1 }]);
});

Deno.test("with a retailer the stats and within_product are that retailer's", async () => {
  const { fetch } = catalogHandler(compiled, { now: () => NOW });
  const response = await fetch(`${path}?country=ca&category=oil&retailer=beta%20FOODS`);
  const body = v.parse(dispersionResponseSchema, await response.json());
  assert.equal(body.resolved.products, 2);
  assert.deepEqual(body.stats, {
    n: 2,
    min: 3.25,
    q1: 4.94,
    median: 6.63,
    q3: 8.31,
    max: 10,
    iqr: 3.38,
    cv: 0.5094,
    reason: null,
  });
  assert.deepEqual(body.by_retailer.map((row) => row.retailer), ["Beta Foods"]);
  assert.deepEqual(body.within_product.sample, { n: 5, n_matched: 2 });
  assert.equal(body.method.outliers_excluded, 0);
});

const free: [string, string, number, string][] = [
  [
    "a category with no product at the retailer",
    "country=ca&category=cookies&retailer=Cedar%20Grocer",
    404,
    "NO_RESULTS",
  ],
  ["a country without data", "country=us&category=oil", 404, "NO_RESULTS"],
  ["an invalid country", "country=CA&category=oil", 400, "INVALID_PARAMS"],
  ["a repeated category", "country=ca&category=oil&category=bread", 400, "INVALID_PARAMS"],
];
for (const [what, query, status, code] of free) {
  Deno.test(`price-dispersion: ${what} is answered ${status} ${code}, free`, async () => {
    const { fetch, gate } = catalogHandler(compiled, { now: () => NOW, gate: "challenge" });
    const response = await fetch(`${path}?${query}`);
    assert.equal(response.status, status);
    assert.equal((await response.json()).error.code, code);
    assert.deepEqual(gate.admitted, []);
  });
}
