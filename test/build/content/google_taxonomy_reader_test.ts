import assert from "node:assert/strict";
import { parseBrowseTreeFile, parseGoogleTaxonomy } from "../../../build/content/google_taxonomy_reader.ts";
import { treeShape } from "../../../build/content/browse_tree.ts";
import { parseMappingTable } from "../../../build/content/mapping_table_reader.ts";
import { compileBrowseRecords } from "../../../build/content/mapping_inheritance.ts";
import { mappingCoverage } from "../../../build/content/mapping_coverage.ts";
import { GPC_EXCERPT, gpcCodesFromXml } from "./mapping_test_support.ts";

const TAXONOMY = "/work/shared/data/google-product-taxonomy/taxonomy-with-ids.en-US.txt";
const read = (text: string) => parseGoogleTaxonomy(text, "tax.txt");

Deno.test("google taxonomy reader: a category's parent is the category whose path is its prefix", () => {
  const { tree, version } = read(
    "# Google_Product_Taxonomy_Version: 2021-09-21\n1 - A\n3 - A > B > C\n2 - A > B\n\n4 - D\r\n5 - D > B\n",
  );
  assert.equal(version, "2021-09-21");
  assert.deepEqual([...tree.nodes.values()].map((n) => [n.id, n.name, n.parents, n.children]), [
    ["1", "A", [], ["2"]],
    ["2", "B", ["1"], ["3"]],
    ["3", "C", ["2"], []],
    ["4", "D", [], ["5"]],
    ["5", "B", ["4"], []],
  ]);
  assert.deepEqual(tree.roots, ["1", "4"]);
});

Deno.test("google taxonomy reader: a file without the version header reads with version empty", () => {
  assert.equal(read("1 - A\n").version, "");
});

const errors: [string, string, string][] = [
  [
    "a line that is not id - path is an error",
    "# v: 1\n1 - A\nA > B\n",
    'tax.txt: line 3: is not "<id> - <path>" with a 1 to 20 digit id',
  ],
  [
    "a path whose prefix is not a category is an error",
    "1 - A\n2 - A > B > C\n",
    'tax.txt: line 2: parent path "A > B" of category 2 is not a category',
  ],
  ["an id seen twice is an error", "1 - A\n1 - B\n", "tax.txt: line 2: category id 1 appears twice"],
  ["a path seen twice is an error", "1 - A\n2 - A\n", 'tax.txt: line 2: path "A" is also category 1'],
];

for (const [name, text, message] of errors) {
  Deno.test(`google taxonomy reader: ${name}`, () => {
    assert.throws(() => read(text), { name: "BuildError", message });
  });
}

Deno.test("google taxonomy reader: the real taxonomy has 5,595 categories, 21 roots, 4,719 leaves, depth 7", () => {
  const { tree, version } = parseGoogleTaxonomy(Deno.readTextFileSync(TAXONOMY), TAXONOMY);
  assert.equal(version, "2021-09-21");
  assert.deepEqual(treeShape(tree), { nodes: 5595, roots: 21, leaves: 4719, max_depth: 7 });
  assert.equal(tree.nodes.get("1876")!.name, "Bakery");
  assert.deepEqual(tree.nodes.get("1876")!.parents, ["422"]);
});

Deno.test("google taxonomy reader: the compiler is not tied to one retailer: inheritance runs on Google's tree", () => {
  const { tree } = parseGoogleTaxonomy(Deno.readTextFileSync(TAXONOMY), TAXONOMY);
  const table = parseMappingTable(
    [
      "# map_version: google-test-1",
      "browse_id,gpc_code,match_precision,assurance_state,note",
      "412,50000000,broaderThan,verified,also covers tobacco",
      "1876,50180000,exactMatch,verified,",
      "424,10000164,closeMatch,provisional,",
    ].join("\n"),
    "google.csv",
    tree,
  );
  const { records, stale_rows } = compileBrowseRecords(tree, table, gpcCodesFromXml(GPC_EXCERPT));
  const view = (id: string) => {
    const r = records.get(id)!;
    return [
      r.gpc?.code ?? null,
      r.match_precision,
      r.match_source,
      r.inherited_from,
      r.assurance_state,
      r.attribute_count,
    ];
  };
  assert.deepEqual(view("412"), ["50000000", "broaderThan", "self", null, "verified", 0]);
  assert.deepEqual(view("422"), ["50000000", "inherited", "inherited", "412", "verified", 0]);
  assert.deepEqual(view("1876"), ["50180000", "exactMatch", "self", null, "verified", 0]);
  assert.deepEqual(view("1573"), ["50180000", "narrowerThan", "inherited", "1876", "verified", 0]);
  assert.deepEqual(view("424"), ["10000164", "closeMatch", "self", null, "provisional", 9]);
  assert.deepEqual(view("1"), [null, null, null, null, null, 0]);
  assert.deepEqual(stale_rows, []);
  // Bakery (16 categories) holds 1876 and 424 themselves plus 14 inheriting the family; the rest of 412 (348).
  const coverage = mappingCoverage(records, stale_rows);
  assert.deepEqual(coverage, {
    nodes: 5595,
    self: 3,
    inherited: 361,
    unmapped: 5231,
    resolved_ratio: 0.0651,
    by_level: { brick: 1, class: 0, family: 15, segment: 348 },
    by_precision: { exactMatch: 1, narrowerThan: 14, broaderThan: 1, closeMatch: 1, inherited: 347 },
    by_state: { verified: 363, provisional: 1, stale: 0 },
    stale_rows: [],
  });
});

Deno.test("browse tree files: a .txt file is read as Google's taxonomy and anything else as CSV", () => {
  const google = parseBrowseTreeFile("# Google_Product_Taxonomy_Version: 1\n1 - A\n", "t.TXT");
  assert.deepEqual([google.version, [...google.tree.nodes.keys()], google.alternate_names], ["1", ["1"], []]);
  const csv = parseBrowseTreeFile("node_id,parent_node_id,node_name\n7,,A\n", "t.csv");
  assert.deepEqual([csv.version, [...csv.tree.nodes.keys()], csv.alternate_names], ["", ["7"], []]);
});
