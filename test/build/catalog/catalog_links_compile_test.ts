import assert from "node:assert/strict";
import { compileCatalogLinks } from "../../../build/catalog/catalog_links_compile.ts";
import { compileCatalog } from "../../../build/catalog/catalog_stats.ts";
import { readGpc } from "../../../build/gpc/gpc_read.ts";
import { compileGpc } from "../../../build/gpc/gpc_compile.ts";

const catalog = await compileCatalog([
  "data/catalog/ca_calgary_flyers.csv",
  "data/catalog/us_generated_2022.csv",
]);
const codes = compileGpc(await readGpc("data/gpc/gpc-en-v20241202-excerpt-seg50-four-families.xml")).codes;

Deno.test("the embedded catalog reports its unit conversions, category links and official series links", async () => {
  const tables = ["data/catalog/category_gpc.csv", "data/catalog/official_series.csv"];
  const { lines, counts, categoryLinks } = await compileCatalogLinks("data/catalog", tables, catalog, codes);
  assert.deepEqual([categoryLinks.get("us")?.length, categoryLinks.get("ca")?.length], [12, 210]);
  assert.deepEqual(counts, { catalog_categories_linked: 222, catalog_official_series_linked: 137 });
  assert.deepEqual(lines, [
    "unit prices of data/catalog/ca_calgary_flyers.csv: 787 exact, 0 derived, 7573 unknown " +
    "(656 of unstated price basis)",
    "unit prices of data/catalog/us_generated_2022.csv: 15285 exact, 2762 derived, 792 unknown " +
    "(0 of unstated price basis)",
    "categories us: 12 linked to GPC (5447 observations), 60 unlinked, most observed: Pantry > Canned Vegetables " +
    "(2390), Frozen > Vegetables (1409), Pantry > Canned Fruit (1289), Pantry > Dried Beans (796), Pantry > " +
    "Dried Fruit (673)",
    "categories ca: 210 linked to GPC (1878 observations), 792 unlinked, most observed: Pantry (275), Dairy & " +
    "Eggs > Cheese Premium (179), Household & Personal (166), Meat & Seafood (148), Beverages (127)",
    "official series us: 66 of 155 linked",
    "official series ca: 71 of 110 linked",
  ]);
});

Deno.test("without tables nothing is linked and only the unit conversions are printed", async () => {
  const { lines, counts, report, categoryLinks } = await compileCatalogLinks(
    "data/catalog",
    [],
    catalog,
    codes,
  );
  assert.deepEqual([counts, report, categoryLinks.size], [{}, {}, 0]);
  assert.equal(lines.length, 2);
});
