/**
 * The catalog of one country as every analytic reads it: retailers, products, listings (a product at a
 * retailer), category nodes, and the observations in compact parallel arrays (a full-scale catalog holds a
 * million of them), each with its pack size, outlier and same-day flags, and every listing's offer at the
 * reference instant `asOf`, the country's latest observation (catalog_current.ts).
 *
 * Identity: names compare by `nameKey`. A product is (brand key, name key, pack key): a name of a brand at one
 * pack size (pack_size.ts); a listing is (retailer, product) and sits in the category node of its latest
 * observation. Every prefix of a category path is a node. Display names are the most frequent spelling
 * (ties: the earliest observation, then file order). Repeated scrapes count once (catalog_rows.ts).
 *
 * Retailers that are not serving-eligible (retailer_quality.ts) stay in the model, but `withoutRetailers`
 * takes their listings out of every market-wide figure: no current offer, not `eligible`.
 */
import { sha256Hex } from "../../src/format/sha256.ts";
import type { CatalogCountry, CatalogSnapshot } from "./catalog_snapshot_reader.ts";
import { buildCategoryNodes, type CategoryNode } from "./catalog_nodes.ts";
import type { PackSize } from "./pack_size.ts";
import { type ObservationColumns, readCatalogRows } from "./catalog_rows.ts";
import { DAY_MS, listingOffer, markAmbiguous, markOutliers } from "./catalog_current.ts";

/** Days before a country's latest observation that make its current period (brand tracker, deals). */
export const CURRENT_WINDOW_DAYS = 14;

export type { CategoryNode } from "./catalog_nodes.ts";
export { BASES, CONVERSIONS, type ObservationColumns, PRICE_BASES } from "./catalog_rows.ts";
export {
  DAY_MS,
  OUTLIER_FACTOR,
  OUTLIER_MIN_OBSERVATIONS,
  UNDATED_VALIDITY_DAYS,
} from "./catalog_current.ts";

/** A snapshot the country's data comes from, as answers name it in `meta.served_from`. */
export interface SnapshotSource {
  readonly snapshot: string;
  readonly kind: "observed" | "generated";
  readonly source: string;
  readonly observed_from: number;
  readonly observed_to: number;
  readonly observations: number;
}

/** A retailer of the country. */
export interface RetailerEntry {
  readonly key: string;
  readonly name: string;
}

/** A product of the country: a name of a brand at one pack size. */
export interface ProductEntry {
  readonly id: string;
  readonly name: string;
  /** Display brand; "" when unknown. */
  readonly brand: string;
  readonly brandKey: string;
  /** Its pack, as its first observation's texts state it. */
  readonly pack: PackSize;
}

/** A product at a retailer. */
export interface ListingEntry {
  readonly retailer: number;
  readonly product: number;
  /** Category node of its latest observation. */
  readonly node: number;
  /** Its observations (indices into `obs`), oldest first. */
  readonly observations: Int32Array;
  /** Its offer valid at asOf, or -1 (none, or expired, or its retailer is not eligible). */
  readonly current: number;
  /** Its latest offer when that has expired before asOf, else -1. */
  readonly expired: number;
  /** False when its retailer is not serving-eligible: left out of every market-wide figure. */
  readonly eligible: boolean;
}

/** The compiled catalog of one country. */
export interface CountryCatalog {
  readonly country: CatalogCountry;
  readonly currency: string;
  readonly sources: readonly SnapshotSource[];
  /** True when every snapshot of the country is generated. */
  readonly generated: boolean;
  /** The country's latest observation: the reference instant of every current figure (meta.as_of). */
  readonly latest: number;
  /** Start of the current period: latest − CURRENT_WINDOW_DAYS. */
  readonly currentFrom: number;
  readonly retailers: readonly RetailerEntry[];
  readonly products: readonly ProductEntry[];
  readonly nodes: readonly CategoryNode[];
  readonly listings: readonly ListingEntry[];
  readonly obs: ObservationColumns;
  readonly outliers: number;
  /** Rows that repeated an observation (counted once). */
  readonly duplicates: number;
  /** Observations of listings with several prices on one day. */
  readonly ambiguous: number;
}

/** Builds the catalog of `country` from its snapshots (observations in time order, then file order). */
export async function buildCountryCatalog(
  country: CatalogCountry,
  snapshots: readonly CatalogSnapshot[],
): Promise<CountryCatalog> {
  const rows = readCatalogRows(snapshots);
  const { obs, listingObs, listingProduct } = rows;
  const n = obs.time.length;
  const outliers = markOutliers(obs, listingObs, listingProduct, rows.productKeys.length);
  const ambiguous = markAmbiguous(obs, listingObs);
  const latest = n === 0 ? 0 : obs.time[n - 1]!;
  const { nodes, nodeOf } = buildCategoryNodes(rows.listingPath);
  const listings: ListingEntry[] = listingObs.map((indices, l) => ({
    retailer: rows.listingRetailer[l]!,
    product: listingProduct[l]!,
    node: nodeOf[l]!,
    observations: Int32Array.from(indices),
    ...listingOffer(obs, indices, latest),
    eligible: true,
  }));
  const products: ProductEntry[] = [];
  for (const [p, key] of rows.productKeys.entries()) {
    products.push({
      id: `p${(await sha256Hex(new TextEncoder().encode(`${country}\u001f${key}`))).slice(0, 12)}`,
      name: rows.productNames[p]!,
      brand: rows.brandNames[p]!,
      brandKey: rows.brandKeys[p]!,
      pack: rows.packs[p]!,
    });
  }
  return {
    country,
    currency: snapshots[0]?.metadata.currency ?? "",
    sources: snapshots.map(sourceOf),
    generated: snapshots.length > 0 && snapshots.every((s) => s.metadata.generated !== undefined),
    latest,
    currentFrom: latest - CURRENT_WINDOW_DAYS * DAY_MS,
    retailers: rows.retailerKeys.map((key, r) => ({ key, name: rows.retailerNames[r]! })),
    products,
    nodes,
    listings,
    obs,
    outliers,
    duplicates: rows.duplicates,
    ambiguous,
  };
}

/** The catalog with the listings of `retailers` left out of every market-wide figure. */
export function withoutRetailers(catalog: CountryCatalog, retailers: ReadonlySet<number>): CountryCatalog {
  if (retailers.size === 0) return catalog;
  return {
    ...catalog,
    listings: catalog.listings.map((listing) =>
      retailers.has(listing.retailer) ? { ...listing, current: -1, expired: -1, eligible: false } : listing
    ),
  };
}

function sourceOf(snapshot: CatalogSnapshot): SnapshotSource {
  let from = Infinity, to = -Infinity;
  for (const row of snapshot.observations) {
    from = Math.min(from, row.observed_at);
    to = Math.max(to, row.observed_at);
  }
  const file = snapshot.file.split("/").pop()!;
  return {
    snapshot: file.replace(/\.csv$/, ""),
    kind: snapshot.metadata.generated === undefined ? "observed" : "generated",
    source: snapshot.metadata.source,
    observed_from: from,
    observed_to: to,
    observations: snapshot.observations.length,
  };
}
