import assert from "node:assert/strict";
import { priceDropAlertResponseSchema } from "../../src/catalog/shopper_schemas.ts";
import {
  compileShopperFixture,
  shopperAnswer,
  testInvalid,
  testRefusals,
} from "../support/shopper_fixture.ts";

const compiled = await compileShopperFixture();
const path = "/v1/shopper/price-drop-alert";
const answer = (query: string) =>
  shopperAnswer(priceDropAlertResponseSchema, path, query, "getPriceDropAlerts");
const alerts = async (query: string) => {
  const body = await answer(`country=ca&q=crunch&${query}`);
  return {
    total: body.total,
    triggered: body.triggered,
    rows: body.results.map((r) => [r.product, r.retailer, r.change_pct, r.trigger]),
  };
};

// The Crunch brand's listings with a current price: Cereal at Beta 6.00 → 5.00 (−16.7 %), Choco Chips at Beta
// 3.50 → 3.00 (−14.3 %; the 10.50 outlier after it is no price), Granola Bars at Alpha 2.00 → 2.50 (+25.0 %),
// and two prices never seen to change (Cereal at Alpha 5.20, Crunch Cookies at Alpha 2.00).
const cases: [string, string, { total: number; triggered: number; rows: unknown[][] }][] = [
  ["by default, drops of at least 5 % trigger, first, by size", "", {
    total: 5,
    triggered: 2,
    rows: [
      ["Crunch Cereal 500 G", "Beta Foods", -16.7, "change"],
      ["Choco Chips 300 G", "Beta Foods", -14.3, "change"],
      ["Crunch Granola Bars 6'S", "Alpha Mart", 25, null],
      ["Crunch Cereal 500 G", "Alpha Mart", null, null],
      ["Crunch Cookies", "Alpha Mart", null, null],
    ],
  }],
  ["direction=up triggers on rises", "direction=up", {
    total: 5,
    triggered: 1,
    rows: [
      ["Crunch Granola Bars 6'S", "Alpha Mart", 25, "change"],
      ["Crunch Cereal 500 G", "Beta Foods", -16.7, null],
      ["Choco Chips 300 G", "Beta Foods", -14.3, null],
      ["Crunch Cereal 500 G", "Alpha Mart", null, null],
      ["Crunch Cookies", "Alpha Mart", null, null],
    ],
  }],
  [
    "direction=any with a threshold of 15 % takes moves of at least 15 % either way",
    "direction=any&threshold_pct=15",
    {
      total: 5,
      triggered: 2,
      rows: [
        ["Crunch Granola Bars 6'S", "Alpha Mart", 25, "change"],
        ["Crunch Cereal 500 G", "Beta Foods", -16.7, "change"],
        ["Choco Chips 300 G", "Beta Foods", -14.3, null],
        ["Crunch Cereal 500 G", "Alpha Mart", null, null],
        ["Crunch Cookies", "Alpha Mart", null, null],
      ],
    },
  ],
  ["the threshold compares with the served change_pct, inclusive", "threshold_pct=16.7", {
    total: 5,
    triggered: 1,
    rows: [
      ["Crunch Cereal 500 G", "Beta Foods", -16.7, "change"],
      ["Crunch Granola Bars 6'S", "Alpha Mart", 25, null],
      ["Choco Chips 300 G", "Beta Foods", -14.3, null],
      ["Crunch Cereal 500 G", "Alpha Mart", null, null],
      ["Crunch Cookies", "Alpha Mart", null, null],
    ],
  }],
  // Prices at or below 2.50: Granola Bars (also a rise), Crunch Cookies (no change known); Choco Chips 3.00 not.
  ["a target triggers on the price alone, whatever the change", "direction=up&target=2.5", {
    total: 5,
    triggered: 2,
    rows: [
      ["Crunch Granola Bars 6'S", "Alpha Mart", 25, "change_and_target"],
      ["Crunch Cookies", "Alpha Mart", null, "target"],
      ["Crunch Cereal 500 G", "Beta Foods", -16.7, null],
      ["Choco Chips 300 G", "Beta Foods", -14.3, null],
      ["Crunch Cereal 500 G", "Alpha Mart", null, null],
    ],
  }],
  ["limit stops the rows, not the counts", "limit=1", {
    total: 5,
    triggered: 2,
    rows: [["Crunch Cereal 500 G", "Beta Foods", -16.7, "change"]],
  }],
  ["a retailer keeps its own listings", "retailer=Alpha%20Mart", {
    total: 3,
    triggered: 0,
    rows: [
      ["Crunch Granola Bars 6'S", "Alpha Mart", 25, null],
      ["Crunch Cereal 500 G", "Alpha Mart", null, null],
      ["Crunch Cookies", "Alpha Mart", null, null],
    ],
  }],
];
for (const [what, query, expected] of cases) {
  Deno.test(`price-drop-alert: ${what}`, async () => {
    assert.deepEqual(await alerts(query), expected);
  });
}

