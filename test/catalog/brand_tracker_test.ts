import assert from "node:assert/strict";
import * as v from "npm:valibot@1.5.0";
import { brandTrackerResponseSchema } from "../../src/catalog/brand_tracker_schema.ts";
import { catalogHandler, compileFixture, MARKETING_CA } from "../support/catalog_fixture.ts";
import { testFreeAnswers } from "../support/free_answers.ts";

const NOW = Date.UTC(2025, 11, 29, 12, 0, 0); // 36 hours after the fixture's latest observation
const compiled = await compileFixture([MARKETING_CA]);
const path = "/v1/marketing/brand-tracker";

Deno.test("brand-tracker answers meta, resolved and the brand's figures, with freshness and no-store", async () => {
  const { fetch, gate } = catalogHandler(compiled, { now: () => NOW });
  const response = await fetch(`${path}?country=ca&brand=MOO`);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("x-data-freshness-hours"), "36.0");
  assert.equal(response.headers.get("cache-control"), "no-store");
  const body = v.parse(brandTrackerResponseSchema, await response.json());
  assert.equal(body.meta.freshness_seconds, 129600);
  assert.deepEqual(body.resolved, { input: "MOO", matched_by: "brand", brand: "Moo", products: 2 });
  assert.equal(body.brand, "Moo");
  assert.deepEqual(body.retailers.map((r) => [r.retailer, r.price_index]), [
    ["Alpha Mart", 88.89],
    ["Beta Foods", 111.11],
    ["Cedar Market", 133.33],
  ]);
  assert.deepEqual(body.distribution, { carrying: 3, in_categories: 3, value: 1 });
  assert.deepEqual([body.period.promo_rate, body.period.previous_promo_rate, body.period.change_promo_rate], [
    0.4,
    0.6667,
    -0.2667,
  ]);
  assert.deepEqual(body.trend[1], { week: "2025-W48", median_price: null, observations: 0, reason: null });
  assert.deepEqual(gate.admitted, [{ operation: "getBrandTracker", items: 1 }]);
});

Deno.test("with a retailer, only its row; distribution, promotions and trend stay the brand's across the market", async () => {
  const { fetch } = catalogHandler(compiled, { now: () => NOW });
  const body = v.parse(
    brandTrackerResponseSchema,
    await (await fetch(`${path}?country=ca&brand=moo&retailer=beta%20FOODS`)).json(),
  );
  assert.equal(body.resolved.products, 2);
  assert.deepEqual(body.retailers, [
    {
      retailer: "Beta Foods",
      listings: 2,
      median_price: 4,
      price_index: 111.11,
      sample: { n: 2, n_price: 2, n_matched: 1 },
      reason: null,
    },
  ]);
  assert.deepEqual([body.distribution.value, body.promo_rate, body.period.observations], [1, 0.4444, 6]);
});

testFreeAnswers("brand-tracker", path, compiled, NOW, "36.0", [
  ["an unknown brand", "country=ca&brand=Omega", 404, "NO_RESULTS", {
    parameter: "brand",
    input: "Omega",
    country: "ca",
  }],
  [
    "a brand with no product at the retailer",
    "country=ca&brand=farm&retailer=Cedar%20Market",
    404,
    "NO_RESULTS",
    {
      parameter: "brand",
      input: "farm",
      country: "ca",
      retailer: "Cedar Market",
    },
  ],
  ["an unknown retailer", "country=ca&brand=moo&retailer=Omega", 404, "NO_RESULTS", {
    parameter: "retailer",
    retailer: "Omega",
    country: "ca",
    known_retailers: ["Alpha Mart", "Beta Foods", "Cedar Market", "Delta Stale"],
  }],
  ["no brand", "country=ca", 400, "INVALID_PARAMS", { detail: "brand is required" }],
  ["a blank brand", "country=ca&brand=%20", 400, "INVALID_PARAMS", {
    detail: "brand is blank: give 1 to 200 characters",
  }],
]);

Deno.test("brand-tracker: the 402 challenge carries the freshness header", async () => {
  const { fetch } = catalogHandler(compiled, { now: () => NOW, gate: "challenge" });
  const challenge = await fetch(`${path}?country=ca&brand=moo`);
  assert.equal(challenge.status, 402);
  assert.equal(challenge.headers.get("x-data-freshness-hours"), "36.0");
});
