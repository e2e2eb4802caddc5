import assert from "node:assert/strict";
import { lexiconRowFlags, mappingRowFlags } from "../../../build/content/curation_checks.ts";
import type { CuratedPrecision } from "../../../build/content/mapping_table_reader.ts";
import { compileGpc } from "../../../build/gpc/gpc_compile.ts";
import { buildPlacementIndex, findPlacements } from "../../../build/gpc/gpc_placements.ts";
import { readGpc } from "../../../build/gpc/gpc_read.ts";

/** The fixture release: Bread (Frozen: BAGEL; Perishable: BAGEL, SCONE), Biscuits (CRACKER, SANDWICH),
 * Cakes (BROWNIE, CARROT CAKE), Pies/Pastries - Sweet (Frozen: CROISSANT, DOUGHNUT; Perishable:
 * CROISSANT), Sandwiches (SANDWICH; Type of Bread as a component), Honey (a facet type). */
const FIXTURE =
  new URL("./fixtures/curation_data/gpc/gpc-curation-fixture-v20241202.xml", import.meta.url).pathname;
const release = await readGpc(FIXTURE);
const { codes } = compileGpc(release);
const index = buildPlacementIndex(release);

/** The fix for a croissant row: GS1's placements share a class. */
const SWEET_BAKERY = "narrowerThan 50182000 Sweet Bakery Products, or narrowerThan the brick of the node's " +
  "storage state (10000245, 10000246)";

function mapping(name: string, code: string, precision: CuratedPrecision, qualifies: string[] = []) {
  const row = {
    browse_id: "1",
    gpc_code: code,
    match_precision: precision,
    assurance_state: "verified" as const,
  };
  return mappingRowFlags(
    { row: { ...row, note: "", line: 9 }, found: findPlacements(index, name), qualifies },
    codes,
    index,
  );
}

const rows: [string, ReturnType<typeof mapping>, [string, string | null][], string[]?][] = [
  [
    "closeMatch to a brick that lists the node should be narrowerThan",
    mapping("Croissants", "10000246", "closeMatch"),
    [
      ["close_match_on_type", "narrowerThan 10000246"],
    ],
  ],
  ["narrowerThan to that brick raises nothing", mapping("Croissants", "10000246", "narrowerThan"), []],
  [
    "a storage sibling that carries the placing type agrees though it lists other values",
    mapping("Scones", "10000163", "closeMatch"),
    [["close_match_on_type", "narrowerThan 10000163"]],
  ],
  [
    "a brick GS1 does not place the node in is a mismatch, with the brick to use",
    mapping("Scones", "10000171", "closeMatch"),
    [
      ["placement_mismatch", "narrowerThan 10000164 Bread (Perishable)"],
    ],
  ],
  [
    "a node that qualifies its parent raises no mismatch",
    mapping("Brownie", "10000161", "narrowerThan", ["10 Cookies"]),
    [],
    [
      "10 Cookies",
    ],
  ],
  [
    "a brick target that GS1 places the node in and elsewhere is partial",
    mapping("Sandwich", "10000161", "narrowerThan", ["6 Crackers"]),
    [[
      "placement_partial",
      "narrowerThan 50000000 Food/Beverage (the common segment of every placement), or keep the row and say why " +
      "the other placements do not apply",
    ]],
  ],
  [
    "a family holding the one brick GS1 places the node in is coarse",
    mapping("Crackers", "50180000", "narrowerThan"),
    [
      ["coarse_target", "narrowerThan 10000161 Biscuits/Cookies (Shelf Stable)"],
    ],
  ],
  [
    "a family over one class of placements suggests the class",
    mapping("Croissants", "50180000", "narrowerThan"),
    [
      [
        "coarse_target",
        SWEET_BAKERY,
      ],
    ],
  ],
  [
    "a class that is the placements' common ancestor is not coarse",
    mapping("Croissants", "50182000", "narrowerThan"),
    [],
  ],
  [
    "a class holding none of the placements is a mismatch",
    mapping("Croissants", "50181900", "narrowerThan"),
    [
      [
        "placement_mismatch",
        SWEET_BAKERY,
      ],
    ],
  ],
  [
    "a closeMatch to a class holding a placement is close and coarse",
    mapping("Crackers", "50182100", "closeMatch"),
    [
      ["close_match_on_type", "narrowerThan 50182100"],
      ["coarse_target", "narrowerThan 10000161 Biscuits/Cookies (Shelf Stable)"],
    ],
  ],
  ["exactMatch to a brick listing two product types", mapping("Cakes", "10000171", "exactMatch"), [
    ["exact_match_on_broad_brick", "narrowerThan 10000171, unless the node holds every type"],
  ]],
  [
    "exactMatch to a brick listing one product type",
    mapping("Croissant pastries", "10000246", "exactMatch"),
    [],
  ],
  ["exactMatch to a brick with only facet types", mapping("Honey", "10000213", "exactMatch"), []],
  ["a head match settles precision", mapping("Butter Croissants", "10000246", "closeMatch"), [
    ["close_match_on_type", "narrowerThan 10000246"],
  ]],
  ["a head match never moves a row", mapping("Butter Croissants", "10000171", "narrowerThan"), []],
  ["a name GS1 places nowhere raises nothing", mapping("Muffins", "10000171", "closeMatch"), []],
];
for (const [name, result, expected, qualifierOf = []] of rows) {
  Deno.test(`curation checks, mapping: ${name}`, () => {
    assert.deepEqual(result.flags.map((flag) => [flag.kind, flag.suggestion]), expected);
    assert.deepEqual(result.qualifier_of, qualifierOf);
  });
}

const lexicon = (phrase: string, listed: string[]) =>
  lexiconRowFlags(listed, findPlacements(index, phrase), codes, index).map((
    flag,
  ) => [flag.kind, flag.problem]);

Deno.test("curation checks, lexicon: every placement listed, siblings included, raises nothing", () => {
  assert.deepEqual(lexicon("scone", ["10000163", "10000164"]), []);
});

Deno.test("curation checks, lexicon: a brick GS1 does not place the phrase in is a mismatch, and only that", () => {
  assert.deepEqual(lexicon("doughnut", ["10000171"]), [[
    "placement_mismatch",
    "lists 10000171 Cakes - Sweet (Perishable), where GS1 does not place DOUGHNUT; GS1 places it under Type of " +
    "Sweet Pie or Pastry of 10000245 Pies/Pastries - Sweet (Frozen)",
  ]]);
});

Deno.test("curation checks, lexicon: a placement the row leaves out is partial (storage states included)", () => {
  assert.deepEqual(lexicon("croissants", ["10000246"]), [[
    "placement_partial",
    "GS1 also places CROISSANT under Type of Sweet Pie or Pastry of 10000245 Pies/Pastries - Sweet (Frozen); the " +
    "row leaves it out",
  ]]);
});

Deno.test("curation checks, lexicon: a phrase placed by its head or not at all raises nothing", () => {
  assert.deepEqual(lexicon("chocolate croissant", ["10000171"]), []);
  assert.deepEqual(lexicon("acacia", ["10000213"]), []);
});
