import assert from "node:assert/strict";
import { readSnapshot } from "../../../build/catalog/catalog_snapshot_reader.ts";
import { buildCountryCatalog } from "../../../build/catalog/catalog_model.ts";
import { retailerQuality } from "../../../build/catalog/retailer_quality.ts";
import { ANALYTICS_CA, FIXTURE_THRESHOLDS } from "../../support/catalog_fixture.ts";

Deno.test("retailer quality: stale when 7+ days behind, sparse when thin, ok otherwise", async () => {
  const catalog = await buildCountryCatalog("ca", [await readSnapshot(ANALYTICS_CA)]);
  const rows = retailerQuality(catalog, FIXTURE_THRESHOLDS).sort((a, b) => a.name.localeCompare(b.name));
  assert.deepEqual(rows, [
    {
      name: "Alpha Mart",
      country: "ca",
      quality_status: "ok",
      serving_eligible: true,
      observations: 4,
      products: 4,
      latest_observed_at: "2025-12-16T00:00:00Z",
      days_behind: 1,
      category_share: 0.6667,
    },
    {
      name: "Beta Foods",
      country: "ca",
      quality_status: "ok",
      serving_eligible: true,
      observations: 5,
      products: 3,
      latest_observed_at: "2025-12-16T00:00:00Z",
      days_behind: 1,
      category_share: 0.3333,
    },
    {
      name: "Delta Stale",
      country: "ca",
      quality_status: "stale",
      serving_eligible: false,
      observations: 1,
      products: 1,
      latest_observed_at: "2025-12-01T00:00:00Z",
      days_behind: 16,
      category_share: 0.3333,
    },
    {
      name: "Gamma Liquor",
      country: "ca",
      quality_status: "sparse",
      serving_eligible: false,
      observations: 1,
      products: 1,
      latest_observed_at: "2025-12-17T00:00:00Z",
      days_behind: 0,
      category_share: 0.3333,
    },
  ]);
});

Deno.test("on the embedded Calgary data the liquor store is sparse and every other retailer is eligible", async () => {
  const catalog = await buildCountryCatalog("ca", [await readSnapshot("data/catalog/ca_calgary_flyers.csv")]);
  const held = retailerQuality(catalog).filter((q) => !q.serving_eligible);
  assert.deepEqual(held.map((q) => [q.name, q.quality_status, q.observations]), [
    ["Sobeys & Safeway Liquor", "sparse", 43],
  ]);
});
