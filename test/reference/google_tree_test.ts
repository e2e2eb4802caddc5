/**
 * The Google Product Taxonomy crosswalk through the service: the tree the build derives from the curated
 * table's paths is Google's own taxonomy (compared with the published file in ../shared, which CI has), every
 * one of its 5,595 categories is asked through classify?tree=google (figures printed: `deno task coverage`
 * prints them too), and twenty-two everyday categories chosen before curating answer their GPC node.
 */
import assert from "node:assert/strict";
import { parseGoogleTaxonomy } from "../../build/content/google_taxonomy_reader.ts";
import { treeOfPathTable } from "../../build/content/path_tree.ts";
import { embeddedService } from "../support/embedded_service.ts";
import { treeFigures } from "./coverage_figures.ts";
import { GOOGLE_EVERYDAY_CATEGORIES } from "./google_everyday_categories.ts";

const TABLE = "data/mappings/google-product-taxonomy.csv";
const PUBLISHED = "../shared/data/google-product-taxonomy/taxonomy-with-ids.en-US.txt";
const published = await Deno.readTextFile(PUBLISHED).catch(() => undefined);

const derived = treeOfPathTable(await Deno.readTextFile(TABLE), TABLE);
const service = await embeddedService();
globalThis.addEventListener("unload", () => service.close());
const figures = await treeFigures(service, [...derived.nodes.keys()], "google");
const percent = (part: number) => `${(100 * part / figures.nodes).toFixed(1)} %`;
console.log(
  [
    `Google Product Taxonomy (tree=google): ${figures.nodes} categories`,
    `  resolved (own or inherited): ${figures.nodes - figures.by_level.null} (${
      percent(figures.nodes - figures.by_level.null)
    })`,
    ...Object.entries(figures.by_level).map(([level, n]) => `  answer at ${level}: ${n} (${percent(n)})`),
  ].join("\n"),
);

/** A tree as comparable data: each node's name and parents, by id. */
const shape = (tree: typeof derived) =>
  Object.fromEntries([...tree.nodes].map(([id, node]) => [id, [node.name, node.parents]]));

Deno.test({
  name: "the tree derived from the crosswalk's paths is Google's published taxonomy: ids, names and parents",
  ignore: published === undefined && Deno.env.get("CI") !== "true",
  fn: () => {
    const google = parseGoogleTaxonomy(published!, PUBLISHED).tree;
    assert.equal(google.nodes.size, 5595);
    assert.deepEqual(shape(derived), shape(google));
    assert.deepEqual(derived.roots, google.roots);
  },
});

Deno.test("at least 95 % of the Google categories resolve through classify, at least 60 % at brick level", () => {
  assert.equal(figures.nodes, 5595);
  assert.ok(figures.nodes - figures.by_level.null >= 0.95 * figures.nodes, `${figures.by_level.null} null`);
  assert.ok(figures.by_level.brick >= 0.6 * figures.nodes, `${figures.by_level.brick} at brick level`);
});

for (const { id, name, gpc } of GOOGLE_EVERYDAY_CATEGORIES) {
  Deno.test(`Google category ${id} ${name} answers GPC ${gpc}`, () => {
    assert.equal(figures.answers.get(id)?.gpc?.code, gpc);
  });
}
