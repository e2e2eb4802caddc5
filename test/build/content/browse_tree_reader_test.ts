import assert from "node:assert/strict";
import { parseBrowseTreeCsv } from "../../../build/content/browse_tree_reader.ts";
import {
  ancestorsOf,
  compareNumericIds,
  nodeDepths,
  topologicalOrder,
  treeShape,
} from "../../../build/content/browse_tree.ts";
import { AMAZON_TREE } from "./mapping_test_support.ts";

const FIXTURE = new URL("./fixtures/browse_tree.csv", import.meta.url);
const read = (text: string) => parseBrowseTreeCsv(text, "tree.csv");
const HEADER = "node_id,parent_node_id,node_name\n";

Deno.test("browse tree reader: the fixture's nodes, parents, children, names and depths are exact", () => {
  const { tree, alternate_names, duplicate_rows } = parseBrowseTreeCsv(
    Deno.readTextFileSync(FIXTURE),
    "browse_tree.csv",
  );
  assert.deepEqual(
    [...tree.nodes.values()].map((n) => [n.id, n.name, n.parents.join(";"), n.children.join(";")]),
    [
      ["1", "Food", "", "10;20"],
      ["10", "Breads & Bakery", "1", "11;22"],
      ["11", "Bread, Sliced", "10", "23"],
      ["20", "Frozen", "1", "21;22"],
      ["21", "Frozen Bakery", "20", "23"],
      ["22", "Frozen Bread", "10;20", ""],
      ["23", "Frozen Dough", "11;21", ""],
    ],
  );
  assert.deepEqual(tree.roots, ["1"]);
  assert.deepEqual(alternate_names, [{ id: "23", name: "Frozen Dough", alternate: "Dough", line: 10 }]);
  assert.deepEqual(duplicate_rows, [{ id: "22", parent_node_id: "20", line: 8, earlier_lines: [7] }]);
  assert.deepEqual(treeShape(tree), { nodes: 7, roots: 1, leaves: 2, max_depth: 4 });
  assert.deepEqual([...nodeDepths(tree)], [["1", 1], ["10", 2], ["20", 2], ["11", 3], ["21", 3], ["22", 3], [
    "23",
    4,
  ]]);
  assert.deepEqual(topologicalOrder(tree), ["1", "10", "20", "11", "21", "22", "23"]);
  assert.deepEqual(ancestorsOf(tree, "23"), ["1", "10", "11", "20", "21"]);
  assert.deepEqual(ancestorsOf(tree, "1"), []);
});

Deno.test("browse tree reader: depth is the longest path from a root when a node has parents at two depths", () => {
  const { tree } = read(`${HEADER}1,,A\n2,1,B\n3,2,C\n4,1;3,D\n5,4,E\n`);
  assert.deepEqual([...nodeDepths(tree)], [["1", 1], ["2", 2], ["3", 3], ["4", 4], ["5", 5]]);
});

Deno.test("browse tree reader: columns are found by name in any order and extra columns are ignored", () => {
  const { tree } = read("node_name,depth,node_id,parent_node_id\nFood,1,5,\nTea,2,6,5\n");
  assert.deepEqual([...tree.nodes.values()].map((n) => [n.id, n.name, n.parents]), [["5", "Food", []], [
    "6",
    "Tea",
    ["5"],
  ]]);
});

Deno.test("browse tree reader: ids order by numeric value, not text", () => {
  const { tree } = read(`${HEADER}100,,A\n9,100,B\n10,100,C\n`);
  assert.deepEqual([...tree.nodes.keys()], ["9", "10", "100"]);
  assert.deepEqual(tree.nodes.get("100")!.children, ["9", "10"]);
  assert.deepEqual(["10", "9", "009", "11111111111111111111", "2"].sort(compareNumericIds), [
    "2",
    "009",
    "9",
    "10",
    "11111111111111111111",
  ]);
});

Deno.test("browse tree reader: a row that repeats a node's parents and name, adding nothing, is a duplicate row", () => {
  const { tree, duplicate_rows, alternate_names } = read(
    `${HEADER}1,,A\n2,1,B\n3,1,C\n3,2,C\n3,1;2,C\n3,2;1,C\n2,1,B\n1,,A\n3,1;4,C\n4,1,D\n`,
  );
  assert.deepEqual(tree.nodes.get("3")!.parents, ["1", "2", "4"]);
  assert.deepEqual(duplicate_rows, [
    { id: "3", parent_node_id: "1;2", line: 6, earlier_lines: [4, 5] },
    { id: "3", parent_node_id: "2;1", line: 7, earlier_lines: [4, 5] },
    { id: "2", parent_node_id: "1", line: 8, earlier_lines: [3] },
    { id: "1", parent_node_id: "", line: 9, earlier_lines: [2] },
  ]);
  assert.deepEqual(alternate_names, []);
});

