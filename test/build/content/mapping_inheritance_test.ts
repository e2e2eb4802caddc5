import assert from "node:assert/strict";
import {
  compileBrowseRecords,
  INHERITED_PRECISION,
  LEVEL_RANK,
} from "../../../build/content/mapping_inheritance.ts";
import { ancestorsOf } from "../../../build/content/browse_tree.ts";
import { parseBrowseTreeCsv } from "../../../build/content/browse_tree_reader.ts";
import { parseMappingTable } from "../../../build/content/mapping_table_reader.ts";
import { inheritanceScenario, smallCodes } from "./mapping_test_support.ts";
import type { BrowseRecord } from "../../../src/format/shard_records.ts";

const { tree, table, compiled } = inheritanceScenario();
const codes = smallCodes();

/** [gpc code, match_precision, match_source, inherited_from, assurance_state, attribute_count] */
type Row = [string | null, string | null, string | null, string | null, string | null, number];
const row = (record: BrowseRecord): Row => [
  record.gpc?.code ?? null,
  record.match_precision,
  record.match_source,
  record.inherited_from,
  record.assurance_state,
  record.attribute_count,
];
const NULL_ROW: Row = [null, null, null, null, null, 0];

const rules: [string, string, Row][] = [
  ["a node with its own mapping answers self with its own precision and state", "10", [
    "50181700",
    "exactMatch",
    "self",
    null,
    "verified",
    0,
  ]],
  ["a self match on a brick carries the brick's attribute count", "13", [
    "10000155",
    "closeMatch",
    "self",
    null,
    "provisional",
    3,
  ]],
  ["a self broaderThan stays broaderThan", "20", ["50180000", "broaderThan", "self", null, "verified", 0]],
  ["a self narrowerThan stays narrowerThan", "30", ["50000000", "narrowerThan", "self", null, "verified", 0]],
  ["a child of an exactMatch ancestor is narrowerThan, inherited from it", "11", [
    "50181700",
    "narrowerThan",
    "inherited",
    "10",
    "verified",
    0,
  ]],
  ["inheritance skips unmapped intermediate nodes and names the mapped ancestor", "12", [
    "50181700",
    "narrowerThan",
    "inherited",
    "10",
    "verified",
    0,
  ]],
  ["a child of a narrowerThan ancestor is narrowerThan", "31", [
    "50000000",
    "narrowerThan",
    "inherited",
    "30",
    "verified",
    0,
  ]],
  ["a child of a broaderThan ancestor is inherited", "21", [
    "50180000",
    "inherited",
    "inherited",
    "20",
    "verified",
    0,
  ]],
  ["a child of a closeMatch ancestor is inherited, with the ancestor's state and attribute count", "14", [
    "10000155",
    "inherited",
    "inherited",
    "13",
    "provisional",
    3,
  ]],
  ["closeMatch never composes across hops: a grandchild is relative to the curated ancestor", "15", [
    "10000155",
    "inherited",
    "inherited",
    "13",
    "provisional",
    3,
  ]],
  ["a root without a mapping answers null", "1", NULL_ROW],
  ["a node with no mapped ancestor answers null", "41", NULL_ROW],
  ["the nearest mapped ancestor over all parent paths wins over a more precise farther one", "50", [
    "50180000",
    "inherited",
    "inherited",
    "20",
    "verified",
    0,
  ]],
  ["equally near ancestors: the more precise GPC level wins (class over segment)", "51", [
    "50181700",
    "narrowerThan",
    "inherited",
    "10",
    "verified",
    0,
  ]],
  ["equally near ancestors at one level: the smallest numeric id wins (70 before 600)", "52", [
    "50181900",
    "inherited",
    "inherited",
    "70",
    "verified",
    0,
  ]],
  ["a row whose code is inactive still serves its node, as stale", "80", [
    "10000156",
    "exactMatch",
    "self",
    null,
    "stale",
    2,
  ]],
  ["descendants of an inactive-code row inherit it as stale", "81", [
    "10000156",
    "narrowerThan",
    "inherited",
    "80",
    "stale",
    2,
  ]],
  ["a row whose code is absent answers what its ancestors give, as stale", "90", [
    "50181700",
    "narrowerThan",
    "inherited",
    "10",
    "stale",
    0,
  ]],
  ["descendants inheriting through a row whose code is absent look past it, as stale", "91", [
    "50181700",
    "narrowerThan",
    "inherited",
    "10",
    "stale",
    0,
  ]],
  ["a row naming an attribute type code, with no mapped ancestor, answers gpc null as stale", "92", [
    null,
    null,
    null,
    null,
    "stale",
    0,
  ]],
  ["a row naming an attribute value code, with no mapped ancestor, answers gpc null as stale", "93", [
    null,
    null,
    null,
    null,
    "stale",
    0,
  ]],
];

