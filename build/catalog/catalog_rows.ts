/**
 * The snapshots' rows read into the identities of the catalog model: retailers, products (a name of a brand
 * at one pack size, pack_size.ts), listings (a product at a retailer) and the observations in compact
 * parallel columns, in time order (then file order).
 *
 * Repeated scrapes count once: a row repeating an earlier observation of the same listing at the same
 * instant and price is not an observation again (the Calgary source scraped 2025-12-17 twice); it is counted
 * in `duplicates`, and a deal flag or end date the first row lacks is taken from the repeat.
 */
import { nameKey } from "../../src/format/name_key.ts";
import type { CatalogObservation, CatalogSnapshot } from "./catalog_snapshot_reader.ts";
import { type PackSize, packSizeOf, type PriceBasis } from "./pack_size.ts";
import type { UnitBasis, UnitConversion } from "./unit_size.ts";

/** Unit bases as stored per observation. */
export const BASES: readonly (UnitBasis | null)[] = [null, "kg", "L", "each"];
/** Unit conversions as stored per observation. */
export const CONVERSIONS: readonly UnitConversion[] = ["unknown", "exact", "derived"];
/** Price bases as stored per observation. */
export const PRICE_BASES: readonly PriceBasis[] = ["item", "per_measure", "unstated"];

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
  /** Index into PRICE_BASES. */
  readonly priceBasis: Uint8Array;
  /** 1 when the observation is an outlier of its product. */
  readonly outlier: Uint8Array;
  /** 1 when its listing has another price on the same day: a pack the texts do not tell apart. */
  readonly ambiguous: Uint8Array;
}

