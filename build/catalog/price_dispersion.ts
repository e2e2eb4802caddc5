/**
 * Price dispersion of a target, precomputed, over current prices (a listing's latest non-outlier price in
 * the 14-day window). Two views, as the literature on online price dispersion measures it:
 *
 * - across the category: the distribution of one value per current listing: n, min, quartiles,
 *   max, interquartile range and coefficient of variation (population standard deviation / mean). The
 *   value is the unit price when at least half of the current listings have one in a single basis (kg, L
 *   or each), so that pack sizes do not pass for dispersion; else the shelf price.
 * - within products: for each product with a current price at two or more retailers, on prices (the same
 *   product, so no unit conversion): its cv, max/min ratio and gap (second-lowest − lowest price, Baye,
 *   Morgan and Scholten 2004); the answer gives the medians across products.
 *
 * With a retailer, the stats are those of its listings (measured in the target's measure, so they compare
 * with the market's) and within_product covers the products it sells that another retailer also sells.
 */
import type { AnswerRecord } from "../../src/format/catalog_records.ts";
import type { CompiledCountry } from "./catalog_compile.ts";
import { members, methodMember, sharedRecord } from "./answer_text.ts";
import { BASES, CONVERSIONS } from "./catalog_model.ts";
import { median, money, quantile, rate, unitPrice } from "./catalog_figures.ts";

/** How dispersion is measured, as every answer states it. */
export const DISPERSION_METHOD = Object.freeze({
  measure: "unit_price (price / quantity in unit_basis) when at least half of the current listings have a " +
    "unit price in one basis (kg, then L, then each when two tie), else price; listings without a value in " +
    "the measure are left out of stats and counted in coverage",
  current: "a listing's latest non-outlier price within 14 days of the country's latest observation",
  stats: "one value per current listing: quartiles by linear interpolation between closest ranks (R-7, the " +
    "default of R and numpy), iqr = q3 - q1, cv = population standard deviation / mean; computed exactly, " +
    "rounded when written",
  within_product: "over products with a current price at two or more retailers, on prices (same product): " +
    "per product cv, max/min ratio and gap = second-lowest - lowest price (Baye, Morgan and Scholten " +
    "2004); medians across products; sample.n counts their listings, sample.n_matched the products",
});

/** A current listing's values. */
interface Current {
  readonly retailer: number;
  readonly product: number;
  readonly price: number;
  /** Unit price in `basis`, NaN when unknown. */
  readonly unit: number;
  /** Index into BASES (0: none). */
  readonly basis: number;
}

/** The measure of a target. */
interface Measure {
  readonly measure: "unit_price" | "price";
  /** Index into BASES (0 with measure price). */
  readonly basis: number;
}

/** The figures of one set of values. */
export interface DispersionStats {
  readonly n: number;
  readonly min: number | null;
  readonly q1: number | null;
  readonly median: number | null;
  readonly q3: number | null;
  readonly max: number | null;
  readonly iqr: number | null;
  readonly cv: number | null;
}

/** The dispersion record of every target of `country`, keyed by target id. */
export function* compileDispersion(
  { catalog, resolutions }: CompiledCountry,
): Generator<readonly [string, AnswerRecord | readonly string[]]> {
  yield sharedRecord(members(DISPERSION_METHOD));
  const { listings, retailers, obs } = catalog;
  const unknown = CONVERSIONS.indexOf("unknown");
  const current = listings.map((listing): Current | null => {
    const i = listing.current;
    if (i < 0) return null;
    const known = obs.conversion[i] !== unknown && obs.basis[i] !== 0 && obs.quantity[i]! > 0;
    return {
      retailer: listing.retailer,
      product: listing.product,
      price: obs.price[i]!,
      unit: known ? obs.price[i]! / obs.quantity[i]! : NaN,
      basis: known ? obs.basis[i]! : 0,
    };
  });
  // Outliers the current prices leave out: those observed within the current window.
  const outliers = listings.map((listing) =>
    listing.observations.reduce(
      (n, i) => n + (obs.outlier[i] === 1 && obs.time[i]! >= catalog.currentFrom ? 1 : 0),
      0,
    )
  );
  const byName = retailers.map((_, r) => r).sort((a, b) => compare(retailers[a]!.name, retailers[b]!.name));
  for (const target of resolutions.targets) {
    const own = retailers.map((): number[] => []);
    for (const l of target.listings) own[listings[l]!.retailer]!.push(l);
    const currentOf = (ls: readonly number[]) => ls.flatMap((l) => current[l] ?? []);
    const market = currentOf(target.listings);
    const measure = measureOf(market);
    const spreads = spreadsOf(market);
    const row = (r: number, mine: readonly Current[]) => ({
      retailer: retailers[r]!.name,
      stats: statsOf(mine, measure),
    });
    // `sold`: the retailer's products, when the fragment is a retailer's.
    const fragment = (
      values: readonly Current[],
      by: readonly unknown[],
      ls: readonly number[],
      sold?: Set<number>,
    ) => {
      const measured = valuesOf(values, measure).length;
      const coverage = { listings: values.length, measured, share: rate(measured / values.length) };
      const excluded = ls.reduce((n, l) => n + outliers[l]!, 0);
      return `"measure":"${measure.measure}","unit_basis":${JSON.stringify(BASES[measure.basis])},` +
        `"coverage":${JSON.stringify(coverage)},"stats":${JSON.stringify(statsOf(values, measure))},` +
        `"by_retailer":${JSON.stringify(by)},"within_product":${
          JSON.stringify(withinProduct(spreads, sold))
        },` +
        methodMember(excluded);
    };
    const perRetailer = own.map((ls) => currentOf(ls));
    yield [String(target.id), {
      json: fragment(
        market,
        byName.filter((r) => perRetailer[r]!.length > 0).map((r) => row(r, perRetailer[r]!)),
        target.listings,
      ),
      by_retailer: own.map((ls, r) => {
        if (ls.length === 0) return null;
        const mine = perRetailer[r]!;
        return fragment(mine, [row(r, mine)], ls, new Set(mine.map((value) => value.product)));
      }),
    }];
  }
}

