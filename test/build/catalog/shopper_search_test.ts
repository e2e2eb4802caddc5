import assert from "node:assert/strict";
import type { SearchPosting, SearchScope } from "../../../src/format/shopper_records.ts";
import { compileShopperFixture, shopperRecord } from "../../support/shopper_fixture.ts";

const compiled = await compileShopperFixture();
const { catalog } = compiled.countries[0]!;
const scope = (key: string) => shopperRecord<SearchScope>(compiled, "shopper_search", `s:${key}`);
const nameOf = (id: string) => catalog.products.find((p) => p.id === id)!.name;
const retailer = (name: string) => String(catalog.retailers.findIndex((r) => r.name === name));
// A posting as [product name, name flag] pairs.
const posting = (key: string, scopeKey = "*") => {
  const record = shopperRecord<SearchPosting | undefined>(compiled, "shopper_search", key);
  return record?.[scopeKey]?.map((entry) => [nameOf(scope(scopeKey).ids[entry >>> 1]!), entry & 1]);
};

// Best offers: Bread Sticks 2.40 / 12 = 0.20 each, Bagels 2.40 / 6 = 0.40, Bread Rolls 3.00 / 6 = 0.50,
// Granola Bars 2.50 / 6; Bananas 0.59 per lb = 1.30/kg; Sunny White Bread 3.00 / 0.675 kg = 4.44/kg, Rye
// 2.70 / 0.45 = 6.00, Choco Chips 3.00 / 0.3 = 10.00, Crunch Cereal 5.00 / 0.5 = 10.00 (dearer price after),
// Coffee 18.00; Sunny Milk 3.50 / 2 L, Olive Oil 9.00 / 1 L, Crème Fraîche 2.75 / 0.25 L = 11.00/L; then the
// unknown sizes by price. Sunny Whole Wheat (last seen Nov 20) has no current price and is not indexed.
Deno.test("every scope numbers its products by unit price (known first, by basis), then price, then name", () => {
  assert.deepEqual(scope("*").ids.map(nameOf), [
    "Bananas",
    "Sunny White Bread 675 G",
    "Rye Bread 450 G",
    "Choco Chips 300 G",
    "Crunch Cereal 500 G",
    "Brewco Coffee 1 KG",
    "Sunny Milk 2 L",
    "Oliva Olive Oil 1 L",
    "Crème Fraîche 250 mL",
    "Bread Sticks 12'S",
    "Bagels 6'S",
    "Crunch Granola Bars 6'S",
    "Bread Rolls 6'S",
    "Crunch Cookies",
    "Artisan Bread",
    "Oat Cookies",
    "Golden Bread",
  ]);
  assert.deepEqual(scope("*").basis, [1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 0, 0, 0, 0]);
  // At Beta Foods, Sunny White Bread is ranked by Beta's own price (3.50 / 0.675 = 5.19/kg).
  assert.deepEqual(scope(retailer("Beta Foods")).ids.map(nameOf), [
    "Bananas",
    "Sunny White Bread 675 G",
    "Choco Chips 300 G",
    "Crunch Cereal 500 G",
    "Bagels 6'S",
    "Bread Rolls 6'S",
  ]);
});

Deno.test("words index the products with a flag saying whether the word is in the name or only the brand", () => {
  assert.deepEqual(posting("t:bread"), [
    ["Sunny White Bread 675 G", 1],
    ["Rye Bread 450 G", 1],
    ["Bread Sticks 12'S", 1],
    ["Bread Rolls 6'S", 1],
    ["Artisan Bread", 1],
    ["Golden Bread", 1],
  ]);
  assert.deepEqual(posting("t:sunny"), [
    ["Sunny White Bread 675 G", 1],
    ["Sunny Milk 2 L", 1],
    ["Crème Fraîche 250 mL", 0],
    ["Golden Bread", 0],
  ]);
  assert.deepEqual(posting("t:creme"), [["Crème Fraîche 250 mL", 1]]);
  assert.equal(posting("t:whole"), undefined);
});

Deno.test("prefixes index every product whose name or brand has a word starting so", () => {
  // "bread" starts "Bready Bakes", the brand of the bagels.
  assert.deepEqual(posting("p:bread")!.map(([name, flag]) => `${name}:${flag}`), [
    "Sunny White Bread 675 G:1",
    "Rye Bread 450 G:1",
    "Bread Sticks 12'S:1",
    "Bagels 6'S:0",
    "Bread Rolls 6'S:1",
    "Artisan Bread:1",
    "Golden Bread:1",
  ]);
  assert.deepEqual(posting("p:bread", retailer("Beta Foods")), [
    ["Sunny White Bread 675 G", 1],
    ["Bagels 6'S", 0],
    ["Bread Rolls 6'S", 1],
  ]);
  assert.equal(posting("p:bread", retailer("Delta Stale")), undefined);
});

// Listings of a product in a scope sit at listing_start[o] .. listing_start[o + 1] − 1.
Deno.test("each scope holds its listings' current price and change, ordered by the size of the change", () => {
  const all = scope("*");
  const rowsOf = (name: string) => {
    const o = all.ids.findIndex((id) => nameOf(id) === name);
    const rows = [];
    for (let at = all.listing_start[o]!; at < all.listing_start[o + 1]!; at++) {
      rows.push([
        catalog.retailers[all.listing_retailer[at]!]!.name,
        all.listing_price[at],
        all.listing_change[at],
        all.listing_change_pct[at],
        all.listing_order[at],
      ]);
    }
    return rows;
  };
  // By |change_pct|: Milk −30.0 %, then Granola +25.0 % and Oat Cookies −25.0 % (by name), Cereal at Beta
  // −16.7 %; the listings without a previous price come after the 8 that moved, by name: Artisan Bread,
  // Bagels, Bread Rolls, Bread Sticks, Crème Fraîche (as "creme"), then Cereal at Alpha (13).
  assert.deepEqual(rowsOf("Sunny Milk 2 L"), [["Alpha Mart", 3.5, -1.5, -30, 0]]);
  assert.deepEqual(rowsOf("Crunch Granola Bars 6'S"), [["Alpha Mart", 2.5, 0.5, 25, 1]]);
  assert.deepEqual(rowsOf("Crunch Cereal 500 G"), [
    ["Beta Foods", 5, -1, -16.7, 3],
    ["Alpha Mart", 5.2, null, null, 13],
  ]);
  assert.equal(all.listing_start.length, all.ids.length + 1);
  // 20 listings have a current price; Sunny Whole Wheat and Delta Stale's bread have none.
  assert.equal(all.listing_start.at(-1), 20);
});
