/**
 * Retailer quality, per retailer and country, computed at build time: how much a retailer's prices can be
 * trusted to stand for that retailer today. A retailer is `stale` when its latest observation is more than
 * STALE_AFTER_DAYS days older than the country's latest; otherwise `sparse` when it has fewer than
 * SPARSE_BELOW_OBSERVATIONS observations or covers less than SPARSE_BELOW_CATEGORY_SHARE of the country's
 * top-level categories; otherwise `ok`. Only `ok` retailers are serving-eligible: a request naming another
 * is answered 404 RETAILER_NOT_SERVING_ELIGIBLE, free, with the eligible ones to retry against.
 */
import { type CountryCatalog, DAY_MS } from "./catalog_model.ts";
import { rate, round } from "./catalog_figures.ts";
import type { QualityStatus, RetailerQuality } from "../../src/format/catalog_records.ts";
import { formatUtc } from "./catalog_observed_at.ts";

/** Days a retailer's latest observation may lag the country's before it is stale. */
export const STALE_AFTER_DAYS = 7;
/** Fewer observations than this make a retailer sparse. */
export const SPARSE_BELOW_OBSERVATIONS = 200;
/** A smaller share of the country's top-level categories makes a retailer sparse. */
export const SPARSE_BELOW_CATEGORY_SHARE = 0.2;

/** Quality thresholds. */
export interface QualityThresholds {
  readonly stale_after_days: number;
  readonly sparse_below_observations: number;
  readonly sparse_below_category_share: number;
}

/** The thresholds, as answers and the README state them. */
export const QUALITY_THRESHOLDS: QualityThresholds = Object.freeze({
  stale_after_days: STALE_AFTER_DAYS,
  sparse_below_observations: SPARSE_BELOW_OBSERVATIONS,
  sparse_below_category_share: SPARSE_BELOW_CATEGORY_SHARE,
});

/** The quality of every retailer of `catalog`, in retailer order. */
export function retailerQuality(
  catalog: CountryCatalog,
  thresholds: QualityThresholds = QUALITY_THRESHOLDS,
): RetailerQuality[] {
  const { retailers, listings, nodes, obs } = catalog;
  const roots = nodes.filter((node) => node.parent === -1).length;
  const observations = new Array<number>(retailers.length).fill(0);
  const latest = new Array<number>(retailers.length).fill(-Infinity);
  const products = retailers.map(() => new Set<number>());
  const covered = retailers.map(() => new Set<number>());
  for (const listing of listings) {
    const r = listing.retailer;
    observations[r]! += listing.observations.length;
    latest[r] = Math.max(latest[r]!, obs.time[listing.observations[listing.observations.length - 1]!]!);
    products[r]!.add(listing.product);
    let node = listing.node;
    while (nodes[node]!.parent !== -1) node = nodes[node]!.parent;
    covered[r]!.add(node);
  }
  return retailers.map((retailer, r) => {
    const daysBehind = (catalog.latest - latest[r]!) / DAY_MS;
    const share = roots === 0 ? 0 : covered[r]!.size / roots;
    const status: QualityStatus = daysBehind > thresholds.stale_after_days
      ? "stale"
      : observations[r]! < thresholds.sparse_below_observations ||
          share < thresholds.sparse_below_category_share
      ? "sparse"
      : "ok";
    return {
      name: retailer.name,
      country: catalog.country,
      quality_status: status,
      serving_eligible: status === "ok",
      observations: observations[r]!,
      products: products[r]!.size,
      latest_observed_at: formatUtc(latest[r]!),
      days_behind: round(daysBehind, 1),
      category_share: rate(share)!,
    };
  });
}
