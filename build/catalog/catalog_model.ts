/**
 * The catalog of one country as every analytic reads it: retailers, products, listings (a product at a
 * retailer), category nodes, and the observations in compact parallel arrays (a full-scale catalog holds a
 * million of them), each with its unit size and outlier flag, and every listing's current observation.
 *
 * Identity: names compare by `nameKey`. A product is (brand key, product key); a listing is (retailer,
 * product) and sits in the category node of its latest observation. Every prefix of a category path is a
 * node. Display names are the most frequent spelling (ties: the earliest observation, then file order).
 *
 * Current price: a listing's latest non-outlier observation at or after `currentFrom` (the country's latest
 * observation minus CURRENT_WINDOW_DAYS). Outliers (Open Prices' rule): for a product with at least
 * OUTLIER_MIN_OBSERVATIONS observations, a price at or above OUTLIER_FACTOR × its median, or at or below the
 * median / OUTLIER_FACTOR; they are kept out of every statistic and every current price, and counted.
 */
import { nameKey } from "../../src/format/name_key.ts";
import { sha256Hex } from "../../src/format/sha256.ts";
import type { CatalogCountry, CatalogSnapshot } from "./catalog_snapshot_reader.ts";
import { buildCategoryNodes, type CategoryNode } from "./catalog_nodes.ts";
import { type UnitBasis, type UnitConversion, unitSizeOf } from "./unit_size.ts";
import { median } from "./catalog_figures.ts";

/** Days before a country's latest observation that still count as current. */
export const CURRENT_WINDOW_DAYS = 14;
/** A price this many times its product's median (or its inverse) is an outlier. */
export const OUTLIER_FACTOR = 3;
/** Observations a product needs before its outliers can be told. */
export const OUTLIER_MIN_OBSERVATIONS = 3;
/** One day in milliseconds. */
export const DAY_MS = 86_400_000;

export type { CategoryNode } from "./catalog_nodes.ts";

/** A snapshot the country's data comes from, as answers name it in `meta.served_from`. */
export interface SnapshotSource {
  readonly snapshot: string;
  readonly kind: "observed" | "generated";
  readonly source: string;
  readonly observed_from: number;
  readonly observed_to: number;
}

/** A retailer of the country. */
export interface RetailerEntry {
  readonly key: string;
  readonly name: string;
}

/** A product of the country. */
export interface ProductEntry {
  readonly id: string;
  readonly name: string;
  /** Display brand; "" when unbranded. */
  readonly brand: string;
  readonly brandKey: string;
}

/** A product at a retailer. */
export interface ListingEntry {
  readonly retailer: number;
  readonly product: number;
  /** Category node of its latest observation. */
  readonly node: number;
  /** Its observations (indices into `obs`), oldest first. */
  readonly observations: Int32Array;
  /** Its current observation, or -1 when it has no non-outlier observation in the current window. */
  readonly current: number;
}

/** Unit bases and conversions as stored per observation. */
export const BASES: readonly (UnitBasis | null)[] = [null, "kg", "L", "each"];
/** Unit conversions as stored per observation. */
export const CONVERSIONS: readonly UnitConversion[] = ["unknown", "exact", "derived"];

/** The observations, column by column (index = observation number). */
export interface ObservationColumns {
  readonly listing: Int32Array;
  readonly time: Float64Array;
  readonly price: Float64Array;
  /** 1 deal, 0 not, -1 unknown. */
  readonly deal: Int8Array;
  /** NaN when absent. */
  readonly validUntil: Float64Array;
  /** Quantity the price buys in its basis; NaN when unknown. */
  readonly quantity: Float64Array;
  /** Index into BASES. */
  readonly basis: Uint8Array;
  /** Index into CONVERSIONS. */
  readonly conversion: Uint8Array;
  /** 1 when the observation is an outlier of its product. */
  readonly outlier: Uint8Array;
}

/** The compiled catalog of one country. */
export interface CountryCatalog {
  readonly country: CatalogCountry;
  readonly currency: string;
  readonly sources: readonly SnapshotSource[];
  /** True when every snapshot of the country is generated. */
  readonly generated: boolean;
  readonly latest: number;
  readonly currentFrom: number;
  readonly retailers: readonly RetailerEntry[];
  readonly products: readonly ProductEntry[];
  readonly nodes: readonly CategoryNode[];
  readonly listings: readonly ListingEntry[];
  readonly obs: ObservationColumns;
  readonly outliers: number;
}

/** Display names by most frequent spelling (ties: first seen). */
class Spellings {
  readonly #counts = new Map<string, Map<string, number>>();
  add(key: string, spelling: string): void {
    let counts = this.#counts.get(key);
    if (counts === undefined) this.#counts.set(key, counts = new Map());
    counts.set(spelling, (counts.get(spelling) ?? 0) + 1);
  }
  best(key: string): string {
    let best = "", most = 0;
    for (const [spelling, count] of this.#counts.get(key) ?? []) {
      if (count > most) [best, most] = [spelling, count];
    }
    return best;
  }
}

