/**
 * Which observations count, and which offer of each listing is current at the catalog's reference instant
 * `as_of` (the country's latest observation).
 *
 * - Outliers (Open Prices' rule): for a product with at least OUTLIER_MIN_OBSERVATIONS observations, a price
 *   at or above OUTLIER_FACTOR × its median, or at or below the median / OUTLIER_FACTOR; kept out of every
 *   statistic and every current price, and counted.
 * - Same-day prices: a listing with two or more different prices on one day (UTC) lists packs its texts do
 *   not tell apart; those observations are `ambiguous`: never a price change, a deal's sample or an index
 *   price. Its offer of such a day is the lowest of those prices, and says so.
 * - Current: a listing's offer is its latest non-outlier observation (the lowest of that day's prices), and it
 *   is current only while it is valid at as_of: its `valid_until` is at or after as_of, or, where the source
 *   states no end, it was observed within UNDATED_VALIDITY_DAYS before as_of. An offer past its end is
 *   `expired`: left out of every current figure, and listed apart by best-price.
 */
import { median } from "./catalog_figures.ts";
import type { ObservationColumns } from "./catalog_rows.ts";

/** A price this many times its product's median (or its inverse) is an outlier. */
export const OUTLIER_FACTOR = 3;
/** Observations a product needs before its outliers can be told. */
export const OUTLIER_MIN_OBSERVATIONS = 3;
/** Days an observation without an end date stays valid after it was observed. */
export const UNDATED_VALIDITY_DAYS = 14;
/** One day in milliseconds. */
export const DAY_MS = 86_400_000;

/** A listing's offer at as_of: current (valid) or expired, as observation indices (-1: none). */
export interface ListingOffer {
  readonly current: number;
  readonly expired: number;
}

/**
 * Marks the non-outlier observations of listings with several non-outlier prices on one day; returns how
 * many it marked.
 */
export function markAmbiguous(obs: ObservationColumns, listingObs: readonly number[][]): number {
  let count = 0;
  for (const all of listingObs) {
    const indices = all.filter((i) => obs.outlier[i] === 0);
    for (let start = 0; start < indices.length;) {
      const day = Math.floor(obs.time[indices[start]!]! / DAY_MS);
      let end = start + 1;
      let several = false;
      while (end < indices.length && Math.floor(obs.time[indices[end]!]! / DAY_MS) === day) {
        if (obs.price[indices[end]!] !== obs.price[indices[start]!]) several = true;
        end++;
      }
      if (several) {
        for (let k = start; k < end; k++) obs.ambiguous[indices[k]!] = 1;
        count += end - start;
      }
      start = end;
    }
  }
  return count;
}

/** Marks outliers per product (all its listings' observations); returns how many. */
export function markOutliers(
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

/** True when observation `i` is valid at `asOf`. */
export function validAt(obs: ObservationColumns, i: number, asOf: number): boolean {
  const end = obs.validUntil[i]!;
  return Number.isNaN(end) ? obs.time[i]! + UNDATED_VALIDITY_DAYS * DAY_MS >= asOf : end >= asOf;
}

/** The offer of a listing (its observations oldest first) at `asOf`. */
export function listingOffer(
  obs: ObservationColumns,
  indices: ArrayLike<number>,
  asOf: number,
): ListingOffer {
  let offer = -1;
  for (let k = indices.length - 1; k >= 0; k--) {
    const i = indices[k]!;
    if (offer >= 0 && Math.floor(obs.time[i]! / DAY_MS) !== Math.floor(obs.time[offer]! / DAY_MS)) break;
    // The latest day's lowest non-outlier price (the only one, unless the day is ambiguous).
    if (obs.outlier[i] === 0 && (offer < 0 || obs.price[i]! < obs.price[offer]!)) offer = i;
  }
  if (offer < 0) return { current: -1, expired: -1 };
  return validAt(obs, offer, asOf) ? { current: offer, expired: -1 } : { current: -1, expired: offer };
}

/** What "current" means, as every answer's method states it. */
export const CURRENT_TEXT = "valid at meta.as_of, the catalog's latest observation (not the time of the " +
  "answer: freshness_seconds says how old as_of is): a listing's latest non-outlier offer while its " +
  `valid_until is at or after as_of, or, without one, while it was observed within ${UNDATED_VALIDITY_DAYS} ` +
  "days before as_of; an expired offer is left out";
