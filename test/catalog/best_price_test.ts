import assert from "node:assert/strict";
import * as v from "npm:valibot@1.5.0";
import { bestPriceResponseSchema } from "../../src/catalog/shopper_schemas.ts";
import { catalogHandler, compileFixture } from "../support/catalog_fixture.ts";
import {
  compileShopperFixture,
  SHOPPER_NOW,
  shopperAnswer,
  testInvalid,
  testRefusals,
} from "../support/shopper_fixture.ts";

const path = "/v1/shopper/best-price";
const answer = (query: string) => shopperAnswer(bestPriceResponseSchema, path, query, "getBestPrice");
type Result = v.InferOutput<typeof bestPriceResponseSchema>["results"][number];
const rows = (results: readonly Result[]) =>
  results.map((r) => [r.product, r.match_rank, r.best.retailer, r.best.unit_price, r.best.unit_basis]);

// "bread" is a word of six names, all filed under Bakery > Bread, whose kind is bread (rank 1); it also
// starts "Bready Bakes", the brand of the bagels (rank 5: only in the brand). Three of the seven matches are
// priced per item (Bread Sticks 0.20, Bagels 0.40, Bread Rolls 0.50), two per kg (Sunny White Bread 3.00 /
// 0.675 kg = 4.44, Rye 2.70 / 0.45 kg = 6.00) and two have no size (by price: Artisan 2.50, Golden 4.00): per
// item comes first, then per kg, then no unit price; the bagels last, as rank 5.
Deno.test("best-price ranks by match, then by unit price within the basis most matches use, unknown last", async () => {
  const body = await answer("country=ca&q=bread");
  assert.deepEqual(body.query, { q: "bread", terms: ["bread"], retailer: null, limit: 10 });
  assert.deepEqual(rows(body.results), [
    ["Bread Sticks 12'S", 1, "Gamma Mart", 0.2, "each"],
    ["Bread Rolls 6'S", 1, "Beta Foods", 0.5, "each"],
    ["Sunny White Bread 675 G", 1, "Alpha Mart", 4.44, "kg"],
    ["Rye Bread 450 G", 1, "Alpha Mart", 6, "kg"],
    ["Artisan Bread", 1, "Gamma Mart", null, null],
    ["Golden Bread", 1, "Alpha Mart", null, null],
    ["Bagels 6'S", 5, "Beta Foods", 0.4, "each"],
  ]);
  assert.equal(body.total, 7);
  assert.equal(body.meta.generated, false);
  assert.equal(body.method.outliers_excluded, 0);
  const white = body.results[2]!;
  assert.deepEqual(white.offers.map((o) => [o.retailer, o.price]), [
    ["Alpha Mart", 3],
    ["Gamma Mart", 3.2],
    ["Beta Foods", 3.5],
  ]);
  assert.equal(white.best.price, Math.min(...white.offers.map((o) => o.price)));
  assert.deepEqual(white.savings_vs_median, { amount: 0.2, pct: 6.3, median: 3.2, n: 3 });
});

Deno.test("limit keeps the first results and total still counts every match", async () => {
  const body = await answer("country=ca&q=bread&limit=2");
  assert.deepEqual(body.results.map((r) => r.product), ["Bread Sticks 12'S", "Bread Rolls 6'S"]);
  assert.equal(body.total, 7);
  assert.equal(body.query.limit, 2);
});

// At Beta Foods: Bread Rolls and the bagels per item (2), Sunny White Bread per kg at Beta's 3.50 (5.19).
Deno.test("with a retailer only its offers count: its price is best, others drop out", async () => {
  const body = await answer("country=ca&q=BREAD&retailer=beta%20FOODS");
  assert.deepEqual(body.query, { q: "BREAD", terms: ["bread"], retailer: "Beta Foods", limit: 10 });
  assert.deepEqual(rows(body.results), [
    ["Bread Rolls 6'S", 1, "Beta Foods", 0.5, "each"],
    ["Sunny White Bread 675 G", 1, "Beta Foods", 5.19, "kg"],
    ["Bagels 6'S", 5, "Beta Foods", 0.4, "each"],
  ]);
  assert.equal(body.total, 3);
  const white = body.results[1]!;
  assert.deepEqual(white.offers.map((o) => o.retailer), ["Beta Foods"]);
  assert.deepEqual(white.savings_vs_median, { amount: -0.3, pct: -9.4, median: 3.2, n: 3 });
});

