/**
 * The curated answers of family 50220000 Cereal/Grain/Pulse Products in the embedded data (data/): the
 * curation pass's decisions, each read against GS1's placements, and no flag left unreviewed.
 */
import assert from "node:assert/strict";
import { embeddedContent } from "../../support/embedded_content.ts";
import { normalisePhrase } from "../../../src/format/phrase_normalise.ts";

const FAMILY = "50220000";

const embedded = embeddedContent;

/** Browse node → its own row's target and precision, as the curation pass decided them. */
const NODES: readonly [string, string, string, string][] = [
  ["Oat Bran is one of the types of Not Ready to Eat cereal (BRAN)", "16317671", "10000285", "narrowerThan"],
  ["Grits are a milled corn cereal that needs cooking", "16318911", "10000285", "narrowerThan"],
  ["Dried Grains & Rice holds some of its brick's types", "6464122011", "10000211", "narrowerThan"],
  ["Cold Cereals leave granola and muesli to siblings", "6524561011", "10000284", "narrowerThan"],
  [
    "Almond flour is ground nuts, outside the flour brick: processed nuts",
    "6492267011",
    "10000236",
    "narrowerThan",
  ],
  ["Bubble tea tapioca pearls are tapioca to cook", "17395300011", "10000285", "narrowerThan"],
  ["Couscous stays with its savoury-grain brick", "6464127011", "10000211", "narrowerThan"],
];

for (const [name, id, code, precision] of NODES) {
  Deno.test(`cereal family curation: ${name}`, async () => {
    const record = (await embedded()).browse.get(id);
    assert.deepEqual(
      { code: record?.gpc?.code, precision: record?.match_precision, source: record?.match_source },
      { code, precision, source: "self" },
    );
  });
}

const GRAINS = ["10000314", "10000315", "10000211", "10000316", "10000319"];
const CEREALS_NOT_READY = ["10006250", "10000285"];
const CEREALS_READY = ["10000286", "10000284"];
const CEREALS = [...CEREALS_READY, ...CEREALS_NOT_READY];
/** Every brick of a product GS1 lists under both Type of Cereal/Grain and Type of Processed Cereal. */
const GRAIN_AND_CEREAL = [...GRAINS, ...CEREALS_NOT_READY, ...CEREALS_READY];

/** Phrase → every brick it answers (in no order), as the curation decided them. */
const PHRASES: readonly [string, string, readonly string[]][] = [
  ["couscous lists every brick GS1 places COUSCOUS in", "couscous", GRAIN_AND_CEREAL],
  ["polenta lists every brick GS1 places POLENTA in", "polenta", GRAIN_AND_CEREAL],
  ["semolina is a flour and a processed cereal", "semolina", [
    "10000203",
    ...CEREALS_NOT_READY,
    ...CEREALS_READY,
  ]],
  ["tapioca is a processed cereal and a flour", "tapioca", [
    "10000203",
    ...CEREALS_NOT_READY,
    ...CEREALS_READY,
  ]],
  // GS1 lists OAT as a Type of Cereal/Grain, of Processed Cereal (ready to eat too) and of Biscuit/Cookie.
  ["oats are the grain, porridge oats, a ready-to-eat cereal and oat biscuits", "oats", [
    ...GRAINS.filter((code) => code !== "10000316"),
    ...CEREALS_NOT_READY,
    ...CEREALS_READY,
    "10000304",
    "10000160",
    "10000161",
  ]],
  ["rice is the grain in every state and a processed cereal", "rice", GRAIN_AND_CEREAL],
  // MUESLI is a Type of Processed Cereal of the ready-to-eat bricks and of Not Ready to Eat (Frozen).
  ["muesli is a ready-to-eat cereal, or a frozen one to prepare", "muesli", [...CEREALS_READY, "10006250"]],
  ["uncooked rice names no storage state", "uncooked rice", ["10000211", "10000314", "10000315"]],
  ["cracked wheat lists every brick GS1 places it in", "cracked wheat", GRAIN_AND_CEREAL],
  ["einkorn wheat is placed in one brick", "einkorn wheat", ["10000211"]],
  ["wheat germ is a processed cereal in every state", "wheat germ", CEREALS],
  ["maize flour is a Type of Flour", "maize flour", ["10000203"]],
];

for (const [name, phrase, bricks] of PHRASES) {
  Deno.test(`cereal family lexicon: ${name}`, async () => {
    const record = (await embedded()).lexicon.get(normalisePhrase(phrase));
    assert.deepEqual(record?.gpc.map((node) => node.code).sort(), [...bricks].sort());
  });
}

Deno.test("cereal family curation: every flag of the family is reviewed", async () => {
  const { curation } = await embedded();
  assert.equal(curation.summary.by_family[FAMILY]?.unreviewed, 0);
  const reviewed = curation.flags.filter((flag) => flag.family === FAMILY)
    .map((flag) => [flag.node?.id ?? flag.phrase, flag.kind, flag.reviewed !== null]);
  assert.deepEqual(reviewed, [
    ["6464127011", "placement_partial", true],
  ]);
  // Stale markers are judged with every segment's placements (a food phrase's marker may answer a flag of
  // another segment's): test/build/content/curation_reference_test.ts.
});
