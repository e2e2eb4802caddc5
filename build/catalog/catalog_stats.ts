/**
 * The catalog statistics served by GET /v1/public/stats, computed once at build time from every snapshot.
 *
 * What each figure counts (names compare by `nameKey`: case, spacing, ®/™ and apostrophe style aside; a
 * product is a name of a brand at one pack size, as the analytics count it: catalog_rows.ts):
 * - observations.total: observations across all snapshots, a repeated row (the same listing at the same
 *   instant and price) counted once;
 * - products.unique: distinct (brand, product, pack) across countries ("" is the unknown brand);
 * - products.listings: distinct (retailer, brand, product, pack, country);
 * - retailers.total: distinct retailer names, case-insensitive as retailer values are in the interface;
 * - brands.total: distinct non-empty brands;
 * - categories.*: the tree formed by the union of category paths (see catalog_category_tree.ts);
 * - last_updated: the latest observed_at, ISO 8601 UTC with `Z`;
 * - generated: the observations of snapshots marked generated (not observed prices) and their countries.
 * The per-file report adds how many observations have an exact, derived or unknown unit price.
 */
import { BuildError } from "../input/build_error.ts";
import type { CatalogStats } from "../../src/format/catalog_records.ts";
import { type CatalogCountry, type CatalogSnapshot, readSnapshot } from "./catalog_snapshot_reader.ts";
import { categoryTreeFigures } from "./catalog_category_tree.ts";
import { nameKey } from "../../src/format/name_key.ts";
import { formatUtc } from "./catalog_observed_at.ts";
import { type PackSize, type UnitConversionCounts, unitConversionCounts } from "./pack_size.ts";
import { rowIdentity } from "./catalog_rows.ts";
import { rate } from "./catalog_figures.ts";

/** What one snapshot contributed, for the build's summary. */
export interface CatalogFileReport {
  readonly file: string;
  readonly country: CatalogCountry;
  /** True when the snapshot says it is generated rather than observed. */
  readonly generated: boolean;
  readonly observations: number;
  readonly listings: number;
  readonly retailers: number;
  /** Observations with a non-empty brand. */
  readonly branded: number;
  readonly first_observed: string;
  readonly last_observed: string;
  /** Observations whose unit price is exact, derived or unknown (unit_size.ts). */
  readonly unit_conversion: UnitConversionCounts;
}

/** The compiled catalog: the stats record, a per-file report, and the validated observations for analytics. */
export interface CompiledCatalog {
  readonly stats: CatalogStats;
  readonly report: { readonly files: readonly CatalogFileReport[] };
  readonly snapshots: readonly CatalogSnapshot[];
}

/** Reads and validates every snapshot in `files` (in the given order) and computes the catalog statistics. */
export async function compileCatalog(files: string[]): Promise<CompiledCatalog> {
  const snapshots: CatalogSnapshot[] = [];
  for (const file of files) snapshots.push(await readSnapshot(file));
  return { stats: catalogStats(snapshots), report: { files: snapshots.map(fileReport) }, snapshots };
}

/** The stats of a set of snapshots; a BuildError when they hold no observation at all. */
export function catalogStats(snapshots: readonly CatalogSnapshot[]): CatalogStats {
  const products = new Set<string>();
  const listings = new Set<string>();
  const retailers = new Set<string>();
  const brands = new Set<string>();
  const observed = new Set<string>();
  const packs = new Map<string, PackSize>();
  const generatedCountries = new Set<string>();
  let generated = 0;
  let latest = Number.NEGATIVE_INFINITY;
  for (const snapshot of snapshots) {
    const before = observed.size;
    for (const row of snapshot.observations) {
      const product = rowIdentity(row, packs).productKey;
      const listing = `${nameKey(row.retailer)}\u001f${product}\u001f${row.country}`;
      products.add(product);
      listings.add(listing);
      observed.add(`${listing}\u001f${row.observed_at}\u001f${row.price}`);
      retailers.add(nameKey(row.retailer));
      if (row.brand !== "") brands.add(nameKey(row.brand));
      latest = Math.max(latest, row.observed_at);
    }
    if (snapshot.metadata.generated !== undefined) {
      generated += observed.size - before;
      generatedCountries.add(snapshot.metadata.country);
    }
  }
  const observations = observed.size;
  if (observations === 0) {
    throw new BuildError(
      snapshots.map((s) => s.file).join(", ") || "catalog",
      "snapshots",
      "hold no observation",
    );
  }
  const tree = categoryTreeFigures(snapshots.flatMap((s) => s.observations.map((row) => row.category)));
  return {
    products: { unique: products.size, listings: listings.size },
    categories: { total: tree.total, leaves: tree.leaves, max_depth: tree.max_depth },
    retailers: { total: retailers.size },
    brands: { total: brands.size },
    observations: { total: observations },
    last_updated: formatUtc(latest),
    generated: {
      observations: generated,
      share: rate(generated / observations)!,
      countries: [...generatedCountries].sort(),
    },
  };
}

function fileReport(snapshot: CatalogSnapshot): CatalogFileReport {
  const listings = new Set<string>();
  const retailers = new Set<string>();
  const packs = new Map<string, PackSize>();
  let first = Number.POSITIVE_INFINITY, last = Number.NEGATIVE_INFINITY, branded = 0;
  for (const row of snapshot.observations) {
    listings.add(`${nameKey(row.retailer)}\u001f${rowIdentity(row, packs).productKey}`);
    retailers.add(nameKey(row.retailer));
    if (row.brand !== "") branded++;
    first = Math.min(first, row.observed_at);
    last = Math.max(last, row.observed_at);
  }
  return {
    file: snapshot.file,
    country: snapshot.metadata.country,
    generated: snapshot.metadata.generated !== undefined,
    observations: snapshot.observations.length,
    listings: listings.size,
    retailers: retailers.size,
    branded,
    first_observed: formatUtc(first),
    last_observed: formatUtc(last),
    unit_conversion: unitConversionCounts(snapshot.observations),
  };
}

if (import.meta.main) {
  // Prints the stats and per-file report of the snapshots named on the command line, as the build would compute them.
  try {
    const { stats, report } = await compileCatalog(Deno.args);
    console.log(JSON.stringify({ stats, report }, null, 2));
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    console.error(error.message);
    Deno.exit(1);
  }
}
