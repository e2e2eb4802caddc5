/**
 * The curation pass of families 50150000 Oils/Fats Edible and 50190000 Prepared/Preserved Foods, held against
 * the embedded data: no unreviewed flag left, and the answers the pass decided from GS1's text.
 */
import assert from "node:assert/strict";
import { embeddedContent } from "../../support/embedded_content.ts";
import { normalisePhrase } from "../../../src/format/phrase_normalise.ts";

const FAMILIES: readonly (string | null)[] = ["50150000", "50190000"];

const content = embeddedContent;

Deno.test("curation pass: Oils/Fats Edible and Prepared/Preserved Foods carry no unreviewed flag", async () => {
  const { curation } = await content();
  const open = curation.flags
    .filter((flag) => FAMILIES.includes(flag.family) && flag.reviewed === null)
    .map((flag) => `${flag.file}:${flag.line} ${flag.kind}`);
  assert.deepEqual(open, []);
});

/** Browse node → [GPC code, precision] the pass decided, with the GS1 text that decided it. */
const NODES: [string, string, string, string][] = [
  ["compotes: GS1 lists COMPOTE under Type of Jam/Marmalade", "18327552011", "10000217", "narrowerThan"],
  ["fruit butters are the brick's cooked fruit spreads", "2256223011", "10000217", "narrowerThan"],
  ["snack pretzels are the Salt Sticks / Mini Pretzels snack brick", "16323081", "10006747", "narrowerThan"],
  ["deli sandwiches are one of the brick's six sandwich types", "10771131011", "10000255", "narrowerThan"],
  [
    "frozen desserts and toppings overlap Desserts (Frozen) without nesting",
    "6459150011",
    "10000196",
    "closeMatch",
  ],
  ["shortening is animal, vegetable or mixed fat", "6492284011", "50151600", "narrowerThan"],
  ["flaxseed oil is sold chilled and shelf stable", "17395302011", "50151500", "narrowerThan"],
  ["tortellini: GS1 lists filled pastas as Type of Pasta or Noodle", "16322401", "10000242", "narrowerThan"],
  ["dried pasta holds its tortellini", "16322171", "10000242", "narrowerThan"],
  ["shirataki may be ready to eat or not", "6502936011", "50192900", "narrowerThan"],
  ["pasta salad kits and ready pasta salads are both Dough Based", "6499425011", "50193300", "narrowerThan"],
  [
    "pita chips are toasted bread, placed like bagel chips (TOASTED BREAD)",
    "6524419011",
    "10000166",
    "narrowerThan",
  ],
  ["a box lunch is a main with sides", "10763290011", "10006751", "narrowerThan"],
  ["the ice cream aisle also holds mixes", "6459171011", "10000215", "broaderThan"],
  ["fresh pasta and its sauces", "10770824011", "10000317", "broaderThan"],
  ["refrigerated soups, stews and chili", "10771239011", "10000261", "broaderThan"],
];

Deno.test("curation pass: browse nodes answer the GPC node and precision GS1's text decides", async (t) => {
  const { browse } = await content();
  for (const [name, id, code, precision] of NODES) {
    await t.step(name, () => {
      const record = browse.get(id);
      assert.deepEqual([record?.gpc?.code, record?.match_precision, record?.match_source], [
        code,
        precision,
        "self",
      ]);
    });
  }
});

const PASTA = ["10000318", "10000317", "10000242", "10000240", "10000241"];

/** Phrase → bricks the pass decided; null: blank (the phrase is not in the lexicon). */
const PHRASES: [string, string, string[] | null][] = [
  ["souffle is sweet or savoury: blank", "souffle", null],
  ["soufflé is sweet or savoury: blank", "soufflé", null],
  ["frozen pasta is plain pasta or a pasta meal", "frozen pasta", ["10000318", "10000301"]],
  ["ravioli is a Type of Pasta or Noodle", "ravioli", PASTA],
  ["tortelloni is a Type of Pasta or Noodle", "tortelloni", PASTA],
  ["cappelletti is a Type of Pasta or Noodle (added)", "cappelletti", PASTA],
  ["glass noodles are listed only in the shelf-stable brick", "glass noodles", ["10000242"]],
  ["dripping is animal or vegetable fat, chilled or shelf stable", "dripping", [
    "10000041",
    "10000574",
    "10000585",
    "10000042",
  ]],
  ["beef suet is shredded or fresh", "beef suet", ["10000574", "10000041"]],
  // Ice Cream/Ice Novelties (Shelf Stable): "ice cream in various formats ... sold in a shelf stable form".
  ["ice cream is frozen or sold to be frozen", "ice cream", ["10000215", "10000216"]],
  ["ice pops are frozen or sold to be frozen", "ice pops", ["10000215", "10000216"]],
  ["plant-based desserts by storage state", "plant-based dessert", ["10008458", "10000196", "10000312"]],
  // Desserts Substitutes (Perishable) hold the chilled plant-based ones.
  ["pudding cups are not frozen", "pudding cups", ["10000197", "10000312", "10008458"]],
  ["compote is a Type of Jam/Marmalade (added)", "compote", ["10000217", "10006837"]],
  ["fruit curd is a Type of Jam/Marmalade (added)", "fruit curd", ["10000217", "10006837"]],
  ["stromboli is a Type of Sandwich/Filled Roll/Wrap (added)", "stromboli", ["10000254", "10000255"]],
  ["potato sticks are a Type of Chips/Crisps or Snack (added)", "potato sticks", ["10000177"]],
  ["pumpkin seed oil is a Type of Edible Vegetable or Plant Oil (added)", "pumpkin seed oil", [
    "10006958",
    "10000040",
  ]],
];

Deno.test("curation pass: phrases answer every brick they certainly mean, or blank", async (t) => {
  const { lexicon } = await content();
  for (const [name, phrase, bricks] of PHRASES) {
    await t.step(name, () => {
      const record = lexicon.get(normalisePhrase(phrase));
      assert.deepEqual(
        record === undefined ? null : record.gpc.map((node) => node.code).sort(),
        bricks === null ? null : [...bricks].sort(),
      );
    });
  }
});
