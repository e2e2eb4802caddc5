/**
 * Share of shelf per target, precomputed: each brand's share of the current listings (a product with a
 * current price at a retailer) of the target, overall, per retailer, and balanced across retailers (the
 * mean over retailers of the brand's share at each, so a retailer with many listings does not dominate).
 * Rank-weighted share of search, the industry's other measure, needs search-rank data the catalog does not
 * hold, and the answer says so. Shares are computed exactly and rounded only when written (4 decimals), so
 * they sum to 1 within rounding.
 */
import type { AnswerRecord } from "../../src/format/catalog_records.ts";
import type { CompiledCountry } from "./catalog_compile.ts";
import { rate } from "./catalog_figures.ts";
import { members, methodMember, sharedRecord } from "./answer_text.ts";

/** How share of shelf is measured, as every answer states it. */
export const SHARE_METHOD = Object.freeze({
  share: "listing_share",
  listing_share: "a brand's current listings (products with a current price at a retailer) over all " +
    "current listings of the category",
  search_rank_share: "not available: rank-weighted share of search needs search-rank data the catalog " +
    "does not hold",
  balanced: "mean over the retailers listing the category of the brand's share at each retailer",
  current: "a listing's latest non-outlier price within 14 days of the country's latest observation",
});

/** A brand's exact share. */
interface Share {
  readonly brand: string | null;
  readonly share: number;
}

interface BrandRow extends Share {
  readonly listings: number;
}

/** The share-of-shelf record of every target of `country`, keyed by target id. */
export function* compileShareOfShelf(
  { catalog, resolutions }: CompiledCountry,
): Generator<readonly [string, AnswerRecord | readonly string[]]> {
  yield sharedRecord(members(SHARE_METHOD));
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
        rows: brandRows(current.filter((l) => listings[l]!.retailer === r).map(brandOf)),
      }))
      .filter(({ r }) => listed.has(r))
      .sort((a, b) => (a.retailer < b.retailer ? -1 : a.retailer > b.retailer ? 1 : 0));
    const written = perRetailer.map(({ retailer, rows }) => ({
      retailer,
      listings: rows.reduce((sum, row) => sum + row.listings, 0),
      shares: rows.map(rounded),
    }));
    const fragment = (
      total: number,
      rows: readonly BrandRow[],
      by: readonly unknown[],
      balanced: readonly Share[],
    ) =>
      `"listings":${total},"shares":${JSON.stringify(rows.map(rounded))},"by_retailer":${
        JSON.stringify(by)
      },` +
      `"balanced":${JSON.stringify(balanced.map(rounded))},${method}`;
    const byRetailer = retailers.map((_, r): string | null => {
      const at = perRetailer.findIndex((p) => p.r === r);
      if (at < 0) return null;
      const { rows } = perRetailer[at]!;
      return fragment(written[at]!.listings, rows, [written[at]], balance([rows]));
    });
    yield [String(target.id), {
      json: fragment(
        current.length,
        brandRows(current.map(brandOf)),
        written.filter((row) => row.listings > 0),
        balance(perRetailer.map((p) => p.rows).filter((rows) => rows.length > 0)),
      ),
      by_retailer: byRetailer,
    }];
  }
}

// Brand rows sorted by listings (descending), then brand name, unbranded (null) last among equals.
function brandRows(brands: readonly string[]): BrandRow[] {
  const counts = new Map<string, number>();
  for (const brand of brands) counts.set(brand, (counts.get(brand) ?? 0) + 1);
  return [...counts]
    .map(([brand, listings]) => ({
      brand: brand === "" ? null : brand,
      listings,
      share: listings / brands.length,
    }))
    .sort((a, b) => b.listings - a.listings || compareBrands(a.brand, b.brand));
}

// Mean over retailers of each brand's exact share (0 where a retailer does not list it).
function balance(perRetailer: readonly (readonly Share[])[]): Share[] {
  const sums = new Map<string | null, number>();
  for (const rows of perRetailer) {
    for (const row of rows) sums.set(row.brand, (sums.get(row.brand) ?? 0) + row.share);
  }
  return [...sums]
    .map(([brand, sum]) => ({ brand, share: sum / perRetailer.length }))
    .sort((a, b) => b.share - a.share || compareBrands(a.brand, b.brand));
}

function rounded<T extends Share>(row: T): T {
  return { ...row, share: rate(row.share)! };
}

function compareBrands(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}