Deno.test("browse tree reader: several roots are allowed", () => {
  assert.deepEqual(read(`${HEADER}2,,A\n1,,B\n`).tree.roots, ["1", "2"]);
});

const errors: [string, string, string][] = [
  [
    "an id that is not 1 to 20 digits names the row",
    `${HEADER}1,,A\n12a,1,B\n`,
    'tree.csv: line 3: node_id "12a" is not 1 to 20 digits',
  ],
  [
    "a 21-digit id is rejected",
    `${HEADER}123456789012345678901,,A\n`,
    'tree.csv: line 2: node_id "123456789012345678901" is not 1 to 20 digits',
  ],
  ["an empty id is rejected", `${HEADER},,A\n`, 'tree.csv: line 2: node_id "" is not 1 to 20 digits'],
  [
    "a malformed parent id is rejected",
    `${HEADER}1,,A\n2,1;x,B\n`,
    'tree.csv: line 3: parent_node_id "x" of node 2 is not 1 to 20 digits',
  ],
  [
    "an unknown parent names the row of the edge",
    `${HEADER}1,,A\n2,1,B\n2,7,B\n`,
    "tree.csv: line 4: parent 7 of node 2 is not a node of the tree",
  ],
  [
    "a cycle names the row whose edge closes it (the last of its edges in the file) and its nodes",
    `${HEADER}1,,A\n2,3,B\n3,4,C\n4,2,D\n`,
    "tree.csv: line 5: parent 2 of node 4 closes a cycle in the parent links: 4 → 2 → 3 → 4",
  ],
  [
    "a cycle closed by a node's second row names that row, not the node's first row",
    `${HEADER}1,,A\n2,1,B\n3,2,C\n2,3,B\n`,
    "tree.csv: line 5: parent 3 of node 2 closes a cycle in the parent links: 2 → 3 → 2",
  ],
  [
    "a cycle closed by the second parent of a row names that row",
    `${HEADER}1,,A\n2,1,B\n3,2,C\n4,3,D\n2,1;4,B\n`,
    "tree.csv: line 6: parent 4 of node 2 closes a cycle in the parent links: 2 → 4 → 3 → 2",
  ],
  [
    "a node that is its own parent is a cycle",
    `${HEADER}1,1,A\n`,
    "tree.csv: line 2: parent 1 of node 1 closes a cycle in the parent links: 1 → 1",
  ],
  [
    "two names for one id under the same parent are an error",
    `${HEADER}1,,A\n2,1,B\n2,1,C\n`,
    'tree.csv: line 4: node 2 is named "C" here and "B" on an earlier row under the same parent',
  ],
  ["a node without a name is an error", `${HEADER}1,,\n`, "tree.csv: line 2: node 1 has no node_name"],
  [
    "a missing column is an error",
    "node_id,node_name\n1,A\n",
    'tree.csv: line 1: header lacks column "parent_node_id"',
  ],
  [
    "malformed CSV is an error",
    `${HEADER}1,,"A\n`,
    "tree.csv: line 2: unterminated quote (the file ends inside a quoted field)",
  ],
];

for (const [name, text, message] of errors) {
  Deno.test(`browse tree reader: ${name}`, () => {
    assert.throws(() => read(text), { name: "BuildError", message });
  });
}

Deno.test("browse tree reader: the real Amazon US grocery tree has 1,342 nodes, 1,158 leaves, depth 6, root 16310211", () => {
  const { tree, alternate_names, duplicate_rows } = parseBrowseTreeCsv(
    Deno.readTextFileSync(AMAZON_TREE),
    AMAZON_TREE,
  );
  assert.deepEqual(treeShape(tree), { nodes: 1342, roots: 1, leaves: 1158, max_depth: 6 });
  assert.deepEqual(tree.roots, ["16310211"]);
  assert.equal(tree.nodes.get("16310211")!.name, "Food");
  // 32 multi-parent nodes carry a second label under another parent (e.g. "Powdered Milk" / "Powdered").
  assert.equal(alternate_names.length, 32);
  assert.deepEqual(alternate_names.find((a) => a.id === "16317451"), {
    id: "16317451",
    name: "Powdered Milk",
    alternate: "Powdered",
    line: 830,
  });
  assert.equal(tree.nodes.get("16317451")!.name, "Powdered Milk");
  // 20 rows repeat a node under the same parent with the same name (only node_path differs).
  assert.equal(duplicate_rows.length, 20);
  assert.deepEqual(duplicate_rows[0], {
    id: "6459215011",
    parent_node_id: "6459214011",
    line: 579,
    earlier_lines: [485],
  });
  assert.equal([...tree.nodes.values()].filter((n) => n.parents.length > 1).length, 78);
});
