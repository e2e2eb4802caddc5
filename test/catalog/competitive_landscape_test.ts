import assert from "node:assert/strict";
import * as v from "npm:valibot@1.5.0";
import { landscapeResponseSchema } from "../../src/catalog/landscape_schema.ts";
import { catalogHandler, compileFixture, MARKETING_CA } from "../support/catalog_fixture.ts";
import { testFreeAnswers } from "../support/free_answers.ts";

const NOW = Date.UTC(2025, 11, 29, 12, 0, 0); // 36 hours after the fixture's latest observation
const compiled = await compileFixture([MARKETING_CA]);
const path = "/v1/marketing/competitive-landscape";

Deno.test("competitive-landscape answers meta, resolved and the precomputed landscape, with freshness and no-store", async () => {
  const { fetch, gate } = catalogHandler(compiled, { now: () => NOW });
  const response = await fetch(`${path}?country=ca&category=Dairy`);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("x-data-freshness-hours"), "36.0");
  assert.equal(response.headers.get("cache-control"), "no-store");
  const body = v.parse(landscapeResponseSchema, await response.json());
  assert.deepEqual(body.meta.served_from, [{
    snapshot: "marketing_ca",
    kind: "observed",
    source: "hand-made fixture for the marketing analytics tests",
    observed_from: "2025-11-18T00:00:00Z",
    observed_to: "2025-12-28T00:00:00Z",
  }]);
  assert.equal(body.meta.freshness_seconds, 129600);
  assert.deepEqual(body.resolved, {
    input: "Dairy",
    normalised: "dairy",
    matched_by: "catalog_category",
    gpc: null,
    gpc_codes: [],
    catalog_categories: ["Dairy"],
    included: [{ category: "Dairy", reason: 'its path is "Dairy"' }],
    left_out: [],
    left_out_total: 0,
    products: 5,
  });
  assert.deepEqual(
    body.retailers.map((r) => [r.retailer, r.price_index, r.overlap_rate, r.cheaper_rate]),
    [["Alpha Mart", 89.44, 0.6667, 1], ["Beta Foods", 104.55, 1, 0.3333], [
      "Cedar Market",
      101.42,
      0.6667,
      0.5,
    ]],
  );
  assert.deepEqual([body.products_compared, body.unit_basis, body.top_brands.length], [3, "L", 3]);
  assert.deepEqual(gate.admitted, [{ operation: "getCompetitiveLandscape", items: 1 }]);
});

Deno.test("with a retailer, only its row, still measured against the market; resolved counts its products", async () => {
  const { fetch } = catalogHandler(compiled, { now: () => NOW });
  const response = await fetch(`${path}?country=ca&category=milk&retailer=CEDAR%20market`);
  const body = v.parse(landscapeResponseSchema, await response.json());
  assert.equal(body.resolved.products, 3); // Moo Milk, Dairy Best Milk, Skim Milk
  // Under Milk only Moo Milk (median 5) and Dairy Best (median 1.75) are shared: √(6/5 × 1.5/1.75) again.
  assert.deepEqual(body.retailers.map((r) => [r.retailer, r.price_index, r.cheaper_rate]), [
    ["Cedar Market", 101.42, 0.5],
  ]);
  assert.equal(body.products_compared, 2);
});

testFreeAnswers("competitive-landscape", path, compiled, NOW, "36.0", [
  [
    "a category of no product at the retailer",
    "country=ca&category=butter&retailer=Beta%20Foods",
    404,
    "NO_RESULTS",
    {
      parameter: "category",
      input: "butter",
      country: "ca",
      retailer: "Beta Foods",
    },
  ],
  [
    "a stale retailer",
    "country=ca&category=dairy&retailer=delta%20stale",
    404,
    "RETAILER_NOT_SERVING_ELIGIBLE",
    {
      retailer: "Delta Stale",
      quality_status: "stale",
      serving_eligible_retailers: ["Alpha Mart", "Beta Foods", "Cedar Market"],
    },
  ],
  ["no category", "country=ca", 400, "INVALID_PARAMS", { detail: "category is required" }],
]);

Deno.test("competitive-landscape: the 402 challenge carries the freshness header", async () => {
  const { fetch } = catalogHandler(compiled, { now: () => NOW, gate: "challenge" });
  const response = await fetch(`${path}?country=ca&category=dairy`);
  assert.equal(response.status, 402);
  assert.equal(response.headers.get("x-data-freshness-hours"), "36.0");
});
