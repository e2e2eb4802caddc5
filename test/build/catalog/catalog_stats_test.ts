import assert from "node:assert/strict";
import { catalogStats, compileCatalog } from "../../../build/catalog/catalog_stats.ts";
import { categoryTreeFigures } from "../../../build/catalog/catalog_category_tree.ts";
import { nameKey } from "../../../src/format/name_key.ts";
import { BuildError } from "../../../build/input/build_error.ts";
import { parseSnapshot } from "../../../build/catalog/catalog_snapshot_reader.ts";

const fixtures = "test/build/catalog/fixtures";

Deno.test("the stats of the two fixture snapshots count names once whatever their spelling", async () => {
  const { stats } = await compileCatalog([`${fixtures}/stats_ca.csv`, `${fixtures}/stats_us.csv`]);
  assert.deepEqual(stats, {
    // (Farmer's Market, Cookies), (unknown, Cookies), (Dempster's, Bread), (unknown, Apples (Fresh)).
    products: { unique: 4, listings: 7 },
    // Baked Goods, > Cookies, Pantry, > Bread, Produce, > Fruit, > Fresh; leaves Cookies, Bread, Fresh.
    categories: { total: 7, leaves: 3, max_depth: 3 },
    // No Frills, Safeway (= SAFEWAY), Generated Market A.
    retailers: { total: 3 },
    brands: { total: 2 },
    observations: { total: 9 },
    // 2025-12-16T23:30:00-05:00 is later than the 2025-12-17 midnight of another row.
    last_updated: "2025-12-17T04:30:00Z",
    // stats_us.csv says it is generated: its 3 observations of 9.
    generated: { observations: 3, share: 0.3333, countries: ["us"] },
  });
});

Deno.test("a repeated row counts once, a pack stated apart makes another product", () => {
  const text = [
    "# snapshot_version: 2",
    "# country: ca",
    "# currency: CAD",
    "# source: test",
    "observation_id,product,brand,retailer,country,category,price,currency,observed_at,source_name",
    'r-1,Turkey,,No Frills,ca,Meat,18.00,CAD,2025-12-12,"TURKEY, 3-5 kg"',
    'r-2,Turkey,,No Frills,ca,Meat,35.00,CAD,2025-12-12,"TURKEY, 9-11 KG"',
    'r-3,Turkey,,No Frills,ca,Meat,35.00,CAD,2025-12-12,"TURKEY, 9-11 KG"',
    'r-4,Turkey,,No Frills,ca,Meat,18.00,CAD,2025-12-17,"TURKEY, 3-5 kg"',
  ].join("\n");
  const stats = catalogStats([parseSnapshot(text, "t.csv")]);
  // r-3 repeats r-2 (listing, instant, price); the two packs are two products, two listings.
  assert.deepEqual([stats.observations.total, stats.products.unique, stats.products.listings], [3, 2, 2]);
  assert.deepEqual(stats.generated, { observations: 0, share: 0, countries: [] });
});

Deno.test("the compile report gives each snapshot's own counts, dates and unit conversion kinds", async () => {
  const { report, snapshots } = await compileCatalog([
    `${fixtures}/stats_ca.csv`,
    `${fixtures}/stats_us.csv`,
  ]);
  assert.deepEqual(report.files, [
    {
      file: `${fixtures}/stats_ca.csv`,
      country: "ca",
      generated: false,
      observations: 6,
      listings: 4,
      retailers: 2,
      branded: 5,
      first_observed: "2025-12-01T00:00:00Z",
      last_observed: "2025-12-17T04:30:00Z",
      // No name states a size.
      unit_conversion: { exact: 0, derived: 0, unknown: 6, unstated_basis: 0 },
    },
    {
      file: `${fixtures}/stats_us.csv`,
      country: "us",
      generated: true,
      observations: 3,
      listings: 3,
      retailers: 2,
      branded: 1,
      first_observed: "2022-01-22T00:00:00Z",
      last_observed: "2022-03-01T00:00:00Z",
      // Apples priced per pound twice; cookies without a size.
      unit_conversion: { exact: 0, derived: 2, unknown: 1, unstated_basis: 0 },
    },
  ]);
  assert.equal(snapshots.map((s) => s.observations.length).join(","), "6,3");
});

Deno.test("the stats of one snapshot count its listings by country", async () => {
  const { stats } = await compileCatalog([`${fixtures}/stats_us.csv`]);
  assert.deepEqual(stats.products, { unique: 2, listings: 3 });
  assert.equal(stats.last_updated, "2022-03-01T00:00:00Z");
});

Deno.test("the stats of snapshots without observations are a BuildError", () => {
  assert.throws(() => catalogStats([]), (error: unknown) => error instanceof BuildError);
});

const trees: [string, string[][], { total: number; leaves: number; max_depth: number }][] = [
  ["an empty tree has no nodes and depth 0", [], { total: 0, leaves: 0, max_depth: 0 }],
  ["a root alone is a leaf at depth 1", [["Pantry"]], { total: 1, leaves: 1, max_depth: 1 }],
  ["a path's prefix is an intermediate node, not a leaf", [["Pantry", "Bread"], ["Pantry"]], {
    total: 2,
    leaves: 1,
    max_depth: 2,
  }],
  ["levels differing in case only are one node", [["Pantry", "Bread"], ["PANTRY", "bread"]], {
    total: 2,
    leaves: 1,
    max_depth: 2,
  }],
  ["one name under two parents is two nodes", [["Frozen", "Bread"], ["Pantry", "Bread"]], {
    total: 4,
    leaves: 2,
    max_depth: 2,
  }],
  ["the deepest path sets the depth", [["Produce", "Fruit", "Fresh"], ["Pantry"]], {
    total: 4,
    leaves: 2,
    max_depth: 3,
  }],
];

for (const [name, paths, figures] of trees) {
  Deno.test(`category tree: ${name}`, () => assert.deepEqual(categoryTreeFigures(paths), figures));
}

const keys: [string, string, string][] = [
  ["case and trademark marks", "Farmer’s Market™", "farmer's market"],
  ["accents", "Liberté", "liberte"],
  ["runs of spaces", "  No   Frills ", "no frills"],
  ["a mark between words", "PC®Black Figs", "pc black figs"],
];

for (const [what, name, key] of keys) {
  Deno.test(`a name's key ignores ${what}`, () => assert.equal(nameKey(name), key));
}
