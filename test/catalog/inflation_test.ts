import assert from "node:assert/strict";
import * as v from "npm:valibot@1.5.0";
import { inflationResponseSchema } from "../../src/catalog/inflation_schema.ts";
import { OFFICIAL_CAVEATS } from "../../build/catalog/official_prices_reader.ts";
import { ANALYST_CA, catalogHandler, compileFixture } from "../support/catalog_fixture.ts";

const NOW = Date.UTC(2025, 11, 18, 12, 0, 0); // 36 hours after the fixture's latest observation
const path = "/v1/analyst/inflation";
const compiled = await compileFixture([ANALYST_CA], {
  links: { ca: [{ category: "Bakery > Bread", gpc_code: "10000164" }] },
  official: {
    ca: [{
      series: "White bread, 675 grams",
      period: "2025-10",
      value: 3.52,
      unit: "dollars",
      source: "Statistics Canada 18-10-0245-01",
      links: ["10000164"],
    }],
  },
});

Deno.test("inflation answers meta, resolved, the index, coverage, official levels and method, paid as analyst", async () => {
  const { fetch, gate } = catalogHandler(compiled, { now: () => NOW });
  const response = await fetch(`${path}?country=ca&category=Bread`);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("x-data-freshness-hours"), "36.0");
  assert.equal(response.headers.get("cache-control"), "no-store");
  const body = v.parse(inflationResponseSchema, await response.json());
  assert.equal(body.meta.freshness_seconds, 129600);
  assert.equal(body.meta.served_from[0]!.snapshot, "analyst_ca");
  // With Bakery > Bread linked to a brick of the class Bread, "Bread" matches the GPC title first.
  assert.deepEqual(body.resolved, {
    input: "Bread",
    normalised: "bread",
    matched_by: "gpc_title",
    gpc: {
      code: "50181900",
      title: "Bread",
      level: "class",
      segment: "Food/Beverage",
      family: "Bread/Bakery Products",
      class: "Bread",
      brick: null,
    },
    gpc_codes: ["50181900"],
    catalog_categories: ["Bakery > Bread"],
    included: [{ category: "Bakery > Bread", reason: "linked to GPC 10000164 Bread (Perishable)" }],
    left_out: [],
    left_out_total: 0,
    products: 3,
  });
  assert.equal(body.base_period, "2025-W48");
  assert.deepEqual(body.index.map((row) => row.value), [100, 110, null, 115.5]);
  assert.deepEqual(body.by_retailer.map((row) => row.retailer), ["Alpha Mart", "Beta Foods"]);
  assert.deepEqual(body.official, [{
    period: "2025-10",
    value: 3.52,
    unit: "dollars",
    series: "White bread, 675 grams",
    source: "Statistics Canada 18-10-0245-01",
  }]);
  assert.equal(body.official_caveat, OFFICIAL_CAVEATS.ca);
  assert.equal(body.method.index, "chained_jevons_matched");
  assert.deepEqual(gate.admitted, [{ operation: "getInflationIndex", items: 1 }]);
});

Deno.test("a GPC code input answers the same target, and says how it matched", async () => {
  const { fetch } = catalogHandler(compiled, { now: () => NOW });
  const body = v.parse(
    inflationResponseSchema,
    await (await fetch(`${path}?country=ca&category=50181900`)).json(),
  );
  assert.equal(body.resolved.matched_by, "gpc_code");
  assert.equal(body.resolved.gpc?.code, "50181900");
  assert.deepEqual(body.index.map((row) => row.value), [100, 110, null, 115.5]);
});

Deno.test("with a retailer the index is that retailer's, and resolved counts its products", async () => {
  const { fetch } = catalogHandler(compiled, { now: () => NOW });
  const response = await fetch(`${path}?country=ca&category=bread&retailer=ALPHA%20mart`);
  const body = v.parse(inflationResponseSchema, await response.json());
  assert.equal(body.resolved.products, 2);
  assert.deepEqual(body.index.map((row) => [row.value, row.imputed]), [
    [100, false],
    [121, false],
    [null, true],
    [127.05, false],
  ]);
  assert.deepEqual(body.coverage, { listings: 2, matched_listings: 2, share: 1 });
  assert.deepEqual(body.by_retailer.map((row) => row.retailer), ["Alpha Mart"]);
  assert.equal(body.official.length, 1);
});

const free: [string, string, number, string][] = [
  [
    "a category with no product at the retailer",
    "country=ca&category=bread&retailer=Cedar%20Grocer",
    404,
    "NO_RESULTS",
  ],
  ["an unknown retailer", "country=ca&category=bread&retailer=Omega", 404, "NO_RESULTS"],
  ["a category that resolves to nothing", "country=ca&category=socks", 404, "NO_RESULTS"],
  ["no category", "country=ca", 400, "INVALID_PARAMS"],
  ["an unknown parameter", "country=ca&category=bread&base=2025-W48", 400, "INVALID_PARAMS"],
];
for (const [what, query, status, code] of free) {
  Deno.test(`inflation: ${what} is answered ${status} ${code}, free, with freshness`, async () => {
    const { fetch, gate } = catalogHandler(compiled, { now: () => NOW, gate: "challenge" });
    const response = await fetch(`${path}?${query}`);
    assert.equal(response.status, status);
    assert.equal((await response.json()).error.code, code);
    assert.equal(response.headers.get("x-data-freshness-hours"), "36.0");
    assert.deepEqual(gate.admitted, []);
  });
}

Deno.test("inflation: the 402 challenge comes after resolution and carries the freshness header", async () => {
  const { fetch, gate } = catalogHandler(compiled, { now: () => NOW, gate: "challenge" });
  const response = await fetch(`${path}?country=ca&category=bread`);
  assert.equal(response.status, 402);
  assert.equal(response.headers.get("x-data-freshness-hours"), "36.0");
  assert.deepEqual(gate.admitted, [{ operation: "getInflationIndex", items: 1 }]);
});