/** n, min, quartiles, max, iqr and cv (population sd / mean) of `values`, rounded by `round`. */
export function dispersionStats(
  values: readonly number[],
  round: (value: number) => number | null,
): DispersionStats {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return { n, min: null, q1: null, median: null, q3: null, max: null, iqr: null, cv: null };
  const q1 = quantile(sorted, 0.25), q3 = quantile(sorted, 0.75);
  return {
    n,
    min: round(sorted[0]!),
    q1: round(q1),
    median: round(quantile(sorted, 0.5)),
    q3: round(q3),
    max: round(sorted[n - 1]!),
    iqr: round(q3 - q1),
    cv: rate(coefficientOfVariation(sorted)),
  };
}

/** Population standard deviation / mean (NaN for no value). */
export function coefficientOfVariation(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const mean = values.reduce((sum, x) => sum + x, 0) / values.length;
  const variance = values.reduce((sum, x) => sum + (x - mean) ** 2, 0) / values.length;
  return Math.sqrt(variance) / mean;
}

// unit_price in the basis at least half of the current listings have (first in BASES order), else price.
function measureOf(values: readonly Current[]): Measure {
  const counts = BASES.map(() => 0);
  for (const value of values) if (value.basis !== 0) counts[value.basis]!++;
  const basis = counts.findIndex((count, b) => b !== 0 && count > 0 && 2 * count >= values.length);
  return basis < 0 ? { measure: "price", basis: 0 } : { measure: "unit_price", basis };
}

function valuesOf(values: readonly Current[], { measure, basis }: Measure): number[] {
  return measure === "price"
    ? values.map((value) => value.price)
    : values.filter((value) => value.basis === basis).map((value) => value.unit);
}

function statsOf(values: readonly Current[], measure: Measure): DispersionStats {
  return dispersionStats(valuesOf(values, measure), measure.measure === "price" ? money : unitPrice);
}

/** One product's spread across the retailers with a current price for it. */
interface Spread {
  readonly listings: number;
  readonly cv: number;
  readonly ratio: number;
  readonly gap: number;
}

// The spread of each product with current prices at ≥ 2 retailers (prices of the same product).
function spreadsOf(market: readonly Current[]): Map<number, Spread> {
  const prices = new Map<number, number[]>();
  for (const value of market) {
    const list = prices.get(value.product);
    if (list === undefined) prices.set(value.product, [value.price]);
    else list.push(value.price);
  }
  const spreads = new Map<number, Spread>();
  for (const [product, list] of prices) {
    if (list.length < 2) continue;
    const sorted = list.sort((a, b) => a - b);
    spreads.set(product, {
      listings: sorted.length,
      cv: coefficientOfVariation(sorted),
      ratio: sorted[sorted.length - 1]! / sorted[0]!,
      gap: sorted[1]! - sorted[0]!,
    });
  }
  return spreads;
}

// Medians over the spreads of the products in `sold` (all of them when absent).
function withinProduct(spreads: ReadonlyMap<number, Spread>, sold?: ReadonlySet<number>) {
  const kept = [...spreads].filter(([product]) => sold === undefined || sold.has(product))
    .map(([, spread]) => spread);
  return {
    products: kept.length,
    median_cv: rate(median(kept.map((s) => s.cv))),
    median_max_min_ratio: rate(median(kept.map((s) => s.ratio))),
    median_gap: money(median(kept.map((s) => s.gap))),
    sample: { n: kept.reduce((n, s) => n + s.listings, 0), n_matched: kept.length },
  };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