/** Builds the catalog of `country` from its snapshots (observations in time order, then file order). */
export async function buildCountryCatalog(
  country: CatalogCountry,
  snapshots: readonly CatalogSnapshot[],
): Promise<CountryCatalog> {
  const rows = snapshots.flatMap((s) => s.observations)
    .map((row, order) => ({ row, order }))
    .sort((a, b) => a.row.observed_at - b.row.observed_at || a.order - b.order)
    .map(({ row }) => row);
  const n = rows.length;
  const retailerIndex = new Map<string, number>(), productIndex = new Map<string, number>();
  const listingIndex = new Map<string, number>();
  const retailerNames = new Spellings(), productNames = new Spellings(), brandNames = new Spellings();
  const retailerKeys: string[] = [], productKeys: string[] = [], brandKeys: string[] = [];
  const listingRetailer: number[] = [], listingProduct: number[] = [], listingObs: number[][] = [];
  const listingPath: (readonly string[])[] = [];
  const obs: ObservationColumns = {
    listing: new Int32Array(n),
    time: new Float64Array(n),
    price: new Float64Array(n),
    deal: new Int8Array(n),
    validUntil: new Float64Array(n),
    quantity: new Float64Array(n),
    basis: new Uint8Array(n),
    conversion: new Uint8Array(n),
    outlier: new Uint8Array(n),
  };
  const units = new Map<string, { quantity: number; basis: number; conversion: number }>();
  for (let i = 0; i < n; i++) {
    const row = rows[i]!;
    const rKey = nameKey(row.retailer), bKey = nameKey(row.brand);
    const pKey = `${bKey}\u001f${nameKey(row.product)}`;
    let r = retailerIndex.get(rKey);
    if (r === undefined) retailerIndex.set(rKey, r = retailerKeys.push(rKey) - 1);
    let p = productIndex.get(pKey);
    if (p === undefined) {
      productIndex.set(pKey, p = productKeys.push(pKey) - 1);
      brandKeys.push(bKey);
    }
    const lKey = `${r}:${p}`;
    let l = listingIndex.get(lKey);
    if (l === undefined) {
      listingIndex.set(lKey, l = listingRetailer.push(r) - 1);
      listingProduct.push(p);
      listingObs.push([]);
      listingPath.push(row.category);
    }
    listingObs[l]!.push(i);
    listingPath[l] = row.category;
    retailerNames.add(rKey, row.retailer);
    productNames.add(pKey, row.product);
    if (bKey !== "") brandNames.add(bKey, row.brand);
    obs.listing[i] = l;
    obs.time[i] = row.observed_at;
    obs.price[i] = row.price;
    obs.deal[i] = row.is_deal === undefined ? -1 : row.is_deal ? 1 : 0;
    obs.validUntil[i] = row.valid_until ?? NaN;
    const unitKey = `${pKey}\u001f${row.unit}`;
    let unit = units.get(unitKey);
    if (unit === undefined) {
      const size = unitSizeOf(row.product, row.unit);
      unit = {
        quantity: size.quantity ?? NaN,
        basis: BASES.indexOf(size.basis),
        conversion: CONVERSIONS.indexOf(size.conversion),
      };
      units.set(unitKey, unit);
    }
    obs.quantity[i] = unit.quantity;
    obs.basis[i] = unit.basis;
    obs.conversion[i] = unit.conversion;
  }
  const outliers = markOutliers(obs, listingObs, listingProduct, productKeys.length);
  const latest = n === 0 ? 0 : obs.time[n - 1]!;
  const currentFrom = latest - CURRENT_WINDOW_DAYS * DAY_MS;
  const { nodes, nodeOf } = buildCategoryNodes(listingPath);
  const listings: ListingEntry[] = listingObs.map((indices, l) => {
    let current = -1;
    for (let k = indices.length - 1; k >= 0 && obs.time[indices[k]!]! >= currentFrom; k--) {
      if (obs.outlier[indices[k]!] === 0) {
        current = indices[k]!;
        break;
      }
    }
    return {
      retailer: listingRetailer[l]!,
      product: listingProduct[l]!,
      node: nodeOf[l]!,
      observations: Int32Array.from(indices),
      current,
    };
  });
  const products: ProductEntry[] = [];
  for (const [p, key] of productKeys.entries()) {
    const brandKey = brandKeys[p]!;
    products.push({
      id: `p${(await sha256Hex(new TextEncoder().encode(`${country}\u001f${key}`))).slice(0, 12)}`,
      name: productNames.best(key),
      brand: brandKey === "" ? "" : brandNames.best(brandKey),
      brandKey,
    });
  }
  return {
    country,
    currency: snapshots[0]?.metadata.currency ?? "",
    sources: snapshots.map(sourceOf),
    generated: snapshots.length > 0 && snapshots.every((s) => s.metadata.generated !== undefined),
    latest,
    currentFrom,
    retailers: retailerKeys.map((key) => ({ key, name: retailerNames.best(key) })),
    products,
    nodes,
    listings,
    obs,
    outliers,
  };
}

// Marks outliers per product (all its listings' observations); returns how many.
function markOutliers(
  obs: ObservationColumns,
  listingObs: readonly number[][],
  listingProduct: readonly number[],
  productCount: number,
): number {
  const byProduct: number[][] = Array.from({ length: productCount }, () => []);
  listingObs.forEach((indices, l) => byProduct[listingProduct[l]!]!.push(...indices));
  let count = 0;
  for (const indices of byProduct) {
    if (indices.length < OUTLIER_MIN_OBSERVATIONS) continue;
    const m = median(indices.map((i) => obs.price[i]!));
    for (const i of indices) {
      const price = obs.price[i]!;
      if (price >= OUTLIER_FACTOR * m || price <= m / OUTLIER_FACTOR) {
        obs.outlier[i] = 1;
        count++;
      }
    }
  }
  return count;
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
  };
}
