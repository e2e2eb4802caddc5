import assert from "node:assert/strict";
import { packSizeOf, statedTexts } from "../../../build/catalog/pack_size.ts";
import { basisUnstated } from "../../../build/catalog/weight_priced.ts";

// Real rows of data/catalog/sources/calgary_flyers/seton_grocery_history.csv: Item, Original_Name, category.
const CASES: readonly [string, string, string, Record<string, unknown>][] = [
  // The size only in the retailer's text: an exact size from the source name.
  ["Lactantia Butter", "LACTANTIA BUTTER, 454 g", "Dairy & Eggs", {
    text: "454 g",
    key: "kg:0.454",
    confidence: "exact",
    source: "source_name",
    quantity: 0.454,
    priceBasis: "item",
  }],
  // A weight class: stated, but a range, so no unit price; still a pack of its own.
  ["Turkey", "TURKEY, 3-5 kg", "Meat & Seafood", {
    text: "3-5 kg",
    key: "text:3-5 kg",
    confidence: "range",
    source: "source_name",
    quantity: null,
    priceBasis: "item",
  }],
  // Several products of one offer, each with its size.
  ["Wonder Bread Or Buns", "WONDER BREAD 570 g or BUNS 12' s", "Baked Goods", {
    text: "570 g + 12's",
    key: "text:570 g + 12's",
    confidence: "several",
    source: "source_name",
    quantity: null,
    priceBasis: "item",
  }],
  // A count in the name wins over the source text.
  ["Hot Cross Buns With Bavarian Cream, 8'S", "HOT CROSS BUNS", "Baked Goods", {
    text: "8's",
    key: "each:8",
    confidence: "exact",
    source: "name",
    quantity: 8,
    priceBasis: "item",
  }],
  // Fresh turkey without a pack: the flyer's $2.19 is per pound, but the source does not say so.
  ["Hayter'S Farm Frozen Turkeys", "Hayter'S Farm Frozen Turkeys", "Meat & Seafood", {
    text: "",
    key: "",
    confidence: "none",
    source: null,
    quantity: null,
    priceBasis: "unstated",
  }],
  // Bacon is sold by the pack, even in the meat department.
  ["Maple Leaf Or Schneiders Bacon", "MAPLE LEAF or SCHNEIDERS Bacon", "Meat & Seafood", {
    text: "",
    key: "",
    confidence: "none",
    source: null,
    quantity: null,
    priceBasis: "item",
  }],
  // A shrimp grade count ("31-40/LB") is neither a pack nor a price per pound.
  ["Pc Shrimp", "PC® PACIFIC WHITE SHRIMP, 31-40/LB, 400 G", "Meat & Seafood", {
    text: "400 g",
    key: "kg:0.4",
    confidence: "exact",
    source: "source_name",
    quantity: 0.4,
    priceBasis: "item",
  }],
];

for (const [item, source, department, expected] of CASES) {
  Deno.test(`the pack of ${JSON.stringify(item)} (${JSON.stringify(source)})`, () => {
    const pack = packSizeOf(item, source, "", [department, "x"]);
    assert.deepEqual({
      text: pack.text,
      key: pack.key,
      confidence: pack.confidence,
      source: pack.source,
      quantity: pack.size.quantity,
      priceBasis: pack.priceBasis,
    }, expected);
  });
}

Deno.test("a price per a unit of measure in the unit column is per_measure, a pack of its own", () => {
  const pack = packSizeOf("Apples (Fresh)", "", "per pound", ["Produce", "Fruit"]);
  assert.deepEqual([pack.priceBasis, pack.size.conversion, pack.key, pack.source], [
    "per_measure",
    "derived",
    "per:kg:0.45359237",
    "unit",
  ]);
});

Deno.test("stated sizes are written in their usual units, ranges and multipacks as stated", () => {
  assert.deepEqual(statedTexts("PC® De-Alcoholized Beer, 12X355 Ml"), ["12x355 mL"]);
  assert.deepEqual(statedTexts("Sparkling Water 355 ML x 6"), ["355 mL x 6"]);
  assert.deepEqual(statedTexts("Ocean Spray 1.77/1.89 l"), ["1.77/1.89 L"]);
  assert.deepEqual(statedTexts("Bridor Croissants 30' S"), ["30's"]);
  assert.deepEqual(statedTexts("SEAQUEST SHRIMP, 36-55 per lb, 300 g"), ["300 g"]);
});

Deno.test("a price basis is unstated only for a cut sold by weight, in a meat department or a category of whole birds, with no pack form", () => {
  assert.equal(basisUnstated("Chicken Drumsticks", "", ["Meat & Seafood"]), true);
  assert.equal(basisUnstated("Atlantic Salmon Fillets", "", ["Meat & Seafood", "Salmon"]), true);
  assert.equal(basisUnstated("Compliments Cooked Shrimp Ring", "", ["Meat & Seafood"]), false);
  assert.equal(basisUnstated("Turkey Cranberry & Pulled Pork Sliders", "", ["Deli"]), false);
  assert.equal(basisUnstated("Chicken Drumsticks", "", ["Frozen"]), false);
  assert.equal(basisUnstated("Butterball Frozen Turkeys", "", ["Frozen", "Turkey"]), true);
  assert.equal(basisUnstated("Butterball Turkeys", "", ["Deli", "Chicken Whole"]), true);
  assert.equal(basisUnstated("Compliments Chicken Balls", "", ["Frozen", "Chicken"]), false);
  assert.equal(basisUnstated("Janes Breaded Chicken", "", ["Frozen", "Chicken Breaded"]), false);
  assert.equal(basisUnstated("Butterball Frozen Turkeys", "", ["Turkey"]), true);
});
