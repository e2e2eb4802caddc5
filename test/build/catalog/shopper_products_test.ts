import assert from "node:assert/strict";
import type { ShopperProductRecord } from "../../../src/format/shopper_records.ts";
import { alertRow, bestPriceResult } from "../../../src/catalog/shopper_fragments.ts";
import { compileShopperFixture, shopperRecord } from "../../support/shopper_fixture.ts";

const compiled = await compileShopperFixture();
const { catalog } = compiled.countries[0]!;
const record = (name: string) =>
  shopperRecord<ShopperProductRecord>(
    compiled,
    "shopper_products",
    catalog.products.find((p) => p.name === name)!.id,
  );
const retailer = (name: string) => catalog.retailers.findIndex((r) => r.name === name);
const best = (name: string, at: number | null) => JSON.parse(bestPriceResult(record(name), at, 1)!);
const alert = (name: string, at: string) => JSON.parse(alertRow(record(name), retailer(at), null)!.json);

// Sunny White Bread 675 G: Alpha 3.00 (Dec 10), Gamma 3.20 (Dec 16, deal flag not given), Beta 3.50 (Dec 12,
// a deal until Dec 18); Delta Stale's 2.90 of Dec 1 is older than the 14-day window. Median 3.20.
Deno.test("a product's best offer is its cheapest; offers go by price; savings are against the median", () => {
  const answer = best("Sunny White Bread 675 G", null);
  assert.equal(answer.category, "Bakery > Bread");
  assert.deepEqual(answer.best, {
    retailer: "Alpha Mart",
    price: 3,
    currency: "CAD",
    price_basis: "item",
    same_day_prices: null,
    unit_price: 4.44,
    unit_basis: "kg",
    unit_conversion: "exact",
    observed_at: "2025-12-10T00:00:00Z",
    valid_until: null,
    is_deal: false,
  });
  assert.deepEqual(
    answer.offers.map((o: { retailer: string; price: number; unit_price: number }) => [
      o.retailer,
      o.price,
      o.unit_price,
    ]),
    [["Alpha Mart", 3, 4.44], ["Gamma Mart", 3.2, 4.74], ["Beta Foods", 3.5, 5.19]],
  );
  assert.equal(answer.offers[1].is_deal, null);
  // Every offer carries its end of validity (null: the source states none, valid 14 days after it was seen).
  assert.deepEqual(answer.offers.map((o: { valid_until: string | null }) => o.valid_until), [
    null,
    null,
    "2025-12-18T00:00:00Z",
  ]);
  assert.deepEqual(answer.savings_vs_median, { amount: 0.2, pct: 6.3, median: 3.2, n: 3 });
  assert.deepEqual(answer.expired_offers, []);
  assert.deepEqual(answer.size, {
    text: "675 g",
    quantity: 0.675,
    basis: "kg",
    confidence: "exact",
    source: "name",
  });
});

Deno.test("in a retailer's scope the best offer is that retailer's, still against the market median", () => {
  const answer = best("Sunny White Bread 675 G", retailer("Beta Foods"));
  assert.deepEqual([answer.best.retailer, answer.best.price, answer.best.is_deal], ["Beta Foods", 3.5, true]);
  assert.equal(answer.best.valid_until, "2025-12-18T00:00:00Z");
  assert.equal(answer.offers.length, 1);
  // 3.20 − 3.50 = −0.30: buying there costs 9.4 % more than the market median.
  assert.deepEqual(answer.savings_vs_median, { amount: -0.3, pct: -9.4, median: 3.2, n: 3 });
  assert.equal(bestPriceResult(record("Sunny White Bread 675 G"), retailer("Delta Stale"), 1), undefined);
});

Deno.test("a size stated nowhere gives no unit price; a price per lb gives a derived one per kg", () => {
  assert.deepEqual(
    [best("Golden Bread", null).best.unit_price, best("Golden Bread", null).best.unit_conversion],
    [null, "unknown"],
  );
  const bananas = best("Bananas", null).best;
  assert.deepEqual([bananas.unit_price, bananas.unit_basis, bananas.unit_conversion], [1.3, "kg", "derived"]);
});

