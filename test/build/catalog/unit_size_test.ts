import assert from "node:assert/strict";
import { type UnitSize, unitSizeOf } from "../../../build/catalog/unit_size.ts";
import { readSnapshot } from "../../../build/catalog/catalog_snapshot_reader.ts";

const exact = (quantity: number, basis: "kg" | "L" | "each"): UnitSize => ({
  conversion: "exact",
  quantity,
  basis,
});
const derived = (quantity: number, basis: "kg" | "L" | "each"): UnitSize => ({
  conversion: "derived",
  quantity,
  basis,
});
const unknown: UnitSize = { conversion: "unknown", quantity: null, basis: null };

/** Real product names of data/catalog/ca_calgary_flyers.csv (copied exactly; its `unit` column is empty). */
const CALGARY: readonly [string, UnitSize][] = [
  // One stated size, metric.
  ["Hellmann'S Real Mayonnaise, 1.42 L", exact(1.42, "L")],
  ["Humble Organic Classic Potato Chips, 135 G", exact(0.135, "kg")],
  ["International Delight Coffee Enhancer, 946 Ml", exact(0.946, "L")],
  ["J.L. Kraft Dressing, 355 Ml", exact(0.355, "L")],
  ["Kopiko Coffee Candy, 120 G", exact(0.12, "kg")],
  ["Lactantia Ultrapur Milk, 1.5 L", exact(1.5, "L")],
  ["Lean Ground Beef, 450 G", exact(0.45, "kg")],
  ["New Zealand Stewing Lamb, 1.25 Kg", exact(1.25, "kg")],
  ["No Name® Gravy Mixes, 25 G", exact(0.025, "kg")],
  ["No Name® Olive Oil, 750 Ml", exact(0.75, "L")],
  ["No Name® Peanut Butter, 1 Kg", exact(1, "kg")],
  ["Nutella Hazelnut Spread With Cocoa, 725 G", exact(0.725, "kg")],
  ["Pace® Chunky Salsa, 642 Ml", exact(0.642, "L")],
  ["Pc® 100% Juice, 1 L", exact(1, "L")],
  ["Pc® Black Label Smoked Red Fox Red Leicester Hard Ripened Cheese, 200 G", exact(0.2, "kg")],
  ["Pc® Blue Menu® Or Free & Clear® Sparkling Water , 1 L", exact(1, "L")],
  ["Pc® Brioche Loaf, 400 G", exact(0.4, "kg")],
  ["Pc® Little Gems™ Mixed, Red Or Yellow Mini Potatoes, 680 G", exact(0.68, "kg")],
  ["Pc® Orange Juice, 2.5 L", exact(2.5, "L")],
  ["Pc® Porchetta Seasoned Pork Shoulder Picnic Roast, 1.2 Kg", exact(1.2, "kg")],
  ["Pc® Vegetables, 1.75 Kg", exact(1.75, "kg")],
  ["Prego® Pasta Sauce, 1.75 L", exact(1.75, "L")],
  ["Rogers Sugar, 1 Kg", exact(1, "kg")],
  ["Silk Creamer, 890 Ml", exact(0.89, "L")],
  ["Sourdough Or Pumpernickel Bread, 675 G", exact(0.675, "kg")],
  ["Sprague Ready To Serve Soup, 284 Ml", exact(0.284, "L")],
  ["Hormel Snack Tray Deli Tray With Pepperoni And Genoa Salami , 850 G", exact(0.85, "kg")],
  // One stated size, imperial: 8 × 0.45359237 kg.
  ["Suraj Aged Basmati Rice, 8 Lb", exact(3.62873896, "kg")],
  // Multipacks: count × size.
  ["Pc® De-Alcoholized Beer, 12X355 Ml", exact(4.26, "L")],
  ["Pediasure Complete Nutritional Supplement, 4X235 Ml", exact(0.94, "L")],
  ["Pepsico Beverages, 6X222Ml", exact(1.332, "L")],
  ["Similac 360 Total Care Ready To Drink Infant Formula, 24 X 59 Ml", exact(1.416, "L")],
  // Two offers of the same quantity: 1 L, and 16 × 62.5 mL = 1 L.
  [
    "Pedialyte Electrolyte Oral Rehydration Solution Strawberry, 1 L Or Freezer Pops, 16 X 62.5 Ml",
    exact(1, "L"),
  ],
  // Counts.
  ["Hot Cross Buns With Bavarian Cream, 8'S", exact(8, "each")],
  ["Pc® Herbal Tea, 20' S", exact(20, "each")],
  ["Santosh Naan, 5' S", exact(5, "each")],
  ["Nongshim Premium Noodles, 4'S", exact(4, "each")],
  ["Pc® Fresh Quail Eggs, 18 Pack", exact(18, "each")],
  ["2 Pack Mixed Deli Meat Subs", exact(2, "each")],
  ["Dozen Roses With Baby'S Breath", exact(12, "each")],
  // Ranges and alternatives of one product.
  ["Hershey'S Kisses, 161-227 G", unknown],
  ["Imperial Margarine, 1.275/1.36 Kg", unknown],
  ["Ocean Spray Cranberry Cocktail Or 100% Juice Blend, 1.77/1.89 L", unknown],
  ["No Name® Garlic Coil Or Club Size Sausage Chubs, 750 G - 1 Kg", unknown],
  ["Pc® Smoked Salmon, 125-150G", unknown],
  ["Novelties 4-10 Pack And Ice Cream 1.5L", unknown],
  ["Olly Vitamins Or Supplements, 25-90'S", unknown],
  ["Pampers® Easy-Ups™ Giant Pack Training Pants, 68-112'S", unknown],
  ["Blueberries, Pint Or Avocados, Pkg Of 5 Or 6", unknown],
  ["Iams Cat Food, 2.72-3.18 Kg", unknown],
  ["Jell-O Jelly Powder 9.1 — 170 G Instant Pudding Mix 30 — 113 G Pie Filling 30 — 113 G", unknown],
  // Approximate sizes.
  ["Pc® Chicken Thighs, Drumsticks Or Breast Fillets, Up To 870 G", unknown],
  ["Sufra® Halal Chicken Wings, Up To 2 Kg", unknown],
  // Several different sizes in one name (multi-product offers).
  ["Black Diamond Slices Processed Cheese Product, 410 G Or Lactantia Cream Cheese, 227 G", unknown],
  ["Impossible Plant-Based Burger Patties 227 G Or Ground Meat, 340 G", unknown],
  ["Pc® Double Cream Brie, 200 G Or Camembert, 170 G", unknown],
  ["Pc® Salad Dressings, 475 Ml Or Croutons, 140 G", unknown],
  ["Iögo Nano 6X93 Ml Or Siggi'S 4X100 G Yogurt", unknown],
  ["Lavazza Coffee, 250 G Or Nespresso, 10'S", unknown],
  ["Hydrasense Nasal Care Product, 100 Ml Or 30 5 Ml", unknown],
  // Grade counts per pound (shrimp, frog legs) are not a size or a price basis; these names also hold two sizes.
  ["Pc® Pacific White Shrimp, 31-40/Lb, 400 G Or Garlic & Herb Grilling Shrimp, 340 G", unknown],
  ["Seaquest® Whole Pompano 800 G, Tilapia 1.36 Kg Or 3Fish Frog Legs 6-8/Lb, 340 G", unknown],
  [
    "Smoked Steelhead Salmon\u00a0Pre-Sliced, 50 G, Seaquest® Flavoured Alaska Pollock Ready To Eat, 227 G, Go Shrimp Raw, 51/70 Per Lb Or Cooked, 61/90 Per Lb, 160 G Or Yellowfin Tuna Steaks, 92 G",
    unknown,
  ],
  ["No Name® Vegetables, 341/Ml", unknown],
  // Numbers that are not sizes, and no size at all.
  ["Bob'S Red Mill 1:1 Baking Flour", unknown],
  ["Compliments Omega-3 Eggs", unknown],
  ["Corona Cero 0.0% Alcohol-Free Beer", unknown],
  ["Crest 3D White", unknown],
  ["El Dorado 12-Year-Old Rum", unknown],
  ["Mixed 40% Cashews", unknown],
  ["Pc 350 Thread Count Sheet Set, Twin", unknown],
  ["Pc 2 Cup Tray With Lid", unknown],
  ['6" Cheesecake', unknown],
  ["120 Pouch Box", unknown],
  ["Similac 360 Total Care Infant Formula", unknown],
  ["Good Start Baby Formula Step 1 or 2", unknown],
  ["Dempster'S Bread", unknown],
  ["Bread", unknown],
];

