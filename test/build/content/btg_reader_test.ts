import assert from "node:assert/strict";
import { readBrowseTreeGuides } from "../../../build/content/btg_reader.ts";
import type { BtgSheet } from "../../../build/content/btg_rows.ts";

/** A sheet of rows given as "id path" pairs, numbered from line 2 (under the header). */
function sheet(file: string, rows: [string, string][], name?: string): BtgSheet {
  const read = rows.map(([id, path], at) => ({ id, path, line: at + 2 }));
  return name === undefined ? { file, rows: read } : { file, sheet: name, rows: read };
}

const read = (...sheets: BtgSheet[]) => readBrowseTreeGuides(sheets, "guides");

Deno.test("guide reader: parents come from the paths, and a node under two paths has both parents", () => {
  const { tree, counts } = read(
    sheet("baby.csv", [["1", "Baby"], ["10", "Baby/Feeding"], ["11", "Baby/Feeding/Bottles"]]),
    sheet("grocery.csv", [["2", "Grocery"], ["20", "Grocery/Baby Food"], [
      "11",
      "Grocery/Baby Food/Bottles",
    ]]),
  );
  assert.deepEqual([...tree.nodes.values()].map((n) => [n.id, n.name, n.parents, n.children]), [
    ["1", "Baby", [], ["10"]],
    ["2", "Grocery", [], ["20"]],
    ["10", "Feeding", ["1"], ["11"]],
    ["11", "Bottles", ["10", "20"], []],
    ["20", "Baby Food", ["2"], ["11"]],
  ]);
  assert.deepEqual(counts, {
    files: 2,
    sheets: 2,
    rows: 6,
    nodes: 5,
    roots: 2,
    multi_path_nodes: 1,
    multi_parent_nodes: 1,
    orphans: 0,
    unknown_parent_paths: 0,
    ambiguous_parent_paths: 0,
    duplicate_rows: 0,
    alternate_names: 0,
  });
});

Deno.test("guide reader: a child of a node reached two ways has two paths and one parent", () => {
  const { tree, counts, duplicate_rows } = read(sheet("a.csv", [
    ["1", "A"],
    ["2", "B"],
    ["3", "A/Tea"],
    ["3", "B/Tea"],
    ["4", "A/Tea/Green"],
    ["4", "B/Tea/Green"],
  ]));
  assert.deepEqual(tree.nodes.get("4")!.parents, ["3"]);
  assert.equal(counts.multi_path_nodes, 2);
  assert.equal(counts.multi_parent_nodes, 1);
  assert.deepEqual(duplicate_rows, []);
});

Deno.test("guide reader: levels are split at every '/' and trimmed, rows are in reading order across files", () => {
  const { tree } = read(
    sheet("a.csv", [["1", " Food "], ["2", "Food / Snacks"]]),
    sheet("b.csv", [["3", "Food/Snacks/Nuts"]]),
  );
  assert.deepEqual([...tree.nodes.values()].map((n) => [n.id, n.name, n.parents]), [
    ["1", "Food", []],
    ["2", "Snacks", ["1"]],
    ["3", "Nuts", ["2"]],
  ]);
});

Deno.test("guide reader: a repeated node and path is a duplicate row naming both places, across files and sheets", () => {
  const { duplicate_rows, counts } = read(
    sheet("a.xlsx", [["1", "Food"], ["2", "Food/Tea"]], "Grocery"),
    sheet("b.csv", [["1", "Food"], ["2", "Food /Tea"]]),
  );
  assert.deepEqual(duplicate_rows, [
    {
      file: "b.csv",
      line: 2,
      id: "1",
      node_path: "Food",
      earlier: { file: "a.xlsx", sheet: "Grocery", line: 2 },
    },
    {
      file: "b.csv",
      line: 3,
      id: "2",
      node_path: "Food/Tea",
      earlier: { file: "a.xlsx", sheet: "Grocery", line: 3 },
    },
  ]);
  assert.equal(counts.rows, 4);
});

