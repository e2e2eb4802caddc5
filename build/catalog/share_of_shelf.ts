/**
 * Share of shelf per target, precomputed: each known brand's share of the current listings (a product with
 * a current price at a retailer) of the target, overall, per retailer, and balanced across retailers (the
 * mean over retailers of the brand's share at each, so a retailer with many listings does not dominate).
 * Listings whose brand is unknown (the source names no brand the brand list recognises) are counted apart
 * in `unknown_brand`, never as a brand. A retailer with fewer than MIN_SAMPLE current listings gets no
 * shares (null, with the reason) and takes no part in the balanced shares. Rank-weighted share of search,
 * the industry's other measure, needs search-rank data the catalog does not hold, and the answer says so.
 * Shares are computed exactly and rounded only when written (4 decimals), so with `unknown_brand` they sum
 * to 1 within rounding.
 */
import type { AnswerRecord } from "../../src/format/catalog_records.ts";
import type { CompiledCountry } from "./catalog_compile.ts";
import { rate, sampleReason } from "./catalog_figures.ts";
import { members, methodMember, sharedRecord } from "./answer_text.ts";
import { CURRENT_TEXT } from "./catalog_current.ts";

/** How share of shelf is measured, as every answer states it (`min`: the minimum sample). */
export const shareMethod = (min: number) => ({
  share: "listing_share",
  listing_share: "a brand's current listings (products with a current price at a retailer) over all " +
    "current listings of the category",
  unknown_brand: "listings whose brand is unknown (brand null, brand_status unknown: the source names no " +
    "brand the brand list recognises) are counted apart, never as a brand",
  search_rank_share: "not available: rank-weighted share of search needs search-rank data the catalog " +
    "does not hold",
  balanced: `mean over the retailers with at least ${min} current listings of the category of the ` +
    "brand's share at each retailer",
  minimum_sample: `a retailer with fewer than ${min} current listings gets no shares (null, with the ` +
    "reason)",
  current: CURRENT_TEXT,
});

/** A brand's exact share. */
interface Share {
  readonly brand: string;
  readonly share: number;
}

interface BrandRow extends Share {
  readonly listings: number;
}

/** The shares of one set of current listings, exact. */
interface Shares {
  readonly listings: number;
  readonly known: readonly BrandRow[];
  readonly unknown: number;
}

/** The share-of-shelf record of every target of `country`, keyed by target id. */
export function* compileShareOfShelf(
  { catalog, resolutions, minSample }: CompiledCountry,
): Generator<readonly [string, AnswerRecord | readonly string[]]> {
  yield sharedRecord(members(shareMethod(minSample)));
  const { listings, products, retailers, obs } = catalog;
  const brandOf = (l: number) => products[listings[l]!.product]!.brand;
  for (const target of resolutions.targets) {
    const current = target.listings.filter((l) => listings[l]!.current >= 0);
    let outliers = 0;
    for (const l of target.listings) {
      for (const i of listings[l]!.observations) {
        if (obs.outlier[i] === 1 && obs.time[i]! >= catalog.currentFrom) outliers++;
      }
    }
    const method = methodMember(outliers);
    // Every retailer with a listing in the target gets a row, even with no current listing (zero shares).
    const listed = new Set(target.listings.map((l) => listings[l]!.retailer));
    const perRetailer = retailers
      .map((retailer, r) => ({
        r,
        retailer: retailer.name,
        shares: sharesOf(current.filter((l) => listings[l]!.retailer === r).map(brandOf)),
      }))
      .filter(({ r }) => listed.has(r))
      .sort((a, b) => (a.retailer < b.retailer ? -1 : a.retailer > b.retailer ? 1 : 0));
    const written = perRetailer.map(({ retailer, shares }) => retailerRow(retailer, shares, minSample));
    const balancedOver = perRetailer.filter((p) => p.shares.listings >= minSample).map((p) => p.shares);
    const fragment = (total: Shares, by: readonly unknown[], balanced: readonly Shares[]) =>
      `${sharesJson(total)},"by_retailer":${JSON.stringify(by)},${balancedJson(balanced)},${method}`;
    const byRetailer = retailers.map((_, r): string | null => {
      const at = perRetailer.findIndex((p) => p.r === r);
      if (at < 0) return null;
      const { shares } = perRetailer[at]!;
      return fragment(shares, [written[at]], shares.listings >= minSample ? [shares] : []);
    });
    yield [String(target.id), {
      json: fragment(
        sharesOf(current.map(brandOf)),
        written.filter((row) => row.listings > 0),
        balancedOver,
      ),
      by_retailer: byRetailer,
    }];
  }
}

// The brands of `brands` ("" unknown): known brands by listings (descending), then name; unknown apart.
function sharesOf(brands: readonly string[]): Shares {
  const counts = new Map<string, number>();
  let unknown = 0;
  for (const brand of brands) {
    if (brand === "") unknown++;
    else counts.set(brand, (counts.get(brand) ?? 0) + 1);
  }
  const known = [...counts]
    .map(([brand, listings]) => ({ brand, listings, share: listings / brands.length }))
    .sort((a, b) => b.listings - a.listings || (a.brand < b.brand ? -1 : a.brand > b.brand ? 1 : 0));
  return { listings: brands.length, known, unknown };
}

// `"listings":…,"shares":[…],"unknown_brand":{…}` of one set of listings.
function sharesJson({ listings, known, unknown }: Shares): string {
  return `"listings":${listings},"shares":${JSON.stringify(known.map(rounded))},"unknown_brand":${
    JSON.stringify({ listings: unknown, share: rate(unknown / listings) })
  }`;
}

// A retailer's row: its shares, or null with the reason below the minimum sample.
function retailerRow(retailer: string, shares: Shares, min: number) {
  const reason = sampleReason(shares.listings, "current listings", min);
  return {
    retailer,
    listings: shares.listings,
    shares: reason === null ? shares.known.map(rounded) : null,
    unknown_brand: reason === null
      ? { listings: shares.unknown, share: rate(shares.unknown / shares.listings) }
      : null,
    reason,
  };
}

// Mean over the retailers of each brand's exact share (0 where a retailer does not list it).
function balancedJson(perRetailer: readonly Shares[]): string {
  const sums = new Map<string, number>();
  let unknown = 0;
  for (const { known, unknown: n, listings } of perRetailer) {
    for (const row of known) sums.set(row.brand, (sums.get(row.brand) ?? 0) + row.share);
    unknown += n / listings;
  }
  const count = perRetailer.length;
  const balanced = [...sums]
    .map(([brand, sum]) => ({ brand, share: sum / count }))
    .sort((a, b) => b.share - a.share || (a.brand < b.brand ? -1 : a.brand > b.brand ? 1 : 0));
  return `"balanced":${JSON.stringify(balanced.map(rounded))},"balanced_unknown_brand":${
    JSON.stringify(count === 0 ? null : rate(unknown / count))
  },"balanced_over":${count}`;
}

function rounded<T extends Share>(row: T): T {
  return { ...row, share: rate(row.share)! };
}
