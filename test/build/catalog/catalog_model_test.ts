import assert from "node:assert/strict";
import { readSnapshot } from "../../../build/catalog/catalog_snapshot_reader.ts";
import { buildCountryCatalog, CONVERSIONS, DAY_MS } from "../../../build/catalog/catalog_model.ts";
import { ANALYTICS_CA } from "../../support/catalog_fixture.ts";

const catalog = await buildCountryCatalog("ca", [await readSnapshot(ANALYTICS_CA)]);
const productNamed = (name: string) => catalog.products.findIndex((p) => p.name === name);
const retailerNamed = (name: string) => catalog.retailers.findIndex((r) => r.name === name);
const listingOf = (product: string, retailer: string) =>
  catalog.listings.find((l) =>
    l.product === productNamed(product) && l.retailer === retailerNamed(retailer)
  )!;

Deno.test("the model counts retailers, products and listings of the country by name key", () => {
  assert.deepEqual(catalog.retailers.map((r) => r.name).sort(), [
    "Alpha Mart",
    "Beta Foods",
    "Delta Stale",
    "Gamma Liquor",
  ]);
  assert.equal(catalog.products.length, 7);
  assert.equal(catalog.listings.length, 9);
  assert.equal(catalog.obs.time.length, 11);
});

Deno.test("the current window is the 14 days up to the country's latest observation", () => {
  assert.equal(catalog.latest, Date.UTC(2025, 11, 17));
  assert.equal(catalog.currentFrom, Date.UTC(2025, 11, 17) - 14 * DAY_MS);
});

Deno.test("a price three times its product's median is an outlier, kept out of the current price", () => {
  // Choco Chips: 3.00, 3.00, 9.50 → median 3.00; 9.50 ≥ 9.00.
  assert.equal(catalog.outliers, 1);
  const observations = [...listingOf("Choco Chips", "Beta Foods").observations];
  // Observations are numbered in time order: Nov 20 (f-04) comes first, then Nov 25 (f-06), ...
  const outliers = observations.filter((i) => catalog.obs.outlier[i] === 1).map((i) => catalog.obs.price[i]);
  assert.deepEqual(outliers, [9.5]);
  const current = listingOf("Choco Chips", "Beta Foods").current;
  assert.equal(catalog.obs.price[current], 3);
  assert.equal(catalog.obs.time[current], Date.UTC(2025, 11, 5));
});

Deno.test("a listing whose latest observation is older than the window has no current price", () => {
  assert.equal(listingOf("Sunny Whole Wheat", "Beta Foods").current, -1);
  assert.equal(listingOf("Sunny White Bread 675 G", "Delta Stale").current, -1);
  assert.notEqual(listingOf("Sunny White Bread 675 G", "Alpha Mart").current, -1);
});

Deno.test("products keep their brand; the unbranded one has an empty brand; ids are stable hashes", () => {
  const rye = catalog.products[productNamed("Rye Loaf")]!;
  assert.equal(rye.brand, "");
  assert.equal(catalog.products[productNamed("Choco Chips")]!.brand, "Crunch");
  assert.match(rye.id, /^p[0-9a-f]{12}$/);
  assert.equal(new Set(catalog.products.map((p) => p.id)).size, catalog.products.length);
});

Deno.test("every prefix of a category path is a node and a listing sits in its latest category", () => {
  assert.deepEqual(catalog.nodes.map((n) => n.path), [
    "Bakery",
    "Bakery > Bread",
    "Bakery > Cookies",
    "Liquor",
    "Liquor > Wine",
    "Pantry",
    "Pantry > Oil",
  ]);
  assert.equal(catalog.nodes[listingOf("Rye Loaf", "Alpha Mart").node]!.path, "Bakery > Bread");
});

Deno.test("each observation carries its unit size: a stated size is exact, none is unknown", () => {
  const oil = listingOf("Olive Oil 1 L", "Alpha Mart").observations[0]!;
  const rye = listingOf("Rye Loaf", "Alpha Mart").observations[0]!;
  assert.equal(CONVERSIONS[catalog.obs.conversion[rye]!], "unknown");
  assert.ok(Number.isNaN(catalog.obs.quantity[rye]));
  assert.equal(CONVERSIONS[catalog.obs.conversion[oil]!], "exact");
  assert.equal(catalog.obs.quantity[oil], 1);
});