Deno.test("the current price skips a later outlier, and the product's outliers are counted", () => {
  // Choco Chips: 10.50 on Dec 17 is 3 × the product's median 3.50; the current price is 3.00 of Dec 10.
  assert.equal(best("Choco Chips 300 G", null).best.price, 3);
  assert.equal(record("Choco Chips 300 G").outliers_current, 1);
  assert.equal(record("Sunny Milk 2 L").outliers_current, 0);
});

Deno.test("a record holds each offer once, by price; the product's head once", () => {
  const white = record("Sunny White Bread 675 G");
  const id = catalog.products.find((p) => p.name === "Sunny White Bread 675 G")!.id;
  assert.equal(
    white.head,
    `"product_id":"${id}","product":"Sunny White Bread 675 G","brand":"Sunny","brand_status":"known",` +
      `"size":{"text":"675 g","quantity":0.675,"basis":"kg","confidence":"exact","source":"name"}`,
  );
  assert.deepEqual(white.offers.map((o) => catalog.retailers[o.retailer]!.name), [
    "Alpha Mart",
    "Gamma Mart",
    "Beta Foods",
  ]);
});

const alerts: [string, string, string, Record<string, unknown>][] = [
  ["the most recent different price, not an older one", "Sunny Milk 2 L", "Alpha Mart", {
    price: 3.5,
    previous_price: 5,
    previous_observed_at: "2025-12-10T00:00:00Z",
    change: -1.5,
    change_pct: -30,
    changed_at: "2025-12-16T00:00:00Z",
    n_obs: 4,
  }],
  ["the first observation at the current price as the change date", "Crunch Granola Bars 6'S", "Alpha Mart", {
    price: 2.5,
    previous_price: 2,
    change: 0.5,
    change_pct: 25,
    changed_at: "2025-12-05T00:00:00Z",
    n_obs: 4,
  }],
  ["the history of the current pack size only", "Bananas", "Beta Foods", {
    price: 0.59,
    previous_price: 0.69,
    change: -0.1,
    change_pct: -14.5,
    changed_at: "2025-12-16T00:00:00Z",
    n_obs: 2,
  }],
  ["the price before an outlier-free current one", "Choco Chips 300 G", "Beta Foods", {
    price: 3,
    previous_price: 3.5,
    change: -0.5,
    change_pct: -14.3,
    changed_at: "2025-12-10T00:00:00Z",
    n_obs: 3,
  }],
  ["null figures for a price never seen to change", "Crunch Cereal 500 G", "Alpha Mart", {
    price: 5.2,
    previous_price: null,
    change: null,
    change_pct: null,
    changed_at: null,
    n_obs: 1,
  }],
];
for (const [what, product, at, expected] of alerts) {
  Deno.test(`a price-drop-alert row takes ${what} (${product} at ${at})`, () => {
    const row = alert(product, at);
    assert.deepEqual(
      Object.fromEntries(Object.keys(expected).map((key) => [key, row[key]])),
      expected,
    );
  });
}

Deno.test("an alert row holds the product, the listing's figures and the trigger; it counts the outliers", () => {
  const row = alert("Choco Chips 300 G", "Beta Foods");
  assert.deepEqual(Object.keys(row), [
    "product_id",
    "product",
    "brand",
    "brand_status",
    "size",
    "retailer",
    "price",
    "previous_price",
    "previous_observed_at",
    "change",
    "change_pct",
    "changed_at",
    "observed_at",
    "valid_until",
    "is_deal",
    "n_obs",
    "triggered",
    "trigger",
  ]);
  assert.deepEqual([row.observed_at, row.is_deal], ["2025-12-10T00:00:00Z", true]);
  assert.equal(alertRow(record("Choco Chips 300 G"), retailer("Beta Foods"), "change")!.outliers, 1);
  // Products without a current price have no record.
  const wheat = catalog.products.find((p) => p.name === "Sunny Whole Wheat")!.id;
  assert.equal(compiled.shards.get("shopper_products")!.has(`ca:${wheat}`), false);
});
