import assert from "node:assert/strict";
import { parseMappingTable, PRECISION_DIRECTION } from "../../../build/content/mapping_table_reader.ts";
import { parseBrowseTreeCsv } from "../../../build/content/browse_tree_reader.ts";

const TREE = parseBrowseTreeCsv(
  Deno.readTextFileSync(new URL("./fixtures/browse_tree.csv", import.meta.url)),
  "browse_tree.csv",
).tree;
const TABLE_URL = new URL("./fixtures/mapping_table.csv", import.meta.url);
const HEAD = "# map_version: 1\nbrowse_id,gpc_code,match_precision,assurance_state,note\n";
const read = (text: string) => parseMappingTable(text, "map.csv", TREE);

Deno.test("mapping table reader: the fixture's metadata and rows are read with their line numbers", () => {
  const table = parseMappingTable(Deno.readTextFileSync(TABLE_URL), "mapping_table.csv", TREE);
  assert.equal(table.map_version, "2025.11-test");
  assert.deepEqual([...table.metadata], [
    ["map_version", "2025.11-test"],
    ["browse_tree", "fixture"],
    ["gpc_release", "v20241202"],
    ["mapping_date", "2025-11-20"],
  ]);
  assert.deepEqual(table.rows, [
    {
      browse_id: "10",
      gpc_code: "50180000",
      match_precision: "exactMatch",
      assurance_state: "verified",
      note: "Breads & Bakery = Bread/Bakery Products",
      line: 6,
    },
    {
      browse_id: "11",
      gpc_code: "50181900",
      match_precision: "narrowerThan",
      assurance_state: "provisional",
      note: "sliced bread is narrower than Bread",
      line: 7,
    },
    {
      browse_id: "21",
      gpc_code: "10000155",
      match_precision: "closeMatch",
      assurance_state: "verified",
      note: "frozen bakery, close to frozen mixes",
      line: 8,
    },
  ]);
});

Deno.test("mapping table reader: the direction table reads source = browse node, target = GPC node", () => {
  assert.deepEqual(PRECISION_DIRECTION, {
    exactMatch: { meaning: "the browse node and the GPC node have the same scope", skos: "skos:exactMatch" },
    narrowerThan: { meaning: "the browse node is narrower than the GPC node", skos: "skos:broadMatch" },
    broaderThan: { meaning: "the browse node is broader than the GPC node", skos: "skos:narrowMatch" },
    closeMatch: { meaning: "similar scope, not interchangeable", skos: "skos:closeMatch" },
  });
});

Deno.test("mapping table reader: spaces around cells are trimmed and an empty table is valid", () => {
  assert.deepEqual(read(`${HEAD} 22 , 50000000 ,broaderThan , provisional ,\n`).rows, [
    {
      browse_id: "22",
      gpc_code: "50000000",
      match_precision: "broaderThan",
      assurance_state: "provisional",
      note: "",
      line: 3,
    },
  ]);
  assert.deepEqual(read(HEAD).rows, []);
});

