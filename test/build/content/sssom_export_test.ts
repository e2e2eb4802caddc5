import assert from "node:assert/strict";
import {
  SSSOM_COLUMNS,
  SSSOM_CONFIDENCE,
  SSSOM_PREDICATE,
  type SssomOptions,
  sssomTsv,
} from "../../../build/content/sssom_export.ts";
import { parseBrowseTreeCsv } from "../../../build/content/browse_tree_reader.ts";
import { parseMappingTable } from "../../../build/content/mapping_table_reader.ts";
import { compileBrowseRecords } from "../../../build/content/mapping_inheritance.ts";
import { inheritanceScenario, smallCodes } from "./mapping_test_support.ts";

const OPTIONS: SssomOptions = {
  mapping_set_id: "https://example.org/mappings/fixture.sssom.tsv",
  license: "https://creativecommons.org/publicdomain/zero/1.0/",
  subject_prefix: "amzn",
  subject_prefix_iri: "https://www.amazon.com/b?node=",
  gpc_prefix_iri: "https://gpc.example/",
  gpc_release: "v20241202",
};

Deno.test("sssom export: the inheritance scenario exports exactly the reviewed golden file", () => {
  const { tree, table, compiled } = inheritanceScenario();
  const golden = Deno.readTextFileSync(new URL("./fixtures/inheritance.sssom.tsv", import.meta.url));
  const text = sssomTsv(tree, table, compiled.records, OPTIONS);
  assert.equal(text, golden);
  // Byte-identical for identical inputs: no clock, no map iteration surprises.
  assert.equal(sssomTsv(tree, table, compiled.records, OPTIONS), text);
  const lines = text.trimEnd().split("\n");
  assert.equal(lines.filter((line) => line.startsWith("#")).length, 10);
  assert.equal(lines[10], SSSOM_COLUMNS.join("\t"));
  // 19 resolved nodes, the 5 unmapped ones have no row, rows by numeric id (600 last).
  assert.equal(lines.length - 11, 19);
  assert.equal(lines[lines.length - 1]!.split("\t")[0], "amzn:600");
});

Deno.test("sssom export: the predicate of every precision, the inherited one being relatedMatch", () => {
  assert.deepEqual(SSSOM_PREDICATE, {
    exactMatch: "skos:exactMatch",
    narrowerThan: "skos:broadMatch",
    broaderThan: "skos:narrowMatch",
    closeMatch: "skos:closeMatch",
    inherited: "skos:relatedMatch",
  });
  assert.deepEqual(SSSOM_CONFIDENCE, { verified: "0.95", provisional: "0.75", stale: "0.5" });
});

Deno.test("sssom export: mapping_date is omitted unless the table states a YYYY-MM-DD date", () => {
  const { tree } = parseBrowseTreeCsv("node_id,parent_node_id,node_name\n1,,Tab\there\n", "t.csv");
  for (
    const [metadata, expected] of [["", 0], ["# mapping_date: soon\n", 0], [
      "# mapping_date: 2025-01-02\n",
      1,
    ]] as const
  ) {
    const table = parseMappingTable(
      `# map_version: 1\n${metadata}browse_id,gpc_code,match_precision,assurance_state,note\n1,50000000,exactMatch,verified,"two\nlines"\n`,
      "m.csv",
      tree,
    );
    const text = sssomTsv(tree, table, compileBrowseRecords(tree, table, smallCodes()).records, OPTIONS);
    assert.equal(text.split("\n").filter((line) => line.startsWith("#mapping_date:")).length, expected);
    // Tabs and line breaks inside values become spaces, so every row keeps 8 cells.
    assert.equal(
      text.trimEnd().split("\n").at(-1),
      "amzn:1\tTab here\tskos:exactMatch\tgpc:50000000\tsegment 50000000\tsemapv:ManualMappingCuration\t0.95\ttwo lines",
    );
  }
});
