/**
 * The curated content of family 50180000 Bread/Bakery Products in data/, compiled as the build does: no
 * unreviewed curation flag, and the answers the curation pass (issue 14) settled by GS1's placements.
 */
import assert from "node:assert/strict";
import { embeddedContent } from "../../support/embedded_content.ts";
import { normalisePhrase } from "../../../src/format/phrase_normalise.ts";

const BREAD = ["10000163", "10000164", "10000165"];
const DRIED_BREAD = ["10000305", "10000166"];
const SWEET_PASTRY = ["10000245", "10000246", "10000247"];
const MIXES = ["10000155", "10000068", "10000156"];

const content = await embeddedContent();

Deno.test("curated bakery: every curation flag of family 50180000 is fixed or reviewed", () => {
  const open = content.curation.flags
    .filter((flag) => flag.family === "50180000" && flag.reviewed === null)
    .map((flag) => `${flag.kind} ${flag.file}:${flag.line}`);
  assert.deepEqual(open, []);
});

/** Browse node → its own row's GPC node and precision, as GS1's placements decide them. */
const NODES: [string, string, string, string][] = [
  ["Scones are a Type of Bread, not of Cake", "18770273011", "10000164", "narrowerThan"],
  ["Donuts are a Type of Sweet Pie or Pastry", "18770269011", "10000246", "narrowerThan"],
  ["Croissants are one type of sweet pastry: narrower", "18770267011", "10000246", "narrowerThan"],
  ["Breadsticks are one type of dried bread: narrower", "6548769011", "10000166", "narrowerThan"],
  ["rice crackers are one type of biscuit: narrower", "6524484011", "10000161", "narrowerThan"],
  ["Baking Mixes hold some of the brick's 15 mixes: narrower", "16317231", "10000156", "narrowerThan"],
  ["Refrigerated Doughs are Supplies as well as Mixes: the class", "6520474011", "50181700", "narrowerThan"],
  ["boxed stuffing is a STUFFING MIX", "6499433011", "10000156", "narrowerThan"],
  [
    "casseroles, pot pies and quiches overlap the refrigerated savoury pie brick without nesting: no claim",
    "10764480011",
    "10000249",
    "closeMatch",
  ],
];

for (const [name, id, code, precision] of NODES) {
  Deno.test(`curated bakery: ${name}`, () => {
    const record = content.browse.get(id);
    assert.equal(record?.match_source, "self");
    assert.deepEqual([record?.gpc?.code, record?.match_precision], [code, precision]);
  });
}

/** Phrase → the bricks it answers; [] is blank (certain-or-blank: the phrase is not in the lexicon). */
const PHRASES: [string, string[]][] = [
  ["scones", BREAD],
  // Dried Breads (Frozen): "Includes such products as Breadsticks, Tortillas and Croutons".
  ["tortillas", [...BREAD, "10000305"]],
  ["croissants", SWEET_PASTRY],
  ["doughnut", SWEET_PASTRY],
  ["crispbread", DRIED_BREAD],
  ["taco shells", DRIED_BREAD],
  ["cake mix", MIXES],
  // PREPARED PASTRY and READY TO USE DOUGH are Types of Baking/Cooking Supply in every storage state.
  ["puff pastry", ["10000155", "10000068", "10000156", "10000157", "10000069", "10000158"]],
  ["frozen rolls", []],
  ["frozen pastry", []],
];

for (const [phrase, bricks] of PHRASES) {
  Deno.test(`curated bakery: "${phrase}" answers ${bricks.length === 0 ? "blank" : bricks.join(", ")}`, () => {
    const record = content.lexicon.get(normalisePhrase(phrase));
    assert.deepEqual((record?.gpc.map((node) => node.code) ?? []).sort(), [...bricks].sort());
  });
}
