/**
 * Acceptance floors of the curated content in data/, checked through a real build and the store: the
 * Amazon grocery tree, the mapping table and the lexicon compiled against the embedded GPC publication.
 */
import assert from "node:assert/strict";
import { tempDir } from "../../support/temp_dir.ts";
import { buildDist } from "../../../build/build_dist.ts";
import { recordingProgress } from "../../../build/progress.ts";
import { parseBrowseTreeFile } from "../../../build/content/google_taxonomy_reader.ts";
import { ancestorsOf } from "../../../build/content/browse_tree.ts";
import { openStore } from "../../../src/store/store.ts";
import { normalisePhrase } from "../../../src/format/phrase_normalise.ts";

const TREE = "data/browse/amazon-us-grocery/amazon_us_grocery_nodes_with_parents.csv";

/** Everyday grocery phrases a shopper types, within the families of the embedded GPC publication. */
const EVERYDAY_PHRASES = [
  "bread",
  "bagels",
  "spaghetti",
  "tortillas",
  "cookies",
  "crackers",
  "cake",
  "apple pie",
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

Deno.test("curated content: the mapping and lexicon meet the acceptance floors on the real tree", async () => {
  const out = await tempDir("acceptance-dist-");
  const build = await buildDist("data", out, recordingProgress());
  const coverage = build.manifest.releases[0]!.coverage as {
    nodes: number;
    self: number;
    unmapped: number;
    resolved_ratio: number;
    by_level: { brick: number };
  };
  assert.equal(coverage.nodes, 1342);
  assert.ok(coverage.self >= 150, `self ${coverage.self}`);
  assert.ok(coverage.resolved_ratio >= 0.95, `resolved ${coverage.resolved_ratio}`);
  assert.ok(coverage.by_level.brick >= 100, `brick level ${coverage.by_level.brick}`);

  const { tree } = parseBrowseTreeFile(await Deno.readTextFile(TREE), TREE);
  const store = openStore(out);
  try {
    let resolved = 0;
    let atBrick = 0;
    for (const id of tree.nodes.keys()) {
      const record = store.browse(id);
      assert.ok(record !== undefined, `node ${id} has no record`);
      if (record.gpc !== null) resolved++;
      if (record.gpc?.level === "brick") atBrick++;
      if (record.match_source === "inherited") {
        assert.ok(ancestorsOf(tree, id).includes(record.inherited_from!), `${id} ← ${record.inherited_from}`);
      } else {
        assert.equal(record.inherited_from, null);
      }
    }
    // The store's answers agree with the build's own coverage report.
    assert.equal(resolved, coverage.nodes - coverage.unmapped);
    assert.equal(atBrick, coverage.by_level.brick);
    for (const phrase of EVERYDAY_PHRASES) {
      const bricks = store.phrase(normalisePhrase(phrase))?.gpc ?? [];
      assert.ok(bricks.length > 0, `${phrase} resolves to nothing`);
      for (const node of bricks) {
        assert.equal(node.level, "brick", phrase);
        assert.equal(store.code(node.code)?.kind, "brick", phrase);
      }
    }
    for (const phrase of NOT_IN_LEXICON) {
      assert.equal(store.phrase(normalisePhrase(phrase)), undefined, phrase);
    }
  } finally {
    store.close();
  }
});
