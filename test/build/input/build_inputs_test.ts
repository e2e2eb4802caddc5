import assert from "node:assert/strict";
import { findBuildInputs } from "../../../build/input/build_inputs.ts";

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