/** The rows of one country, as identities and columns. */
export interface CatalogRows {
  readonly retailerKeys: readonly string[];
  readonly retailerNames: readonly string[];
  /** Product key: brand key, name key and pack key joined by U+001F. */
  readonly productKeys: readonly string[];
  readonly productNames: readonly string[];
  readonly brandKeys: readonly string[];
  readonly brandNames: readonly string[];
  /** Each product's pack (its first observation's reading). */
  readonly packs: readonly PackSize[];
  readonly listingRetailer: readonly number[];
  readonly listingProduct: readonly number[];
  /** Each listing's observations, oldest first. */
  readonly listingObs: readonly number[][];
  /** Each listing's latest category path. */
  readonly listingPath: readonly (readonly string[])[];
  readonly obs: ObservationColumns;
  /** Rows that repeated an observation. */
  readonly duplicates: number;
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

/** A row's pack (cached by the texts it is read from) and its product key: brand, name and pack keys. */
export function rowIdentity(
  row: CatalogObservation,
  cache: Map<string, PackSize>,
): { pack: PackSize; productKey: string; brandKey: string } {
  const packKey = `${row.product}\u001f${row.source_name}\u001f${row.unit}\u001f${row.category[0]}`;
  let pack = cache.get(packKey);
  if (pack === undefined) {
    cache.set(packKey, pack = packSizeOf(row.product, row.source_name, row.unit, row.category));
  }
  const brandKey = nameKey(row.brand), nKey = nameKey(row.product);
  const productKey = pack.key === ""
    ? `${brandKey}\u001f${nKey}`
    : `${brandKey}\u001f${nKey}\u001f${pack.key}`;
  return { pack, productKey, brandKey };
}

/** Reads the rows of `snapshots` (one country) in time order, repeats counted once. */
export function readCatalogRows(snapshots: readonly CatalogSnapshot[]): CatalogRows {
  const rows = snapshots.flatMap((s) => s.observations)
    .map((row, order) => ({ row, order }))
    .sort((a, b) => a.row.observed_at - b.row.observed_at || a.order - b.order)
    .map(({ row }) => row);
  const retailerIndex = new Map<string, number>(), productIndex = new Map<string, number>();
  const listingIndex = new Map<string, number>(), seen = new Map<string, number>();
  const retailerNames = new Spellings(), productNames = new Spellings(), brandNames = new Spellings();
  const retailerKeys: string[] = [], productKeys: string[] = [], brandKeys: string[] = [];
  const packs: PackSize[] = [];
  const listingRetailer: number[] = [], listingProduct: number[] = [], listingObs: number[][] = [];
  const listingPath: (readonly string[])[] = [];
  const columns = {
    listing: [] as number[],
    time: [] as number[],
    price: [] as number[],
    deal: [] as number[],
    validUntil: [] as number[],
    pack: [] as PackSize[],
  };
  const packCache = new Map<string, PackSize>();
  let duplicates = 0;
  for (const row of rows) {
    const { pack, productKey: pKey, brandKey: bKey } = rowIdentity(row, packCache);
    const rKey = nameKey(row.retailer);
    let r = retailerIndex.get(rKey);
    if (r === undefined) retailerIndex.set(rKey, r = retailerKeys.push(rKey) - 1);
    let p = productIndex.get(pKey);
    if (p === undefined) {
      productIndex.set(pKey, p = productKeys.push(pKey) - 1);
      brandKeys.push(bKey);
      packs.push(pack);
    }
    const lKey = `${r}:${p}`;
    let l = listingIndex.get(lKey);
    if (l === undefined) {
      listingIndex.set(lKey, l = listingRetailer.push(r) - 1);
      listingProduct.push(p);
      listingObs.push([]);
      listingPath.push(row.category);
    }
    const isDeal = row.is_deal === undefined ? -1 : row.is_deal ? 1 : 0;
    const repeatKey = `${l}\u001f${row.observed_at}\u001f${row.price}`;
    const earlier = seen.get(repeatKey);
    // A listing sits in the category of its latest row, a repeated one included.
    listingPath[l] = row.category;
    if (earlier !== undefined) {
      duplicates++;
      if (columns.deal[earlier] === -1) columns.deal[earlier] = isDeal;
      if (Number.isNaN(columns.validUntil[earlier]!)) columns.validUntil[earlier] = row.valid_until ?? NaN;
      continue;
    }
    const i = columns.listing.length;
    seen.set(repeatKey, i);
    listingObs[l]!.push(i);
    retailerNames.add(rKey, row.retailer);
    productNames.add(pKey, row.product);
    if (bKey !== "") brandNames.add(bKey, row.brand);
    columns.listing.push(l);
    columns.time.push(row.observed_at);
    columns.price.push(row.price);
    columns.deal.push(isDeal);
    columns.validUntil.push(row.valid_until ?? NaN);
    columns.pack.push(pack);
  }
  const n = columns.listing.length;
  const obs: ObservationColumns = {
    listing: Int32Array.from(columns.listing),
    time: Float64Array.from(columns.time),
    price: Float64Array.from(columns.price),
    deal: Int8Array.from(columns.deal),
    validUntil: Float64Array.from(columns.validUntil),
    quantity: Float64Array.from(columns.pack, (pack) => pack.size.quantity ?? NaN),
    basis: Uint8Array.from(columns.pack, (pack) => BASES.indexOf(pack.size.basis)),
    conversion: Uint8Array.from(columns.pack, (pack) => CONVERSIONS.indexOf(pack.size.conversion)),
    priceBasis: Uint8Array.from(columns.pack, (pack) => PRICE_BASES.indexOf(pack.priceBasis)),
    outlier: new Uint8Array(n),
    ambiguous: new Uint8Array(n),
  };
  return {
    retailerKeys,
    retailerNames: retailerKeys.map((key) => retailerNames.best(key)),
    productKeys,
    productNames: productKeys.map((key) => productNames.best(key)),
    brandKeys,
    brandNames: brandKeys.map((key) => (key === "" ? "" : brandNames.best(key))),
    packs,
    listingRetailer,
    listingProduct,
    listingObs,
    listingPath,
    obs,
    duplicates,
  };
}