Deno.test("every term must match; the last one as a prefix; accents and case do not matter", async () => {
  // "wh" starts White and Whole, but Sunny Whole Wheat has no current price.
  const white = await answer("country=ca&q=sunny%20wh");
  assert.deepEqual(white.results.map((r) => r.product), ["Sunny White Bread 675 G"]);
  assert.deepEqual(white.query.terms, ["sunny", "wh"]);
  const creme = await answer("country=ca&q=CREME%20fra%C3%AE");
  assert.deepEqual(creme.results.map((r) => [r.product, r.brand, r.category]), [
    ["Crème Fraîche 250 mL", "Sunny", "Dairy > Cream"],
  ]);
  // Sunny is a word of two names, neither its last word nor its category's kind (rank 3), and the brand of two
  // more (rank 5). Per L is the basis most matches use (Sunny Milk, Crème Fraîche), so the milk comes before
  // the bread priced per kg.
  const sunny = await answer("country=ca&q=sunny");
  assert.deepEqual(sunny.results.map((r) => [r.product, r.match_rank]), [
    ["Sunny Milk 2 L", 3],
    ["Sunny White Bread 675 G", 3],
    ["Crème Fraîche 250 mL", 5],
    ["Golden Bread", 5],
  ]);
});

Deno.test("the served products' outliers of the current window are counted", async () => {
  const body = await answer("country=ca&q=choco");
  assert.deepEqual(body.results.map((r) => [r.product, r.best.price]), [["Choco Chips 300 G", 3]]);
  assert.equal(body.method.outliers_excluded, 1);
});

testRefusals("best-price", path, [
  ["a q matching only a product without a current price", "country=ca&q=sunny%20whole", 404, "NO_RESULTS", {
    parameter: "q",
    q: "sunny whole",
    terms: ["sunny", "whole"],
    country: "ca",
  }],
  ["a q matching nothing at the retailer", "country=ca&q=milk&retailer=Beta%20Foods", 404, "NO_RESULTS", {
    parameter: "q",
    q: "milk",
    terms: ["milk"],
    country: "ca",
    retailer: "Beta Foods",
  }],
  ["a word that is only a prefix before the last term", "country=ca&q=bre%20sticks", 404, "NO_RESULTS", {
    parameter: "q",
    q: "bre sticks",
    terms: ["bre", "sticks"],
    country: "ca",
  }],
  ["a stale retailer", "country=ca&q=bread&retailer=Delta%20Stale", 404, "RETAILER_NOT_SERVING_ELIGIBLE", {
    retailer: "Delta Stale",
    quality_status: "stale",
    serving_eligible_retailers: ["Alpha Mart", "Beta Foods", "Gamma Mart"],
  }],
]);

Deno.test("best-price: a q that resolves asks for payment (402) with the freshness header", async () => {
  const { fetch, gate } = catalogHandler(await compileShopperFixture(), {
    now: () => SHOPPER_NOW,
    gate: "challenge",
  });
  const response = await fetch(`${path}?country=ca&q=bread`);
  assert.equal(response.status, 402);
  assert.equal(response.headers.get("x-data-freshness-hours"), "36.0");
  assert.deepEqual(gate.admitted, [{ operation: "getBestPrice", items: 1 }]);
});

testInvalid("best-price", path, [
  ["no q", "country=ca", "q is required"],
  ["a q of punctuation only", "q=%21%21%21", 'q "!!!" holds no letter or digit to search for'],
  ["a q of 11 terms", `q=${"a ".repeat(11)}`, "q has 11 terms; at most 10 are allowed"],
  ["a blank q", "q=%20", "q is blank: give 1 to 200 characters"],
  ["a limit of 0", "q=bread&limit=0", "limit must be a whole number from 1 to 50"],
  ["a limit of 51", "q=bread&limit=51", "limit must be a whole number from 1 to 50"],
  ["a limit that is not a number", "q=bread&limit=ten", "limit must be a whole number from 1 to 50"],
  [
    "an unknown parameter",
    "q=bread&sort=pct",
    'unknown parameter "sort"; this operation accepts country, retailer, q, limit',
  ],
]);

// The stats fixture's us snapshot is generated: every shopper answer about it says so in meta. (Its
// retailers have one or two observations: the thresholds here keep them serving-eligible.)
Deno.test("a shopper answer from a generated snapshot is labelled generated", async () => {
  const generated = await compileFixture(["test/build/catalog/fixtures/stats_us.csv"], {
    thresholds: { stale_after_days: 7, sparse_below_observations: 1, sparse_below_category_share: 0 },
  });
  const { fetch } = catalogHandler(generated, { now: () => Date.UTC(2022, 2, 2) });
  const body = v.parse(bestPriceResponseSchema, await (await fetch(`${path}?q=apples`)).json());
  assert.deepEqual([body.meta.generated, body.meta.served_from[0]!.kind], [true, "generated"]);
  // Apples at SAFEWAY, 1.80 per pound = 3.97/kg (derived); Generated Market A's 1.77 is older than 14 days.
  assert.deepEqual(body.results.map((r) => [r.product, r.best.retailer, r.best.unit_price]), [
    ["Apples (Fresh)", "SAFEWAY", 3.97],
  ]);
});
