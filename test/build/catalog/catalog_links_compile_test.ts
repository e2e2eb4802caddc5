import assert from "node:assert/strict";
import { compileCatalogLinks } from "../../../build/catalog/catalog_links_compile.ts";
import { compileCatalog } from "../../../build/catalog/catalog_stats.ts";
import { readGpc } from "../../../build/gpc/gpc_read.ts";
import { compileGpc } from "../../../build/gpc/gpc_compile.ts";

const catalog = await compileCatalog([
  "data/catalog/ca_calgary_flyers.csv",
  "data/catalog/us_generated_2022.csv",
]);
const codes =
  compileGpc(await readGpc("data/gpc/gpc-v20251127-GB-hierarchy-only-with-AR-columns.xlsx")).codes;

Deno.test("the embedded catalog reports its unit conversions, category links and official series links", async () => {
  const tables = ["data/catalog/category_gpc.csv", "data/catalog/official_series.csv"];
  const { lines, counts, categoryLinks } = await compileCatalogLinks("data/catalog", tables, catalog, codes);
  assert.deepEqual([categoryLinks.get("us")?.length, categoryLinks.get("ca")?.length], [72, 993]);
  assert.deepEqual(counts, { catalog_categories_linked: 1065, catalog_official_series_linked: 265 });
  assert.deepEqual(lines, [
    "unit prices of data/catalog/ca_calgary_flyers.csv: 787 exact, 0 derived, 7573 unknown " +
    "(656 of unstated price basis)",
    "unit prices of data/catalog/us_generated_2022.csv: 15285 exact, 2762 derived, 792 unknown " +
    "(0 of unstated price basis)",
    "categories us: 72 linked to GPC (18839 observations), 0 unlinked",
    "categories ca: 993 linked to GPC (8093 observations), 9 unlinked, most observed: Household & Personal " +
    "(166), Health (48), Other (45), Pantry > Party Supplies (3), Baby > Baby Needs (1)",
    "official series us: 155 of 155 linked",
    "official series ca: 110 of 110 linked",
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
