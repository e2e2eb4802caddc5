import assert from "node:assert/strict";
import * as v from "npm:valibot@1.5.0";
import { shareOfShelfResponseSchema } from "../../src/catalog/share_of_shelf_schema.ts";
import { catalogHandler, compileFixture } from "../support/catalog_fixture.ts";

const NOW = Date.UTC(2025, 11, 18, 12, 0, 0); // 36 hours after the fixture's latest observation
const compiled = await compileFixture();
const path = "/v1/marketing/share-of-shelf";

Deno.test("share-of-shelf answers meta, resolved and the precomputed shares, with freshness and no-store", async () => {
  const { fetch, gate } = catalogHandler(compiled, { now: () => NOW });
  const response = await fetch(`${path}?country=ca&category=Bakery`);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("x-data-freshness-hours"), "36.0");
  assert.equal(response.headers.get("cache-control"), "no-store");
  assert.equal(response.headers.get("x-gpc-release"), null);
  const body = v.parse(shareOfShelfResponseSchema, await response.json());
  assert.deepEqual(body.meta, {
    country: "ca",
    currency: "CAD",
    served_from: [{
      snapshot: "analytics_ca",
      kind: "observed",
      source: "hand-made fixture for the catalog analytics tests",
      observed_from: "2025-11-20T00:00:00Z",
      observed_to: "2025-12-17T00:00:00Z",
    }],
    generated: false,
    latest_observed_at: "2025-12-17T00:00:00Z",
    as_of: "2025-12-17T00:00:00Z",
    schema_version: "v1",
    freshness_seconds: 129600,
  });
  assert.deepEqual(body.resolved, {
    input: "Bakery",
    normalised: "bakery",
    matched_by: "catalog_category",
    gpc: null,
    gpc_codes: [],
    catalog_categories: ["Bakery"],
    included: [{ category: "Bakery", reason: 'its path is "Bakery"' }],
    left_out: [],
    left_out_total: 0,
    products: 5,
  });
  assert.equal(body.listings, 5);
  assert.deepEqual(gate.admitted, [{ operation: "getShareOfShelf", items: 1 }]);
});

Deno.test("answers kept per record stay apart: the whole category's and each retailer's, asked in turn", async () => {
  const { fetch } = catalogHandler(compiled, { now: () => NOW });
  const ask = async (
    query: string,
  ) => (await (await fetch(`${path}?country=ca&category=bakery${query}`)).json());
  const answers = [];
  for (
    const query of ["", "&retailer=Beta%20Foods", "", "&retailer=Alpha%20Mart", "&retailer=Beta%20Foods"]
  ) {
    const body = await ask(query);
    answers.push([
      body.listings,
      body.by_retailer.map((row: { retailer: string }) => row.retailer).join("|"),
    ]);
  }
  assert.deepEqual(answers, [
    [5, "Alpha Mart|Beta Foods"],
    [2, "Beta Foods"],
    [5, "Alpha Mart|Beta Foods"],
    [3, "Alpha Mart"],
    [2, "Beta Foods"],
  ]);
});

Deno.test("with a retailer the shares are that retailer's, and resolved counts its products", async () => {
  const { fetch } = catalogHandler(compiled, { now: () => NOW });
  const body = await (await fetch(`${path}?country=ca&category=bakery&retailer=BETA%20foods`)).json();
  assert.equal(body.resolved.products, 3);
  assert.deepEqual(body.shares, [
    { brand: "Crunch", listings: 1, share: 0.5 },
    { brand: "Sunny", listings: 1, share: 0.5 },
  ]);
  assert.deepEqual(body.by_retailer.map((row: { retailer: string }) => row.retailer), ["Beta Foods"]);
});

const free: [string, string, number, string, Record<string, unknown>][] = [
  ["an unknown retailer", "country=ca&category=bakery&retailer=Omega", 404, "NO_RESULTS", {
    parameter: "retailer",
    retailer: "Omega",
    country: "ca",
    known_retailers: ["Alpha Mart", "Beta Foods", "Delta Stale", "Gamma Liquor"],
  }],
  [
    "a sparse retailer",
    "country=ca&category=bakery&retailer=gamma%20liquor",
    404,
    "RETAILER_NOT_SERVING_ELIGIBLE",
    {
      retailer: "Gamma Liquor",
      quality_status: "sparse",
      serving_eligible_retailers: ["Alpha Mart", "Beta Foods"],
    },
  ],
  [
    "a stale retailer",
    "country=ca&category=bakery&retailer=Delta%20Stale",
    404,
    "RETAILER_NOT_SERVING_ELIGIBLE",
    {
      retailer: "Delta Stale",
      quality_status: "stale",
      serving_eligible_retailers: ["Alpha Mart", "Beta Foods"],
    },
  ],
  [
    "a category of no product at the retailer",
    "country=ca&category=oil&retailer=Beta%20Foods",
    404,
    "NO_RESULTS",
    {
      parameter: "category",
      input: "oil",
      country: "ca",
      retailer: "Beta Foods",
    },
  ],
  ["a category that resolves to nothing", "country=ca&category=socks", 404, "NO_RESULTS", {
    parameter: "category",
    input: "socks",
    normalised: "socks",
    country: "ca",
    tried: ["gpc_code", "lexicon", "gpc_title", "catalog_category"],
  }],
  ["a country without data", "country=us&category=bakery", 404, "NO_RESULTS", { country: "us" }],
];
for (const [what, query, status, code, details] of free) {
  Deno.test(`${what} is answered ${status} ${code}, free, before any payment challenge`, async () => {
    const { fetch, gate } = catalogHandler(compiled, { now: () => NOW });
    const response = await fetch(`${path}?${query}`);
    assert.equal(response.status, status);
    assert.equal(response.headers.get("content-type"), "application/problem+json");
    const body = await response.json();
    assert.equal(body.error.code, code);
    assert.deepEqual(body.error.details, details);
    assert.deepEqual(gate.admitted, []);
  });
}