for (const [name, size] of CALGARY) {
  Deno.test(`unit size of the Calgary name ${JSON.stringify(name)}`, () => {
    assert.deepEqual(unitSizeOf(name, ""), size);
  });
}

Deno.test("every name of the Calgary table is a product of the committed ca snapshot, spelt exactly", async () => {
  const snapshot = await readSnapshot("data/catalog/ca_calgary_flyers.csv");
  const products = new Set(snapshot.observations.map((row) => row.product));
  assert.deepEqual(CALGARY.map(([name]) => name).filter((name) => !products.has(name)), []);
  assert.ok(CALGARY.length >= 60);
});

/** The `unit` column (the US snapshot's USDA units among them), then prices per unit of measure in names. */
const PRICED_PER_MEASURE: readonly [string, string, UnitSize][] = [
  ["Apples (Fresh)", "per pound", derived(0.45359237, "kg")],
  ["Oranges, ready-to-drink (Juice)", "per pint", derived(0.473176473, "L")],
  ["Bananas", "per lb", derived(0.45359237, "kg")],
  ["Bananas", "/lb", derived(0.45359237, "kg")],
  ["Tomatoes", "per kg", derived(1, "kg")],
  ["Cheese counter", "per 100 g", derived(0.1, "kg")],
  ["Eggs", "per dozen", derived(12, "each")],
  ["Lemonade", "per litre", derived(1, "L")],
  // A per-item word means "per item as sold": the name decides.
  ["Pc® Orange Juice, 2.5 L", "each", exact(2.5, "L")],
  ["Pc® Orange Juice, 2.5 L", "per item", exact(2.5, "L")],
  // A unit the parser does not know is not guessed.
  ["Watermelon", "per bin", unknown],
  // In a name (not in the Calgary data; written for the rule): a price per measure with no size beside it.
  ["Bananas, Per Lb", "", derived(0.45359237, "kg")],
  ["Ground Beef $4.99/lb", "", derived(0.45359237, "kg")],
  ["Pork Shoulder /kg", "", derived(1, "kg")],
  ["Pork Roast, 1.2 Kg, $4.99/lb", "", unknown],
  ["Strawberries, 1 Pint", "", unknown],
  ["Yogurt 2 for $5, 650 G", "", unknown],
  ["Oranges, 3 lb bag", "", exact(1.36077711, "kg")],
  ["Apple juice, 64 fl oz", "", exact(1.892705892, "L")],
  ["Cookies, 12 oz", "", exact(0.3401942775, "kg")],
  ["Cola, 355 mL x 12", "", exact(4.26, "L")],
  ["Sparkling water, 6 x 355 mL", "", exact(2.13, "L")],
  ["Eggs, 2 Dozen", "", exact(24, "each")],
  ["Eggs, Half Dozen", "", exact(6, "each")],
  ["Wine, 75 cL", "", exact(0.75, "L")],
  ["Sugar, 1,000 g", "", exact(1, "kg")],
  ["Tea, Pack Of 40", "", exact(40, "each")],
  ["Batteries, 24 ct", "", exact(24, "each")],
  ["Salmon, approx. 1 kg", "", unknown],
];

for (const [name, unit, size] of PRICED_PER_MEASURE) {
  Deno.test(`unit size of ${JSON.stringify(name)} with unit ${JSON.stringify(unit)}`, () => {
    assert.deepEqual(unitSizeOf(name, unit), size);
  });
}
