import assert from "node:assert/strict";
import { contentOutsideTarget } from "../../../build/content/content_rule.ts";
import { parseBrowseTreeCsv } from "../../../build/content/browse_tree_reader.ts";
import { parseMappingTable } from "../../../build/content/mapping_table_reader.ts";
import { smallCodes } from "./mapping_test_support.ts";

// Snacks (1) > Crackers (2) > Toast (3), Rice Crackers (4); Snacks > Mixes (5) > Baking Mix (6).
const TREE = `node_id,parent_node_id,node_name
1,,Snacks
2,1,Crackers
3,2,Toast
4,2,Rice Crackers
5,1,Mixes
6,5,Baking Mix
`;
const { tree } = parseBrowseTreeCsv(TREE, "tree.csv");
const codes = smallCodes();

function flagsOf(rows: string) {
  const table = parseMappingTable(
    `# map_version: 1\nbrowse_id,gpc_code,match_precision,assurance_state,note\n${rows}`,
    "table.csv",
    tree,
  );
  const byId = new Map(table.rows.map((row) => [row.browse_id, row]));
  return Object.fromEntries(
    table.rows.map((row) => [row.browse_id, contentOutsideTarget(row, tree, byId, codes) ?? null]),
  );
}

Deno.test("content rule: a narrowerThan parent whose descendant maps outside its target is flagged, naming it", () => {
  const flags = flagsOf(
    "2,10000155,narrowerThan,verified,crackers\n3,10000164,narrowerThan,verified,toast\n" +
      "4,10000155,narrowerThan,verified,rice crackers\n",
  );
  assert.deepEqual(flags["2"], {
    kind: "content_outside_target",
    problem:
      'narrowerThan 10000155 claims everything under the node, but 1 descendant maps outside it: 3 "Toast" ' +
      "→ 10000164 brick 10000164",
    suggestion:
      "narrowerThan 50180000 family 50180000 (the lowest node holding the node's content), or closeMatch",
  });
  assert.deepEqual([flags["3"], flags["4"]], [null, null]);
});

Deno.test("content rule: a grandchild counts, and a descendant inside the target does not", () => {
  const flags = flagsOf(
    "1,50181700,exactMatch,verified,snacks\n2,10000155,narrowerThan,verified,crackers\n" +
      "6,10000164,narrowerThan,verified,bread mix\n",
  );
  assert.equal(flags["1"]?.kind, "content_outside_target");
  assert.match(
    flags["1"]!.problem,
    /^exactMatch 50181700 claims everything under the node, but 1 descendant maps outside it: 6 "Baking Mix"/,
  );
  assert.equal(flags["2"], null);
});

Deno.test("content rule: closeMatch and broaderThan claim nothing about the content and are not flagged", () => {
  const flags = flagsOf(
    "1,10000155,closeMatch,verified,snacks\n5,10000155,broaderThan,verified,mixes\n" +
      "3,10000164,narrowerThan,verified,toast\n6,10000164,narrowerThan,verified,bread mix\n",
  );
  assert.deepEqual([flags["1"], flags["5"]], [null, null]);
});
