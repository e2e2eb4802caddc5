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
  return record?.[scopeKey]?.map((entry) => [nameOf(scope(scopeKey).ids[entry >>> 3]!), entry & 1]);
};
// A posting's entries as [product name, flags] pairs (name 1, last word of the name 2, category kind 4).
const flags = (key: string) =>
  shopperRecord<SearchPosting>(compiled, "shopper_search", key)["*"]!.map((entry) => [
    nameOf(scope("*").ids[entry >>> 3]!),
    entry & 7,
  ]);

// Best offers: Bread Sticks 2.40 / 12 = 0.20 each, Bagels 2.40 / 6 = 0.40, Bread Rolls 3.00 / 6 = 0.50,
// Granola Bars 2.50 / 6; Bananas 0.59 per lb = 1.30/kg; Sunny White Bread 3.00 / 0.675 kg = 4.44/kg, Rye
// 2.70 / 0.45 = 6.00, Choco Chips 3.00 / 0.3 = 10.00, Crunch Cereal 5.00 / 0.5 = 10.00 (dearer price after),
// Coffee 18.00; Sunny Milk 3.50 / 2 L, Olive Oil 9.00 / 1 L, Crème Fraîche 2.75 / 0.25 L = 11.00/L; then the
// unknown sizes by price: Beta's Bananas of Dec 10 (1.50, no unit stated: another product than the bananas
// priced per lb) first. Sunny Whole Wheat (last seen Nov 20) has no current price and is not indexed.
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
    "Bananas",
    "Crunch Cookies",
    "Artisan Bread",
    "Oat Cookies",
    "Golden Bread",
  ]);
  assert.deepEqual(scope("*").basis, [1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 0, 0, 0, 0, 0]);
  // At Beta Foods, Sunny White Bread is ranked by Beta's own price (3.50 / 0.675 = 5.19/kg).
  assert.deepEqual(scope(retailer("Beta Foods")).ids.map(nameOf), [
    "Bananas",
    "Sunny White Bread 675 G",
    "Choco Chips 300 G",
    "Crunch Cereal 500 G",
    "Bagels 6'S",
    "Bread Rolls 6'S",
    "Bananas",
  ]);
});

Deno.test("a word's flags say whether it is in the name, the name's last word, a word of the category's kind", () => {
  // Every bread but the sticks and rolls ends its name with "bread" (sizes aside); all sit in Bakery > Bread.
  assert.deepEqual(flags("t:bread"), [
    ["Sunny White Bread 675 G", 7],
    ["Rye Bread 450 G", 7],
    ["Bread Sticks 12'S", 5],
    ["Bread Rolls 6'S", 5],
    ["Artisan Bread", 7],
    ["Golden Bread", 7],
  ]);
  // Bagels sit in Bakery > Bread: the brand word "bready" is neither name nor kind.
  assert.deepEqual(flags("t:bready"), [["Bagels 6'S", 0]]);
  // Bit 1: a one-word kind (Bakery > Bread: bread; Produce > Fruit: fruit).
  assert.deepEqual(scope("*").kind_sizes.slice(0, 2), [2, 2]);
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
  // Bagels, Bananas (unsized), Bread Rolls, Bread Sticks, Crème Fraîche (as "creme"), then Cereal at Alpha
  // (14).
  assert.deepEqual(rowsOf("Sunny Milk 2 L"), [["Alpha Mart", 3.5, -1.5, -30, 0]]);
  assert.deepEqual(rowsOf("Crunch Granola Bars 6'S"), [["Alpha Mart", 2.5, 0.5, 25, 1]]);
  assert.deepEqual(rowsOf("Crunch Cereal 500 G"), [
    ["Beta Foods", 5, -1, -16.7, 3],
    ["Alpha Mart", 5.2, null, null, 14],
  ]);
  assert.equal(all.listing_start.length, all.ids.length + 1);
  // 21 listings have a current price (Beta's bananas are two: per lb and unsized); Sunny Whole Wheat has
  // none, and Delta Stale is not serving-eligible.
  assert.equal(all.listing_start.at(-1), 21);
});