Deno.test("price-drop-alert echoes its rules and serves each row's figures and dates", async () => {
  const body = await answer("country=ca&q=milk&threshold_pct=30&target=3.5");
  assert.deepEqual(body.query, {
    q: "milk",
    terms: ["milk"],
    retailer: null,
    threshold_pct: 30,
    target: 3.5,
    direction: "down",
    limit: 20,
  });
  // Sunny Milk at Alpha: 5.00, 4.00, 5.00 (Dec 10), 3.50 (Dec 16): the previous different price is 5.00.
  assert.deepEqual(body.results, [{
    product_id: compiled.countries[0]!.catalog.products.find((p) => p.name === "Sunny Milk 2 L")!.id,
    product: "Sunny Milk 2 L",
    brand: "Sunny",
    brand_status: "known",
    size: { text: "2 L", quantity: 2, basis: "L", confidence: "exact", source: "name" },
    retailer: "Alpha Mart",
    price: 3.5,
    previous_price: 5,
    previous_observed_at: "2025-12-10T00:00:00Z",
    change: -1.5,
    change_pct: -30,
    changed_at: "2025-12-16T00:00:00Z",
    observed_at: "2025-12-16T00:00:00Z",
    valid_until: "2025-12-20T00:00:00Z",
    is_deal: true,
    n_obs: 4,
    triggered: true,
    trigger: "change_and_target",
  }]);
  assert.equal(body.method.outliers_excluded, 0);
  const chips = await answer("country=ca&q=chips");
  assert.equal(chips.method.outliers_excluded, 1);
});

testRefusals("price-drop-alert", path, [
  ["a q matching no product", "country=ca&q=caviar", 404, "NO_RESULTS", {
    parameter: "q",
    q: "caviar",
    terms: ["caviar"],
    country: "ca",
  }],
]);

testInvalid("price-drop-alert", path, [
  ["a threshold above 100", "q=milk&threshold_pct=100.5", "threshold_pct must be between 0 and 100"],
  ["a target of 0", "q=milk&target=0", "target must be greater than 0 and at most 1000000000"],
  ["a target of 0.00", "q=milk&target=0.00", "target must be greater than 0 and at most 1000000000"],
  ["a negative target", "q=milk&target=-2", "target must be greater than 0 and at most 1000000000"],
  [
    "a target with a fractional exponent",
    "q=milk&target=1e9.5",
    "target must be a number such as 10 or 12.5",
  ],
  ["a target of 1e10", "q=milk&target=1e10", "target must be greater than 0 and at most 1000000000"],
  ["an empty target", "q=milk&target=", "target must be a number such as 10 or 12.5"],
  ["a sideways direction", "q=milk&direction=sideways", 'direction "sideways" is not one of down, up, any'],
  ["a limit of 0", "q=milk&limit=0", "limit must be a whole number from 1 to 100"],
  [
    "two problems at once",
    "q=milk&limit=0&direction=DOWN",
    'direction "DOWN" is not one of down, up, any; limit must be a whole number from 1 to 100',
  ],
]);
