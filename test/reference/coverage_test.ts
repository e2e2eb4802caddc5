/**
 * The content of the embedded default through its own answers: the Amazon grocery tree at brick level and
 * never answered as food outside food, and the lexicon over every segment. Prints the figures
 * (docs/data-and-curation.md quotes them); `deno task coverage` runs this file and google_tree_test.ts.
 */
import assert from "node:assert/strict";
import { embeddedService } from "../support/embedded_service.ts";
import {
  catalogLinkFigures,
  lexiconFigures,
  lexiconPhrases,
  treeFigures,
  treeIds,
} from "./coverage_figures.ts";

const TREE = "data/browse/amazon-us-grocery/amazon_us_grocery_nodes_with_parents.csv";
const PUBLICATION = "data/gpc/gpc-v20251127-GB-hierarchy-only-with-AR-columns.xlsx";
const service = await embeddedService();
globalThis.addEventListener("unload", () => service.close());
const { ids, children } = treeIds(TREE);
const tree = await treeFigures(service, ids);
const lexicon = await lexiconFigures(service, lexiconPhrases("data/lexicon"), PUBLICATION);
const links = await catalogLinkFigures(service, "data/catalog/ca_calgary_flyers.csv", "ca");

const percent = (part: number, whole: number) => `${(100 * part / whole).toFixed(1)} %`;
console.log(
  [
    `Amazon US grocery tree: ${tree.nodes} nodes`,
    ...Object.entries(tree.by_level).map(([level, n]) =>
      `  answer at ${level}: ${n} (${percent(n, tree.nodes)})`
    ),
    `  answered outside Food/Beverage: ${JSON.stringify(tree.outside_food)}`,
    `Lexicon: ${lexicon.phrases} phrases, ${lexicon.answered} answering; ${lexicon.bricks_reached} of ` +
    `${lexicon.bricks_total} bricks reached (${percent(lexicon.bricks_reached, lexicon.bricks_total)})`,
    ...Object.entries(lexicon.by_segment).sort(([a], [b]) => a < b ? -1 : 1).map(([segment, n]) =>
      `  ${segment}: ${n.reached} of ${n.total}`
    ),
    `Catalog (ca): ${links.linked_categories} of ${links.categories} observed categories linked to GPC; ` +
    `${links.linked_listings} of ${links.listings} listings (${
      percent(links.linked_listings, links.listings)
    }), ` +
    `${links.linked_observations} of ${links.observations} observations ` +
    `(${percent(links.linked_observations, links.observations)}) in a linked category`,
  ].join("\n"),
);

/** A node and everything under it. */
function subtree(id: string): string[] {
  return [id, ...(children.get(id) ?? []).flatMap(subtree)];
}

Deno.test("coverage: at least 80 % of the Amazon grocery nodes answer a brick, at most 5 % only a segment", () => {
  assert.equal(tree.nodes, 1342);
  assert.ok(tree.by_level.brick >= 0.8 * tree.nodes, `${tree.by_level.brick} at brick level`);
  assert.ok(
    tree.by_level.segment + tree.by_level.null <= 0.05 * tree.nodes,
    `${tree.by_level.segment} segment`,
  );
});

Deno.test("coverage: fresh flowers and live plants answer Horticulture Plants, fresh wreaths Seasonal Decorations, never Food/Beverage", () => {
  const flowers = subtree("3745171");
  assert.equal(flowers.length, 23);
  for (const id of flowers) {
    // Fresh Wreaths: WREATH is a Type of Seasonal Decoration (segment Household/Office Furniture/Furnishings).
    const segment = id === "6559012011" ? "Household/Office Furniture/Furnishings" : "Horticulture Plants";
    assert.equal(tree.answers.get(id)?.gpc?.segment, segment, id);
  }
});

Deno.test("coverage: birthday candles, cake toppers and cupcake toppers do not answer as food", () => {
  const names = ["Birthday Candles", "Cake Toppers", "Cupcake Toppers"];
  const rows = Deno.readTextFileSync(TREE).split("\n").filter((line) =>
    names.some((n) => line.includes(`,${n},`))
  );
  assert.equal(rows.length, 3);
  for (const row of rows) {
    const id = row.split(",")[0]!;
    assert.notEqual(tree.answers.get(id)?.gpc?.segment, "Food/Beverage", row);
    assert.notEqual(tree.answers.get(id)?.gpc, null, row);
  }
});

Deno.test("coverage: the lexicon has at least 10,000 phrases and reaches at least 95 % of the bricks", () => {
  assert.ok(lexicon.phrases >= 10_000, `${lexicon.phrases} phrases`);
  assert.equal(lexicon.answered, lexicon.phrases);
  assert.equal(lexicon.bricks_total, 5306);
  assert.ok(lexicon.bricks_reached >= 0.95 * lexicon.bricks_total, `${lexicon.bricks_reached} bricks`);
});

Deno.test("coverage: at least 80 % of the observed Canadian listings sit in a category linked to a GPC node", () => {
  assert.ok(links.linked_listings >= 0.8 * links.listings, `${links.linked_listings} of ${links.listings}`);
});
