/**
 * Acceptance floors of the curated content in data/: compiles the real browse tree, mapping table and
 * lexicon against the embedded GPC publication. Ignored until all of them exist (they are curated
 * separately) and while the publication is not XML (this test reads GPC with the test helper's XML pass).
 */
import assert from "node:assert/strict";
import { findBuildInputs } from "../build/build_inputs.ts";
import { parseBrowseTreeFile } from "../build/google_taxonomy_reader.ts";
import { ancestorsOf } from "../build/browse_tree.ts";
import { parseMappingTable } from "../build/mapping_table_reader.ts";
import { compileBrowseRecords } from "../build/mapping_inheritance.ts";
import { mappingCoverage } from "../build/mapping_coverage.ts";
import { parseLexicon } from "../build/lexicon_reader.ts";
import { normalisePhrase } from "../src/phrase_normalise.ts";
import { gpcCodesFromXml } from "./mapping_test_support.ts";

const DATA = new URL("../data", import.meta.url).pathname;

/** Everyday grocery phrases a shopper types, within the families of the embedded GPC publication. */
const EVERYDAY_PHRASES = [
  "bread",
  "bagels",
  "croissants",
  "muffins",
  "cookies",
  "crackers",
  "cake",
  "pie",
  "pizza",
  "cake mix",
  "flour",
  "rice",
  "oats",
  "breakfast cereal",
  "granola bars",
  "protein bars",
  "olive oil",
  "vegetable oil",
  "baby formula",
  "baby food",
];

/** Misspellings and products nobody lists: certain-or-blank means no record for any of them. */
const NOT_IN_LEXICON = [
  "breadd",
  "bred",
  "cookeis",
  "olive oyl",
  "flower",
  "quantum widget",
  "bread bread",
  "b r e a d",
];

function inputs() {
  try {
    const found = findBuildInputs(DATA);
    const ready = found.browseTree && found.mappingTable && found.lexicon && found.gpc.endsWith(".xml");
    return ready ? found : undefined;
  } catch {
    return undefined;
  }
}

const found = inputs();

Deno.test({
  name: "curated content: the mapping and lexicon meet the acceptance floors on the real tree",
  ignore: found === undefined,
  fn: async () => {
    const { browseTree, mappingTable, lexicon, gpc } = found!;
    const { tree } = parseBrowseTreeFile(await Deno.readTextFile(browseTree!.path), browseTree!.path);
    const codes = gpcCodesFromXml(gpc);
    const table = parseMappingTable(await Deno.readTextFile(mappingTable!), mappingTable!, tree);
    const { records, stale_rows } = compileBrowseRecords(tree, table, codes);
    const coverage = mappingCoverage(records, stale_rows);
    assert.ok(coverage.self >= 150, `self ${coverage.self}`);
    assert.ok(coverage.resolved_ratio >= 0.95, `resolved ${coverage.resolved_ratio}`);
    assert.ok(coverage.by_level.brick >= 100, `brick level ${coverage.by_level.brick}`);
    for (const [id, record] of records) {
      if (record.inherited_from !== null) {
        assert.ok(ancestorsOf(tree, id).includes(record.inherited_from), id);
      }
    }
    const phrases = parseLexicon(await Deno.readTextFile(lexicon!), lexicon!, codes).records;
    for (const phrase of EVERYDAY_PHRASES) {
      const bricks = phrases.get(normalisePhrase(phrase))?.gpc ?? [];
      assert.ok(bricks.length > 0 && bricks.every((node) => node.level === "brick"), phrase);
    }
    for (const phrase of NOT_IN_LEXICON) {
      assert.equal(phrases.get(normalisePhrase(phrase)), undefined, phrase);
    }
  },
});
