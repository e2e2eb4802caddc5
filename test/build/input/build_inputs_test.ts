import assert from "node:assert/strict";
import { findBuildInputs, inputPaths } from "../../../build/input/build_inputs.ts";
import { copyOfData } from "../../support/data_copy.ts";

Deno.test("the catalog's curated tables and official price files are inputs, not snapshots", () => {
  const inputs = findBuildInputs("data");
  assert.deepEqual(inputs.catalog, [
    "data/catalog/ca_calgary_flyers.csv",
    "data/catalog/us_generated_2022.csv",
  ]);
  assert.deepEqual(inputs.catalogTables, [
    "data/catalog/category_gpc.csv",
    "data/catalog/official_series.csv",
  ]);
  assert.deepEqual(inputs.officialPrices, [
    "data/catalog/sources/statcan/statcan_18-10-0245-01_alberta_2025-01_to_2025-10.csv",
    "data/catalog/sources/statcan/statcan_18-10-0245-01_canada_2022.csv",
    "data/catalog/sources/usda_ers/usda_ers_fruit_prices_2022.csv",
    "data/catalog/sources/usda_ers/usda_ers_vegetable_prices_2022.csv",
  ]);
});

Deno.test("a tree folder's tree files are all inputs, by name, licences and notes aside", async () => {
  const dir = await copyOfData(["gpc"]);
  const folder = `${dir}/browse/amazon-us`;
  await Deno.mkdir(folder, { recursive: true });
  for (const name of ["grocery.xlsx", "baby.csv", "beauty.xls", "LICENSE.txt", "SOURCE.md"]) {
    await Deno.writeTextFile(`${folder}/${name}`, "");
  }
  const inputs = findBuildInputs(dir);
  assert.deepEqual(inputs.browseTrees, [{
    name: "amazon-us",
    folder,
    files: [`${folder}/baby.csv`, `${folder}/beauty.xls`, `${folder}/grocery.xlsx`],
  }]);
  assert.deepEqual(inputPaths(inputs), [...inputs.gpc, ...inputs.browseTrees[0]!.files]);
});

Deno.test("a tree folder without a tree file names the extensions it looks for", async () => {
  const dir = await copyOfData(["gpc"]);
  await Deno.mkdir(`${dir}/browse/empty`, { recursive: true });
  assert.throws(() => findBuildInputs(dir), {
    name: "BuildError",
    message: `${dir}/browse/empty: folder: holds no browse tree file (.csv, .txt, .xlsx, .xls)`,
  });
});
