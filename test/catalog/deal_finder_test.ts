import assert from "node:assert/strict";
import { dealFinderResponseSchema } from "../../src/catalog/shopper_schemas.ts";
import { leastTenths } from "../../src/catalog/deal_finder.ts";
import { shopperAnswer, testInvalid, testRefusals } from "../support/shopper_fixture.ts";

const path = "/v1/shopper/deal-finder";
const answer = (query: string) => shopperAnswer(dealFinderResponseSchema, path, query, "findDeals");
const deals = async (query: string) => {
  const body = await answer(query);
  return { total: body.total, rows: body.results.map((r) => [r.product, r.discount_pct, r.discount_abs]) };
};

// Pantry's deals over the whole snapshot: Oat Cookies 4.00 → 3.00 (median 3.50, 14.3 %), Brewco Coffee 20,
// 20, 18 (median 20, exactly 10.0 %: kept by the default min_discount 10), Crunch Cereal 5.00 against 5.50
// (9.1 %: below it). Olive Oil and Granola Bars went up.
Deno.test("deal-finder answers the deals at or above min_discount (default 10), by discount_pct", async () => {
  const body = await answer("country=ca&category=pantry");
  assert.deepEqual(body.resolved, {
    input: "pantry",
    normalised: "pantry",
    matched_by: "catalog_category",
    gpc: null,
    gpc_codes: [],
    catalog_categories: ["Pantry"],
    included: [{ category: "Pantry", reason: 'its path is "Pantry"' }],
    left_out: [],
    left_out_total: 0,
    products: 5,
  });
  assert.deepEqual(body.query, {
    retailer: null,
    min_discount: 10,
    window: null,
    window_from: null,
    sort: "pct",
    limit: 20,
  });
  assert.deepEqual(
    body.results.map((r) => [r.product, r.retailer, r.price, r.reference_price, r.discount_pct]),
    [
      ["Oat Cookies", "Gamma Mart", 3, 3.5, 14.3],
      ["Brewco Coffee 1 KG", "Gamma Mart", 18, 20, 10],
    ],
  );
  assert.equal(body.total, 2);
  assert.deepEqual(body.results[1], {
    ...body.results[1]!,
    is_lowest_in_window: true,
    promo: true,
    valid_until: "2025-12-19T00:00:00Z",
    observed_at: "2025-12-12T00:00:00Z",
    n_obs: 3,
  });
});

const orders: [string, string, { total: number; rows: unknown[][] }][] = [
  ["min_discount=0 adds every deal above 0", "min_discount=0", {
    total: 3,
    rows: [["Oat Cookies", 14.3, 0.5], ["Brewco Coffee 1 KG", 10, 2], ["Crunch Cereal 500 G", 9.1, 0.5]],
  }],
  ["sort=abs orders by discount_abs, ties by discount_pct", "min_discount=0&sort=abs", {
    total: 3,
    rows: [["Brewco Coffee 1 KG", 10, 2], ["Oat Cookies", 14.3, 0.5], ["Crunch Cereal 500 G", 9.1, 0.5]],
  }],
  // Oat Cookies and Crunch Cereal were both seen on Dec 16 (ties by discount_pct), the coffee on Dec 12.
  ["sort=recency orders by the current price's date", "min_discount=0&sort=recency", {
    total: 3,
    rows: [["Oat Cookies", 14.3, 0.5], ["Crunch Cereal 500 G", 9.1, 0.5], ["Brewco Coffee 1 KG", 10, 2]],
  }],
  ["limit stops the list, not the total", "min_discount=0&sort=abs&limit=1", {
    total: 3,
    rows: [["Brewco Coffee 1 KG", 10, 2]],
  }],
  ["min_discount compares with the served discount_pct", "min_discount=14.3", {
    total: 1,
    rows: [["Oat Cookies", 14.3, 0.5]],
  }],
  ["a min_discount above every deal answers none", "min_discount=14.31&sort=recency", { total: 0, rows: [] }],
  // From Dec 10: Cereal 6.00, 5.00 (9.1 %, now the lowest), Coffee 20, 18 (5.3 %); Oat Cookies has one price.
  ["window=7d takes the reference over the last 7 days", "min_discount=0&window=7d", {
    total: 2,
    rows: [["Crunch Cereal 500 G", 9.1, 0.5], ["Brewco Coffee 1 KG", 5.3, 1]],
  }],
  ["a retailer keeps its own deals", "min_discount=0&retailer=gamma%20mart", {
    total: 2,
    rows: [["Oat Cookies", 14.3, 0.5], ["Brewco Coffee 1 KG", 10, 2]],
  }],
];
for (const [what, query, expected] of orders) {
  Deno.test(`deal-finder: ${what}`, async () => {
    assert.deepEqual(await deals(`country=ca&category=pantry&${query}`), expected);
  });
}