const invalid: [string, string, string][] = [
  ["an upper-case country", "country=US&category=bakery", 'country "US" is not one of us, ca'],
  ["a country with a space", "country=ca%20&category=bakery", 'country "ca " is not one of us, ca'],
  ["two countries", "country=ca,us&category=bakery", 'country "ca,us" is not one of us, ca'],
  [
    "a repeated parameter",
    "category=a&category=b",
    "category is given 2 times; give it once, with comma-separated values",
  ],
  [
    "an unknown parameter",
    "category=bakery&colour=red",
    'unknown parameter "colour"; this operation accepts country, retailer, category',
  ],
  ["no category", "country=ca", "category is required"],
  ["an empty category", "category=", "category is empty: give 1 to 200 characters"],
  ["a blank category", "category=%20%20", "category is blank: give 1 to 200 characters"],
  [
    "a category of 201 characters",
    `category=${"é".repeat(201)}`,
    "category has 201 characters; at most 200 are allowed",
  ],
];
for (const [what, query, message] of invalid) {
  Deno.test(`${what} is answered 400 INVALID_PARAMS with freshness, before any payment challenge`, async () => {
    const { fetch, gate } = catalogHandler(compiled, { now: () => NOW });
    const response = await fetch(`${path}?${query}`);
    assert.equal(response.status, 400);
    const body = await response.json();
    assert.equal(body.error.code, "INVALID_PARAMS");
    assert.equal(body.detail, message);
    assert.deepEqual(gate.admitted, []);
  });
}

Deno.test("freshness is the requested country's, or the default's when the country is invalid", async () => {
  const { fetch } = catalogHandler(compiled, { now: () => NOW });
  const ca = await fetch(`${path}?country=ca&category=zzz`);
  assert.equal(ca.headers.get("x-data-freshness-hours"), "36.0");
  // The fixture has no us data: a request about us has no freshness to state.
  const us = await fetch(`${path}?country=US&category=bakery`);
  assert.equal(us.headers.get("x-data-freshness-hours"), null);
});

Deno.test("the 402 challenge carries the freshness header too", async () => {
  const { fetch } = catalogHandler(compiled, { now: () => NOW, gate: "challenge" });
  const response = await fetch(`${path}?country=ca&category=bakery`);
  assert.equal(response.status, 402);
  assert.equal(response.headers.get("x-data-freshness-hours"), "36.0");
});

Deno.test("GET /v1/public/retailers lists the country's retailers with their quality, free", async () => {
  const { fetch, gate } = catalogHandler(compiled, { now: () => NOW, gate: "challenge" });
  const response = await fetch("/v1/public/retailers?country=ca");
  assert.equal(response.status, 200);
  const body = await response.json();
  assert.deepEqual(
    body.retailers.map((r: { name: string; quality_status: string }) => [r.name, r.quality_status]),
    [["Alpha Mart", "ok"], ["Beta Foods", "ok"], ["Delta Stale", "stale"], ["Gamma Liquor", "sparse"]],
  );
  assert.deepEqual(body.thresholds, {
    stale_after_days: 7,
    sparse_below_observations: 2,
    sparse_below_category_share: 0.2,
  });
  assert.deepEqual(gate.admitted, []);
  assert.equal((await fetch("/v1/public/retailers?country=us")).status, 404);
  assert.equal((await fetch("/v1/public/retailers?country=fr")).status, 400);
});

Deno.test("a target asked again is answered from its kept work: no lookup at all, only meta made anew", async () => {
  let now = NOW;
  const { fetch, store } = catalogHandler(compiled, { now: () => now });
  const target = `${path}?country=ca&category=Bakery`;
  const first = await (await fetch(target)).json();
  await (await fetch(target)).arrayBuffer();
  const looked = store.lookups.length;
  now += 90_000;
  const later = await fetch(target);
  assert.equal(later.headers.get("x-data-freshness-hours"), "36.0");
  const body = await later.json();
  now += 3_600_000;
  const last = await fetch(target);
  assert.equal(last.headers.get("x-data-freshness-hours"), "37.0");
  assert.equal((await last.json()).meta.freshness_seconds, 129600 + 90 + 3600);
  assert.equal(store.lookups.length, looked);
  assert.equal(body.meta.freshness_seconds, 129600 + 90);
  assert.deepEqual({ ...body, meta: first.meta }, first);
});
