import assert from "node:assert/strict";
import { attributeTypeRole, wordForms } from "../../../build/gpc/gpc_placement_rule.ts";
import { buildPlacementIndex, findPlacements, valueNames } from "../../../build/gpc/gpc_placements.ts";
import { readGpc } from "../../../build/gpc/gpc_read.ts";

const REAL = "data/gpc/gpc-en-v20241202-excerpt-seg50-four-families.xml";
const real = buildPlacementIndex(await readGpc(REAL));

const roles: [string, string, string, ReturnType<typeof attributeTypeRole>][] = [
  ["a type named for the brick's product places it", "Type of Bread", "Bread (Frozen)", "places"],
  [
    "a plural brick title is the same word",
    "Type of Baking/Cooking Supply",
    "Baking/Cooking Supplies (Frozen)",
    "places",
  ],
  [
    "'-ches' plurals are the same word",
    "Type of Sandwich/Filled Roll/Wrap",
    "Sandwiches/Filled Rolls/Wraps (Frozen)",
    "places",
  ],
  [
    "one shared word is enough",
    "Type of Pasta or Noodle",
    "Pasta/Noodles - Ready to Eat (Perishable)",
    "places",
  ],
  [
    "the bread of a sandwich is a component",
    "Type of Bread",
    "Sandwiches/Filled Rolls/Wraps (Frozen)",
    "component",
  ],
  ["the flour of a bread is a component", "Type of Flour", "Bread (Perishable)", "component"],
  [
    "the flour brick's flour is its product",
    "Type of Flour",
    "Flour - Cereal/Pulse (Shelf Stable)",
    "places",
  ],
  [
    "the X of an 'X Based' brick is what it is based on",
    "Type of Grain",
    "Grain Based Products / Meals - Not Ready to Eat - Savoury (Frozen)",
    "component",
  ],
  [
    "'Based' in both titles still shares the product word",
    "Type of Confectionery Based Spread",
    "Confectionery Based Spreads (Shelf Stable)",
    "places",
  ],
  ["a facet type places nothing", "Type of Honey", "Honey (Shelf Stable)", "facet"],
  ["a title without 'Type of' places nothing", "Variety of Popcorn", "Popcorn (Shelf Stable)", "not_type_of"],
];
for (const [name, type, brick, role] of roles) {
  Deno.test(`placement rule: ${name} (${type} on ${brick})`, () => {
    assert.equal(attributeTypeRole(type, brick), role);
  });
}

Deno.test("placement rule: a word's forms cover -s, -es and -ies plurals and nothing shorter than four letters", () => {
  assert.deepEqual(wordForms("cookies"), ["cookies", "cookie", "cooki", "cooky"]);
  assert.deepEqual(wordForms("sandwiches"), ["sandwiches", "sandwiche", "sandwich"]);
  assert.deepEqual(wordForms("pies"), ["pies", "pie"]);
  assert.deepEqual(wordForms("glass"), ["glass"]);
  assert.deepEqual(wordForms("oats"), ["oats", "oat"]);
  assert.deepEqual(wordForms("gas"), ["gas"]);
});

const names: [string, string, string[]][] = [
  ["a value without a slash is one name", "scone", ["scone"]],
  ["full alternatives stand alone", "corn chips/tortilla chips", [
    "corn chips/tortilla chips",
    "corn chips",
    "tortilla chips",
  ]],
  ["one-word alternatives stand alone", "speculaas/speculoos", [
    "speculaas/speculoos",
    "speculaas",
    "speculoos",
  ]],
  ["words before a longer last part share its tail", "cookie/biscuit mix", [
    "cookie/biscuit mix",
    "cookie mix",
    "biscuit mix",
  ]],
  ["words after a longer first part share its head", "sunflower oil/fat", [
    "sunflower oil/fat",
    "sunflower oil",
    "sunflower fat",
  ]],
  ["multi-word alternatives of different lengths stand alone", "bicarbonate of soda/baking soda", [
    "bicarbonate of soda/baking soda",
    "bicarbonate of soda",
    "baking soda",
  ]],
  ["two multi-word parts around a single word stay whole", "a b/c/d e", ["a b/c/d e"]],
];
for (const [name, value, expected] of names) {
  Deno.test(`placement values: ${name} ("${value}")`, () => {
    assert.deepEqual(valueNames(value), expected);
  });
}