Deno.test("deal-finder echoes the window with its first instant", async () => {
  const body = await answer("country=ca&category=pantry&window=7d&min_discount=2.5");
  assert.deepEqual(body.query, {
    retailer: null,
    min_discount: 2.5,
    window: "7d",
    window_from: "2025-12-10T00:00:00Z",
    sort: "pct",
    limit: 20,
  });
  assert.equal(body.results[0]!.is_lowest_in_window, true);
});

// "cookies" names two nodes (Bakery > Cookies, Pantry > Cookies): their lists are merged. Choco Chips (Beta)
// and Oat Cookies (Gamma) both save 0.50 on 3.50 (14.3 %): by name in pct order; by date in recency order.
// The 10.50 Choco Chips outlier of Dec 17 is the one outlier left out, at Beta Foods.
Deno.test("deal-finder merges the lists of every node of the category", async () => {
  const pct = await answer("country=ca&category=cookies");
  assert.deepEqual(pct.resolved.catalog_categories, ["Bakery > Cookies", "Pantry > Cookies"]);
  assert.deepEqual(pct.results.map((r) => [r.product, r.category, r.retailer]), [
    ["Choco Chips 300 G", "Bakery > Cookies", "Beta Foods"],
    ["Oat Cookies", "Pantry > Cookies", "Gamma Mart"],
  ]);
  assert.equal(pct.method.outliers_excluded, 1);
  const recency = await answer("country=ca&category=cookies&sort=recency");
  assert.deepEqual(recency.results.map((r) => r.product), ["Oat Cookies", "Choco Chips 300 G"]);
  const gamma = await answer("country=ca&category=cookies&retailer=Gamma%20Mart");
  assert.deepEqual([gamma.results.map((r) => r.product), gamma.total], [["Oat Cookies"], 1]);
  assert.equal(gamma.method.outliers_excluded, 0);
  // 7d: each has one price from Dec 10 on (the outlier aside): no deal, an empty answer.
  const week = await answer("country=ca&category=cookies&window=7d");
  assert.deepEqual([week.results, week.total, week.method.outliers_excluded], [[], 0, 1]);
});

Deno.test("min_discount is read exactly: the least served percentage (tenths) that reaches it", () => {
  assert.deepEqual(["0", "10", "9.99", "10.05", "14.3", "90"].map(leastTenths), [1, 100, 100, 101, 143, 900]);
  // Any number text the query accepts: an exponent, many decimals, a negative zero, leading zeros.
  assert.deepEqual(
    ["1.43e1", "14.30000000000000001", "1430E-2", "-0", "014.3", "5e-324", "0.9e2"].map(leastTenths),
    [143, 144, 143, 1, 143, 1, 900],
  );
});

testRefusals("deal-finder", path, [
  ["a category that resolves to nothing", "country=ca&category=socks", 404, "NO_RESULTS", {
    parameter: "category",
    input: "socks",
    normalised: "socks",
    country: "ca",
    tried: ["gpc_code", "lexicon", "gpc_title", "catalog_category"],
  }],
  [
    "a category with no product at the retailer",
    "country=ca&category=dairy&retailer=Beta%20Foods",
    404,
    "NO_RESULTS",
    {
      parameter: "category",
      input: "dairy",
      country: "ca",
      retailer: "Beta Foods",
    },
  ],
  ["an unknown retailer", "country=ca&category=dairy&retailer=Omega", 404, "NO_RESULTS", {
    parameter: "retailer",
    retailer: "Omega",
    country: "ca",
    known_retailers: ["Alpha Mart", "Beta Foods", "Delta Stale", "Gamma Mart"],
  }],
]);

testInvalid("deal-finder", path, [
  ["no category", "min_discount=5", "category is required"],
  ["a min_discount above 90", "category=pantry&min_discount=91", "min_discount must be between 0 and 90"],
  ["a negative min_discount", "category=pantry&min_discount=-1", "min_discount must be between 0 and 90"],
  [
    "a min_discount above 90 written with an exponent",
    "category=pantry&min_discount=9.1e1",
    "min_discount must be between 0 and 90",
  ],
  [
    "a min_discount that is not a number",
    "category=pantry&min_discount=ten",
    "min_discount must be a number such as 10 or 12.5",
  ],
  ["a window of 14d", "category=pantry&window=14d", 'window "14d" is not one of 7d, 31d, 90d'],
  ["an explicit window=all", "category=pantry&window=all", 'window "all" is not one of 7d, 31d, 90d'],
  ["a sort by price", "category=pantry&sort=price", 'sort "price" is not one of pct, abs, recency'],
  ["a limit of 101", "category=pantry&limit=101", "limit must be a whole number from 1 to 100"],
  [
    "a parameter of another operation",
    "category=pantry&q=bread",
    'unknown parameter "q"; this operation accepts country, retailer, category, min_discount, window, sort, limit',
  ],
]);
