import assert from "node:assert/strict";
import { qualifiedParents } from "../../../build/content/curation_qualifier.ts";
import { parseBrowseTreeCsv } from "../../../build/content/browse_tree_reader.ts";
import { compileGpc } from "../../../build/gpc/gpc_compile.ts";
import { readGpc } from "../../../build/gpc/gpc_read.ts";
import type { BrowseRecord } from "../../../src/format/shard_records.ts";

const FIXTURE =
  new URL("./fixtures/curation_data/gpc/gpc-curation-fixture-v20241202.xml", import.meta.url).pathname;
const { codes } = compileGpc(await readGpc(FIXTURE));

// 10 Cookies → brick 10000161; 20 Biscuits & Crackers → class 50182100; 30 Bakery → family 50180000.
const { tree } = parseBrowseTreeCsv(
  "node_id,parent_node_id,node_name\n10,,Cookies\n20,,Biscuits & Crackers\n30,,Bakery\n" +
    "11,10,Brownie\n21,20,Brownie\n22,20,Crackers\n31,30,Brownie\n41,10;30,Brownie\n",
  "tree.csv",
);
const resolved = (code: string): BrowseRecord => ({
  gpc: codes.get(code)!.node!,
  match_precision: "narrowerThan",
  match_source: "self",
  inherited_from: null,
  assurance_state: "verified",
  attribute_count: 0,
});
const browse = new Map([["10", resolved("10000161")], ["20", resolved("50182100")], [
  "30",
  resolved("50180000"),
]]);
const qualifies = (id: string, target: string) => qualifiedParents(tree, browse, codes, id, target);

Deno.test("qualifier reading: a node targeting its parent's brick qualifies the parent", () => {
  assert.deepEqual(qualifies("11", "10000161"), ["10 Cookies"]);
});

Deno.test("qualifier reading: a node targeting a brick inside its parent's class qualifies the parent", () => {
  assert.deepEqual(qualifies("21", "10000161"), ["20 Biscuits & Crackers"]);
});

Deno.test("qualifier reading: a target outside the parent's GPC node qualifies nothing", () => {
  assert.deepEqual(qualifies("11", "10000171"), []);
});

Deno.test("qualifier reading: a parent resolved to a family names no product", () => {
  assert.deepEqual(qualifies("31", "10000161"), []);
});

Deno.test("qualifier reading: a name the parent's own name holds is a product the parent lists", () => {
  assert.deepEqual(qualifies("22", "10000161"), []);
});

Deno.test("qualifier reading: of several parents only those that name a product count", () => {
  assert.deepEqual(qualifies("41", "10000161"), ["10 Cookies"]);
});