for (const [name, id, expected] of rules) {
  Deno.test(`mapping inheritance: ${name}`, () => {
    assert.deepEqual(row(compiled.records.get(id)!), expected);
  });
}

Deno.test("mapping inheritance: a record carries the GPC node view of the code exactly", () => {
  assert.deepEqual(compiled.records.get("14"), {
    gpc: {
      code: "10000155",
      title: "brick 10000155",
      level: "brick",
      segment: "segment 50000000",
      family: "family 50180000",
      class: "class 50181700",
      brick: "brick 10000155",
    },
    match_precision: "inherited",
    match_source: "inherited",
    inherited_from: "13",
    assurance_state: "provisional",
    attribute_count: 3,
    attribute_schema: "published",
  });
});

Deno.test("mapping inheritance: the precision a descendant gets from its ancestor's own precision", () => {
  assert.deepEqual(INHERITED_PRECISION, {
    exactMatch: "narrowerThan",
    narrowerThan: "narrowerThan",
    broaderThan: "inherited",
    closeMatch: "inherited",
  });
  assert.deepEqual(LEVEL_RANK, { brick: 0, class: 1, family: 2, segment: 3 });
});

Deno.test("mapping inheritance: every node of the tree has exactly one record, in numeric id order", () => {
  assert.deepEqual([...compiled.records.keys()], [...tree.nodes.keys()]);
  assert.equal(compiled.records.size, 24);
});

Deno.test("mapping inheritance: every stale row is reported with its reason and line", () => {
  assert.deepEqual(compiled.stale_rows, [
    { browse_id: "80", gpc_code: "10000156", reason: "inactive", line: 10 },
    { browse_id: "90", gpc_code: "99999999", reason: "absent", line: 11 },
    { browse_id: "92", gpc_code: "20000056", reason: "attribute_type", line: 12 },
    { browse_id: "93", gpc_code: "30002960", reason: "attribute_value", line: 13 },
  ]);
});

Deno.test("mapping inheritance: every inherited_from is a real, self-mapped ancestor of its node", () => {
  for (const [id, record] of compiled.records) {
    if (record.inherited_from === null) continue;
    assert.ok(ancestorsOf(tree, id).includes(record.inherited_from), `${id} ← ${record.inherited_from}`);
    assert.equal(compiled.records.get(record.inherited_from)!.match_source, "self");
  }
});

Deno.test("mapping inheritance: the result does not depend on the order of the tree's or the table's rows", () => {
  const treeText = Deno.readTextFileSync(new URL("./fixtures/inheritance_tree.csv", import.meta.url));
  const [head, ...body] = treeText.trimEnd().split("\n");
  const reversedTree = parseBrowseTreeCsv([head, ...body.reverse()].join("\n"), "reversed.csv").tree;
  const tableText = Deno.readTextFileSync(
    new URL("./fixtures/inheritance_mapping.csv", import.meta.url),
  );
  const lines = tableText.trimEnd().split("\n");
  const reversedTable = parseMappingTable(
    [...lines.slice(0, 3), ...lines.slice(3).reverse()].join("\n"),
    "reversed.csv",
    reversedTree,
  );
  const again = compileBrowseRecords(reversedTree, reversedTable, codes);
  assert.deepEqual([...again.records], [...compiled.records]);
  assert.equal(table.rows.length, 10);
});