Deno.test("guide reader: a node's name is its first row's last level; another is an alternate name", () => {
  const { tree, alternate_names } = read(
    sheet("a.csv", [["1", "A"], ["2", "B"], ["3", "A/Powdered Milk"], ["3", "B/Powdered"], [
      "4",
      "B/Powdered/Goat",
    ]]),
    sheet("b.csv", [["3", "A/Powdered"]]),
  );
  assert.equal(tree.nodes.get("3")!.name, "Powdered Milk");
  assert.deepEqual(alternate_names, [{
    file: "a.csv",
    line: 5,
    id: "3",
    name: "Powdered Milk",
    alternate: "Powdered",
  }]);
  // b.csv's row is a third path, under the same parent as the first: a name already set aside is not again.
  assert.deepEqual(tree.nodes.get("3")!.parents, ["1", "2"]);
  assert.deepEqual(tree.nodes.get("4")!.parents, ["3"]);
});

Deno.test("guide reader: an unknown parent path leaves the node as an orphan root, and its children under it", () => {
  const result = read(
    sheet("a.csv", [["1", "Food"], ["5", "Food/Sweets/Candy"], ["6", "Food/Sweets/Candy/Mints"]]),
  );
  assert.deepEqual(result.tree.roots, ["1", "5"]);
  assert.deepEqual(result.tree.nodes.get("6")!.parents, ["5"]);
  assert.deepEqual(result.unknown_parent_paths, [{
    file: "a.csv",
    line: 3,
    id: "5",
    node_path: "Food/Sweets/Candy",
    parent_path: "Food/Sweets",
    nearest_known_path: "Food",
    nearest_known_id: "1",
  }]);
  assert.deepEqual(result.orphans, [{ file: "a.csv", line: 3, id: "5", name: "Candy" }]);
  assert.equal(result.counts.orphans, 1);
});

Deno.test("guide reader: an unknown parent path of a node with another known path makes no orphan", () => {
  const result = read(sheet("a.csv", [["1", "Food"], ["5", "Food/Candy"], ["5", "Gifts/Sweets/Candy"]]));
  assert.deepEqual(result.tree.nodes.get("5")!.parents, ["1"]);
  assert.deepEqual(result.unknown_parent_paths, [{
    file: "a.csv",
    line: 4,
    id: "5",
    node_path: "Gifts/Sweets/Candy",
    parent_path: "Gifts/Sweets",
  }]);
  assert.deepEqual(result.orphans, []);
});

Deno.test("guide reader: a parent path shared by two nodes is ambiguous and gives no parent", () => {
  const result = read(
    sheet("a.csv", [["1", "Food"], ["2", "Food/Tea"], ["3", "Food/Tea"], ["4", "Food/Tea/Green"]]),
  );
  assert.deepEqual(result.ambiguous_parent_paths, [{
    file: "a.csv",
    line: 5,
    id: "4",
    node_path: "Food/Tea/Green",
    parent_path: "Food/Tea",
    candidates: ["2", "3"],
  }]);
  assert.deepEqual(result.tree.nodes.get("4")!.parents, []);
  assert.deepEqual(result.orphans.map((orphan) => orphan.id), ["4"]);
});

const errors: [string, BtgSheet[], string][] = [
  [
    "an empty level names the row",
    [sheet("a.csv", [["1", "Food"], ["2", "Food//Tea"]])],
    'a.csv: line 3: Node Path "Food//Tea" has an empty level',
  ],
  [
    "a path ending in '/' has an empty level",
    [sheet("a.csv", [["1", "Food/"]])],
    'a.csv: line 2: Node Path "Food/" has an empty level',
  ],
  [
    "a cycle names the file and row of its closing edge, across files",
    [sheet("a.csv", [["1", "A"], ["2", "A/B"]]), sheet("b.xlsx", [["1", "A/B/A"]], "Guide")],
    'b.xlsx: sheet "Guide" row 2: parent 2 of node 1 closes a cycle in the parent links: 1 → 2 → 1',
  ],
];

for (const [name, sheets, message] of errors) {
  Deno.test(`guide reader: ${name}`, () => {
    assert.throws(() => read(...sheets), { name: "BuildError", message });
  });
}