const finds: [string, string, string[], string | null, string[]][] = [
  ["a plural node name finds the singular value", "Scones", ["SCONE"], null, [
    "10000163",
    "10000164",
    "10000165",
  ]],
  ["case does not matter", "DOUGHNUTS", ["DOUGHNUT"], null, ["10000245", "10000246", "10000247"]],
  [
    "a bagel is bread, not a sandwich (Type of Bread on sandwiches is a component)",
    "bagel",
    ["BAGEL"],
    null,
    [
      "10000163",
      "10000164",
      "10000165",
    ],
  ],
  ["prepared pastry is a baking supply", "prepared pastry", ["PREPARED PASTRY"], null, [
    "10000157",
    "10000069",
    "10000158",
  ]],
  ["an alternative of a slash value finds it", "Tortilla Chips", ["CORN CHIPS/TORTILLA CHIPS"], null, [
    "10000177",
  ]],
  ["a shared tail finds it", "peanut oil", ["GROUNDNUT/PEANUT OIL"], null, ["10006958", "10000040"]],
  ["a name's head finds a value when the whole name does not", "Fruit Compotes", ["COMPOTE"], "compotes", [
    "10000217",
    "10006837",
  ]],
  ["a name that lists products has no head", "Rice Cakes, Chips & Crackers", [], null, []],
  ["a facet value places nothing", "acacia", [], null, []],
  ["a placeholder value places nothing", "unclassified", [], null, []],
];
for (const [name, text, values, head, bricks] of finds) {
  Deno.test(`placement index: ${name} ("${text}")`, () => {
    const found = findPlacements(real, text);
    assert.deepEqual(found.values, values);
    assert.equal(found.head, head);
    assert.deepEqual(found.placements.map((placement) => placement.brick), bricks);
  });
}

Deno.test("placement index of v20241202: 21 placing types, 313 values, 838 value → brick links", () => {
  const count = (role: string) => real.readings.filter((reading) => reading.role === role).length;
  assert.deepEqual(
    [count("places"), count("component"), count("facet"), count("not_type_of"), real.readings.length],
    [55, 42, 13, 515, 625],
  );
  const titles = (role: string) =>
    [
      ...new Set(real.readings.filter((r) => r.role === role).map((r) => r.attribute_type_title)),
    ].sort();
  assert.equal(
    new Set(real.readings.filter((r) => r.role === "places").map((r) => r.attribute_type)).size,
    21,
  );
  assert.deepEqual(titles("component"), [
    "Type of Bread",
    "Type of Cereal/Grain",
    "Type of Chocolate",
    "Type of Coating",
    "Type of Coating/Filling",
    "Type of Egg Used",
    "Type of Fish",
    "Type of Flour",
    "Type of Grain",
    "Type of Meat",
    "Type of Shellfish",
    "Type of Vegetable",
  ]);
  assert.deepEqual(titles("facet"), [
    "Type of Baby/Infant Specialised Beverage",
    "Type of Baby/Infant Specialised Food",
    "Type of Baby/Infant Specialised Formula",
    "Type of Dessert",
    "Type of Dessert Sauce/Topping/Filling",
    "Type of Honey",
    "Type of Soup",
  ]);
  assert.equal(real.values.size, 313);
  assert.equal([...real.values.values()].reduce((sum, list) => sum + list.length, 0), 838);
  assert.deepEqual(real.values.get("scone")!.map((p) => [p.brick, p.attribute_type_title]), [
    ["10000163", "Type of Bread"],
    ["10000164", "Type of Bread"],
    ["10000165", "Type of Bread"],
  ]);
  assert.deepEqual(real.brick_types.get("10000255"), ["20000156"]);
});