const errors: [string, string, string][] = [
  [
    "a missing map_version is an error",
    "# browse_tree: x\nbrowse_id\n",
    "map.csv: metadata: lacks the `# map_version: <version>` line",
  ],
  [
    "a map_version with a space is an error",
    "# map_version: a b\n",
    'map.csv: metadata: map_version "a b" must be printable ASCII without spaces',
  ],
  [
    "an unknown precision names the row",
    `${HEAD}10,50000000,relatedMatch,verified,\n`,
    'map.csv: line 3: match_precision "relatedMatch" is not one of exactMatch, narrowerThan, broaderThan, closeMatch',
  ],
  [
    "inherited cannot be curated",
    `${HEAD}10,50000000,inherited,verified,\n`,
    'map.csv: line 3: match_precision "inherited" is not one of exactMatch, narrowerThan, broaderThan, closeMatch',
  ],
  [
    "an unknown state names the row",
    `${HEAD}10,50000000,exactMatch,stale,\n`,
    'map.csv: line 3: assurance_state "stale" is not one of verified, provisional',
  ],
  [
    "a gpc code that is not 8 digits names the row",
    `${HEAD}10,5000000,exactMatch,verified,\n`,
    'map.csv: line 3: gpc_code "5000000" is not 8 digits',
  ],
  [
    "a malformed browse id names the row",
    `${HEAD}1x,50000000,exactMatch,verified,\n`,
    'map.csv: line 3: browse_id "1x" is not 1 to 20 digits',
  ],
  [
    "a browse id not in the tree names the row",
    `${HEAD}10,50000000,exactMatch,verified,\n11,50000000,exactMatch,verified,\n99,50000000,exactMatch,verified,\n`,
    "map.csv: line 5: browse_id 99 is not a node of the browse tree browse_tree.csv",
  ],
  [
    "a duplicate browse id names both rows",
    `${HEAD}10,50000000,exactMatch,verified,\n10,50180000,exactMatch,verified,\n`,
    "map.csv: line 4: browse_id 10 is already mapped on line 3",
  ],
  [
    "a missing column is an error",
    "# map_version: 1\nbrowse_id,gpc_code,match_precision,note\n",
    'map.csv: line 2: header lacks column "assurance_state"',
  ],
  [
    "malformed CSV is an error",
    `${HEAD}10,50000000,exactMatch,verified,"open\n`,
    "map.csv: line 3: unterminated quote",
  ],
];

for (const [name, text, message] of errors) {
  Deno.test(`mapping table reader: ${name}`, () => {
    assert.throws(() => read(text), (error: unknown) => {
      assert.ok(error instanceof Error && error.name === "BuildError");
      assert.ok(error.message.startsWith(message), error.message);
      return true;
    });
  });
}

const ROW = ",50000000,exactMatch,verified,\n";
const foreign: [string, string, string | undefined, string][] = [
  [
    "a table declared for another tree fails once, saying so and counting its foreign rows",
    `# map_version: 1\n# browse_tree: google-food\n${
      HEAD.slice(HEAD.indexOf("\n") + 1)
    }99${ROW}98${ROW}10${ROW}`,
    "fixture",
    'map.csv: metadata: browse_tree "google-food" is not this tree "fixture" (browse_tree.csv): ' +
    "2 of the table's 3 rows name ids that are not nodes of this tree",
  ],
  [
    "a table declared for another tree is refused even when every id happens to be in this tree",
    `# map_version: 1\n# browse_tree: other\n${HEAD.slice(HEAD.indexOf("\n") + 1)}10${ROW}`,
    "fixture",
    'map.csv: metadata: browse_tree "other" is not this tree "fixture" (browse_tree.csv): ' +
    "0 of the table's 1 rows name ids that are not nodes of this tree",
  ],
  [
    "a table whose rows mostly name absent ids is for another tree, whatever it declares",
    `# map_version: 1\n# browse_tree: fixture\n${HEAD.slice(HEAD.indexOf("\n") + 1)}99${ROW}98${ROW}10${ROW}`,
    "fixture",
    'map.csv: rows: the table\'s browse_tree is not this tree "fixture" (browse_tree.csv): ' +
    "2 of its 3 rows name ids that are not nodes of this tree",
  ],
  [
    "without a tree name the message names the tree's file",
    `${HEAD}99${ROW}98${ROW}10${ROW}`,
    undefined,
    "map.csv: rows: the table's browse_tree is not this tree browse_tree.csv: " +
    "2 of its 3 rows name ids that are not nodes of this tree",
  ],
  [
    "a few foreign rows fail on the first of them, with their count",
    `${HEAD}10${ROW}11${ROW}20${ROW}21${ROW}99${ROW}98${ROW}`,
    "fixture",
    "map.csv: line 7: browse_id 99 is not a node of the browse tree browse_tree.csv " +
    "(2 of the table's 6 rows name ids absent from the tree; this is the first)",
  ],
];

for (const [name, text, treeName, message] of foreign) {
  Deno.test(`mapping table reader: ${name}`, () => {
    assert.throws(() => parseMappingTable(text, "map.csv", TREE, treeName), { name: "BuildError", message });
  });
}
