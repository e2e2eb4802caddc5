/**
 * What the marketing and analyst analytics read from listings the same way: a listing's current price (for
 * comparisons of the same product) and shelf price (for comparisons across products), its unit price, the
 * dominant unit basis of a set of listings, the current market of every category node (its subtree, across
 * retailers), the outliers a sample leaves out, ISO weeks, and the retailer order of rows.
 *
 * A current offer that is the lowest of several same-day prices (an ambiguous pack) compares with nothing; a
 * price per unit of measure or of an unstated basis compares with other prices of the same product only,
 * never with prices per item of other products.
 */
import { BASES, type CountryCatalog, DAY_MS, PRICE_BASES } from "./catalog_model.ts";
import { median } from "./catalog_figures.ts";
import type { UnitBasis } from "./unit_size.ts";

const ITEM = PRICE_BASES.indexOf("item");

/** A listing's current price for comparisons of the same product (NaN without one, or when ambiguous). */
export function currentPrice(catalog: CountryCatalog, l: number): number {
  const i = catalog.listings[l]!.current;
  return i < 0 || catalog.obs.ambiguous[i] === 1 ? NaN : catalog.obs.price[i]!;
}

/** A listing's current price per item, for comparisons across products (NaN otherwise). */
export function shelfPrice(catalog: CountryCatalog, l: number): number {
  const i = catalog.listings[l]!.current;
  return i < 0 || catalog.obs.priceBasis[i] !== ITEM ? NaN : currentPrice(catalog, l);
}

/** A listing's current unit price in `basis` (NaN when it has no current price or no unit price in that basis). */
export function currentUnitPrice(catalog: CountryCatalog, l: number, basis: UnitBasis | null): number {
  const i = catalog.listings[l]!.current;
  if (i < 0 || basis === null || BASES[catalog.obs.basis[i]!] !== basis) return NaN;
  return catalog.obs.ambiguous[i] === 1 ? NaN : catalog.obs.price[i]! / catalog.obs.quantity[i]!;
}

/**
 * The basis most of `listings` (current ones) have a unit price in: null when none has one; ties go to the
 * first of kg, L, each.
 */
export function dominantBasis(catalog: CountryCatalog, listings: readonly number[]): UnitBasis | null {
  const counts = BASES.map(() => 0);
  for (const l of listings) {
    const i = catalog.listings[l]!.current;
    if (i >= 0 && !Number.isNaN(catalog.obs.quantity[i]!)) counts[catalog.obs.basis[i]!]!++;
  }
  let best = 0;
  for (let b = 1; b < BASES.length; b++) if (counts[b]! > counts[best]!) best = b;
  return best === 0 ? null : BASES[best]!;
}

/** Outlier observations of `listings` at or after `from`: what a sample over them leaves out. */
export function outliersSince(catalog: CountryCatalog, listings: Iterable<number>, from: number): number {
  const { obs } = catalog;
  let count = 0;
  for (const l of listings) {
    for (const i of catalog.listings[l]!.observations) {
      if (obs.outlier[i] === 1 && obs.time[i]! >= from) count++;
    }
  }
  return count;
}

/** A category node's current market: across retailers, over the listings of its subtree. */
export interface NodeMarket {
  /** Median current shelf price (NaN when none). */
  readonly median: number;
  /** Distinct known brand keys of its current listings (an unknown brand is no brand). */
  readonly brands: ReadonlySet<string>;
  /** Retailers with a current listing in it. */
  readonly retailers: ReadonlySet<number>;
}

/** Every category node's current market. */
export function nodeMarkets(catalog: CountryCatalog): NodeMarket[] {
  const { nodes, products } = catalog;
  const prices: number[][] = nodes.map(() => []);
  const brands = nodes.map(() => new Set<string>()), retailers = nodes.map(() => new Set<number>());
  catalog.listings.forEach((listing, l) => {
    if (listing.current < 0) return;
    const price = shelfPrice(catalog, l);
    const brand = products[listing.product]!.brandKey;
    for (let node = listing.node; node !== -1; node = nodes[node]!.parent) {
      if (!Number.isNaN(price)) prices[node]!.push(price);
      if (brand !== "") brands[node]!.add(brand);
      retailers[node]!.add(listing.retailer);
    }
  });
  return nodes.map((_, node) => ({
    median: median(prices[node]!),
    brands: brands[node]!,
    retailers: retailers[node]!,
  }));
}

/** Monday 00:00 UTC of the ISO week holding `ms`. */
export function weekStart(ms: number): number {
  const day = Math.floor(ms / DAY_MS);
  // 1970-01-01 was a Thursday: day 0 is weekday 3 counting from Monday.
  return (day - (((day + 3) % 7) + 7) % 7) * DAY_MS;
}

/** The ISO 8601 week (`2025-W50`, UTC) of the week starting at Monday `monday`. */
export function isoWeek(monday: number): string {
  // The week belongs to the year of its Thursday; week 1 holds that year's first Thursday.
  const thursday = new Date(monday + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS));
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/** Retailer indices ordered by display name. */
export function byRetailerName(catalog: CountryCatalog, retailers: Iterable<number>): number[] {
  const name = (r: number) => catalog.retailers[r]!.name;
  return [...retailers].sort((a, b) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : a - b));
}
