import assert from "node:assert/strict";
import type { CategoryResolution } from "../../../src/format/catalog_records.ts";
import type { DealList, DealTarget, DealWindow } from "../../../src/format/shopper_records.ts";
import { compileShopperFixture, shopperRecord } from "../../support/shopper_fixture.ts";

const compiled = await compileShopperFixture();
const { catalog } = compiled.countries[0]!;
const windowOf = (name: string) => shopperRecord<DealWindow>(compiled, "shopper_deals", `w:${name}`);
const rows = (name: string) => windowOf(name).rows.map((row) => JSON.parse(row));
const figures = (name: string) =>
  rows(name).map((r) => [
    r.product,
    r.retailer,
    r.price,
    r.reference_price,
    r.discount_pct,
    r.discount_abs,
    r.is_lowest_in_window,
    r.n_obs,
  ]);
const node = (path: string) => catalog.nodes.findIndex((n) => n.path === path);
const retailer = (name: string) => catalog.retailers.findIndex((r) => r.name === name);
const names = (name: string, ids: readonly number[]) => ids.map((id) => rows(name)[id].product);

// Whole snapshot. Sunny Milk at Alpha: 5.00, 4.00, 5.00, 3.50 → median 4.50, 1.00 off (22.2 %), the lowest.
// Choco Chips at Beta: 3.50, 3.50, 3.00 and 10.50 (an outlier: 3 × its median 3.50) → median 3.50 of the
// other three, current 3.00. Oat Cookies at Gamma: 4.00, 3.00 → 3.50. Brewco Coffee: 20, 20, 18 → 20, exactly
// 10.0 %. Crunch Cereal at Beta: 3, 6, 6, 5 → 5.50, 9.1 %, but 3.00 was cheaper: not the lowest. Bananas at
// Beta: 0.69 and 0.59 per lb; the 1.50 between them is sold by the piece (unknown size) and is left out, so
// the reference is 0.64, not 0.69. Single-observation listings (n_obs 1) and price rises never qualify.
Deno.test("deal-finder's reference is the median of the listing's window, like for like, outliers out", () => {
  assert.deepEqual(figures("all"), [
    ["Sunny Milk 2 L", "Alpha Mart", 3.5, 4.5, 22.2, 1, true, 4],
    ["Choco Chips 300 G", "Beta Foods", 3, 3.5, 14.3, 0.5, true, 3],
    ["Oat Cookies", "Gamma Mart", 3, 3.5, 14.3, 0.5, true, 2],
    ["Brewco Coffee 1 KG", "Gamma Mart", 18, 20, 10, 2, true, 3],
    ["Crunch Cereal 500 G", "Beta Foods", 5, 5.5, 9.1, 0.5, false, 4],
    ["Bananas", "Beta Foods", 0.59, 0.64, 7.8, 0.05, true, 2],
  ]);
  assert.deepEqual(windowOf("all").pct_tenths, [222, 143, 143, 100, 91, 78]);
});

// 7d = observed at or after Dec 10. Milk: 5.00, 3.50 → 4.25. Cereal: 6.00, 5.00 → 5.50 and now the lowest.
// Coffee: 20.00, 18.00 → 19.00. Choco Chips and Oat Cookies keep one observation there (n_obs 1): no deal.
Deno.test("a shorter window takes its own median, lowest flag and sample", () => {
  assert.deepEqual(figures("7d"), [
    ["Sunny Milk 2 L", "Alpha Mart", 3.5, 4.25, 17.6, 0.75, true, 2],
    ["Crunch Cereal 500 G", "Beta Foods", 5, 5.5, 9.1, 0.5, true, 2],
    ["Brewco Coffee 1 KG", "Gamma Mart", 18, 19, 5.3, 1, true, 2],
  ]);
  // The fixture spans 28 days: 31d and 90d see what the whole snapshot sees.
  assert.deepEqual(figures("31d"), figures("all"));
  assert.deepEqual(figures("90d"), figures("all"));
});

Deno.test("a deal row carries the promo flag, validity, observation date, unit price and category", () => {
  assert.deepEqual(rows("all")[1], {
    product_id: catalog.products.find((p) => p.name === "Choco Chips 300 G")!.id,
    product: "Choco Chips 300 G",
    brand: "Crunch",
    brand_status: "known",
    size: { text: "300 g", quantity: 0.3, basis: "kg", confidence: "exact", source: "name" },
    category: "Bakery > Cookies",
    retailer: "Beta Foods",
    price: 3,
    unit_price: 10,
    unit_basis: "kg",
    reference_price: 3.5,
    discount_pct: 14.3,
    discount_abs: 0.5,
    is_lowest_in_window: true,
    promo: true,
    valid_until: "2025-12-17T00:00:00Z",
    observed_at: "2025-12-10T00:00:00Z",
    n_obs: 3,
  });
  assert.deepEqual([rows("all")[2].brand, rows("all")[2].brand_status], [null, "unknown"]);
  assert.equal(rows("all")[2].unit_price, null);
});

Deno.test("deal ids follow the pct order; abs and recency ranks order the same deals otherwise", () => {
  const w = windowOf("all");
  const order = (ranks: readonly number[]) => ranks.map((_, id) => id).sort((a, b) => ranks[a]! - ranks[b]!);
  // abs: 2.00, 1.00, then the 0.50s by the pct order, then 0.05.
  assert.deepEqual(names("all", order(w.rank_abs)), [
    "Brewco Coffee 1 KG",
    "Sunny Milk 2 L",
    "Choco Chips 300 G",
    "Oat Cookies",
    "Crunch Cereal 500 G",
    "Bananas",
  ]);
  // recency: the Dec 16 prices (by the pct order), then Dec 12, then Dec 10.
  assert.deepEqual(names("all", order(w.rank_recency)), [
    "Sunny Milk 2 L",
    "Oat Cookies",
    "Crunch Cereal 500 G",
    "Bananas",
    "Brewco Coffee 1 KG",
    "Choco Chips 300 G",
  ]);
});

Deno.test("each node lists its subtree's deals in every order, for every retailer and per retailer", () => {
  const list = (key: string) => shopperRecord<DealList | undefined>(compiled, "shopper_deals", `n:${key}`);
  const pantry = list(`${node("Pantry")}:all`)!;
  assert.deepEqual(names("all", pantry.pct), ["Oat Cookies", "Brewco Coffee 1 KG", "Crunch Cereal 500 G"]);
  assert.deepEqual(names("all", pantry.abs), ["Brewco Coffee 1 KG", "Oat Cookies", "Crunch Cereal 500 G"]);
  assert.deepEqual(names("all", pantry.recency), [
    "Oat Cookies",
    "Crunch Cereal 500 G",
    "Brewco Coffee 1 KG",
  ]);
  const gamma = list(`${node("Pantry")}:all:${retailer("Gamma Mart")}`)!;
  assert.deepEqual(names("all", gamma.pct), ["Oat Cookies", "Brewco Coffee 1 KG"]);
  // The 10.50 Choco Chips outlier is counted where its listing is: Beta Foods, under Bakery > Cookies.
  assert.equal(list(`${node("Bakery > Cookies")}:all`)!.outliers, 1);
  assert.equal(list(`${node("Bakery")}:all:${retailer("Beta Foods")}`)!.outliers, 1);
  assert.equal(list(`${node("Pantry > Cookies")}:all`)!.outliers, 0);
  // No deal and no outlier: no record.
  assert.equal(list(`${node("Pantry > Oil")}:all`), undefined);
});

Deno.test("a target's record names its nodes, so a request merges their lists", () => {
  const lookup = compiled.shards.get("catalog_lookup")!.get("ca:category:cookies") as CategoryResolution;
  const target = shopperRecord<DealTarget>(compiled, "shopper_deals", `target:${lookup.target}`);
  assert.deepEqual(target.nodes.map((n) => catalog.nodes[n]!.path), ["Bakery > Cookies", "Pantry > Cookies"]);
});
