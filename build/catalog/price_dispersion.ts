/**
 * Price dispersion of a target, precomputed, over current prices (catalog_current.ts). Two views, as the
 * literature on online price dispersion measures it:
 *
 * - across the category: the distribution of one value per product and price source (a retailer, or
 *   retailers sharing one flyer, counted once: price_sources.ts): n, min, quartiles, max,
 *   interquartile range and coefficient of variation (population standard deviation / mean). The value is
 *   the unit price when at least half of the values have one in a single basis (kg, L or each), so that
 *   pack sizes do not pass for dispersion; else the price per item (prices per measure or of unstated
 *   basis have no value then, and are counted in coverage).
 * - within products: for each product with a current price at two or more price sources, on prices (the
 *   same product, so no unit conversion): its cv, max/min ratio and gap (second-lowest − lowest price, Baye,
 *   Morgan and Scholten 2004); the answer gives the medians across products. Two retailers repeating one
 *   flyer are one price source, not two price setters agreeing.
 *
 * A price that is the lowest of several same-day prices of a listing is no value. Stats over fewer than the
 * minimum sample are null with the reason. With a retailer, the stats are those of its listings (measured
 * in the target's measure, so they compare with the market's) and within_product covers the products it
 * sells that another price source also sells.
 */
import type { AnswerRecord } from "../../src/format/catalog_records.ts";
import type { CompiledCountry } from "./catalog_compile.ts";
import { members, methodMember, sharedRecord } from "./answer_text.ts";
import { BASES, CONVERSIONS, PRICE_BASES } from "./catalog_model.ts";
import { median, money, quantile, rate, sampled, sampleReason, unitPrice } from "./catalog_figures.ts";
import { CURRENT_TEXT } from "./catalog_current.ts";
import { sharedFlyers } from "./price_sources.ts";

/** How dispersion is measured, as every answer states it. */
export const dispersionMethod = (min: number) => ({
  measure: "unit_price (price / quantity in unit_basis) when at least half of the values have a unit price " +
    "in one basis (kg, then L, then each when two tie), else price (per item); values without one in the " +
    "measure are left out of stats and counted in coverage",
  coverage: "listings: current listings; values: one per product and price source (a listing's price that " +
    "is the lowest of several same-day prices is none); measured: values in the measure; share = measured " +
    "/ listings",
  current: CURRENT_TEXT,
  price_sources: "a price source is a retailer, or retailers publishing one shared flyer (identical prices " +
    "on most of the same products on the same days); its value for a product is the median of its " +
    "retailers' current prices; price_sources lists the shared ones",
  stats: "one value per product and price source (per listing in a retailer's own stats): quartiles by " +
    "linear interpolation between closest ranks (R-7, the default of R and numpy), iqr = q3 - q1, cv = " +
    "population standard deviation / mean; computed exactly, rounded when written",
  within_product: "over products with a current price at two or more price sources, on prices (same " +
    "product): per product cv, max/min ratio and gap = second-lowest - lowest price (Baye, Morgan and " +
    "Scholten 2004); medians across products; sample.n counts their price sources' values, " +
    "sample.n_matched the products",
  minimum_sample: `stats over fewer than ${min} values, and medians over fewer than ${min} products, are ` +
    "null and reason says why",
});

/** A current listing's values. */
interface Current {
  readonly retailer: number;
  /** The retailer's price source. */
  readonly source: number;
  readonly product: number;
  /** NaN when the price is not per item. */
  readonly price: number;
  /** The price whatever its basis (NaN when it is the lowest of several same-day prices). */
  readonly samePrice: number;
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
  readonly reason: string | null;
}

/** The dispersion record of every target of `country`, keyed by target id. */
export function* compileDispersion(
  { catalog, resolutions, sources, minSample }: CompiledCountry,
): Generator<readonly [string, AnswerRecord | readonly string[]]> {
  yield sharedRecord(members(dispersionMethod(minSample)));
  const { listings, retailers, obs } = catalog;
  const unknown = CONVERSIONS.indexOf("unknown"), item = PRICE_BASES.indexOf("item");
  const flyers = `"price_sources":${JSON.stringify(sharedFlyers(catalog, sources))}`;
  const current = listings.map((listing): Current | null => {
    const i = listing.current;
    if (i < 0 || obs.ambiguous[i] === 1) return null;
    const known = obs.conversion[i] !== unknown && obs.basis[i] !== 0 && obs.quantity[i]! > 0;
    return {
      retailer: listing.retailer,
      source: sources.sourceOf[listing.retailer]!,
      product: listing.product,
      price: obs.priceBasis[i] === item ? obs.price[i]! : NaN,
      samePrice: obs.price[i]!,
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
    const market = bySource(currentOf(target.listings));
    const measure = measureOf(market);
    const spreads = spreadsOf(market);
    const row = (r: number, mine: readonly Current[]) => ({
      retailer: retailers[r]!.name,
      price_source: sources.sources[sources.sourceOf[r]!]!.name,
      stats: statsOf(mine, measure, minSample),
    });
    // `sold`: the retailer's products, when the fragment is a retailer's.
    const fragment = (
      values: readonly Current[],
      by: readonly unknown[],
      ls: readonly number[],
      sold?: Set<number>,
    ) => {
      const measured = valuesOf(values, measure).length;
      const listed = ls.filter((l) => listings[l]!.current >= 0).length;
      const coverage = { listings: listed, values: values.length, measured, share: rate(measured / listed) };
      const excluded = ls.reduce((n, l) => n + outliers[l]!, 0);
      return `"measure":"${measure.measure}","unit_basis":${JSON.stringify(BASES[measure.basis])},` +
        `"coverage":${JSON.stringify(coverage)},"stats":${
          JSON.stringify(statsOf(values, measure, minSample))
        },` +
        `"by_retailer":${JSON.stringify(by)},"within_product":${
          JSON.stringify(withinProduct(spreads, minSample, sold))
        },${flyers},` +
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

/**
 * n, min, quartiles, max, iqr and cv (population sd / mean) of `values`, rounded by `round`; all null
 * (with the reason) below `min` values.
 */
export function dispersionStats(
  values: readonly number[],
  round: (value: number) => number | null,
  min = 1,
): DispersionStats {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0 || n < min) {
    const reason = sampleReason(n, "values", Math.max(min, 1));
    return { n, min: null, q1: null, median: null, q3: null, max: null, iqr: null, cv: null, reason };
  }
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
    reason: null,
  };
}

/** One value per product and price source: the median of the source's retailers' values. */
function bySource(values: readonly Current[]): Current[] {
  const groups = new Map<string, Current[]>();
  for (const value of values) {
    const key = `${value.source}:${value.product}`;
    groups.set(key, [...groups.get(key) ?? [], value]);
  }
  return [...groups.values()].map((group) =>
    group.length === 1 ? group[0]! : {
      ...group[0]!,
      price: median(group.map((v) => v.price)),
      samePrice: median(group.map((v) => v.samePrice)),
      unit: median(group.map((v) => v.unit)),
    }
  );
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
    ? values.map((value) => value.price).filter((price) => !Number.isNaN(price))
    : values.filter((value) => value.basis === basis).map((value) => value.unit);
}

function statsOf(values: readonly Current[], measure: Measure, min: number): DispersionStats {
  return dispersionStats(valuesOf(values, measure), measure.measure === "price" ? money : unitPrice, min);
}

/** One product's spread across the retailers with a current price for it. */
interface Spread {
  readonly listings: number;
  readonly cv: number;
  readonly ratio: number;
  readonly gap: number;
}

// The spread of each product with current prices at ≥ 2 price sources (prices of the same product).
function spreadsOf(market: readonly Current[]): Map<number, Spread> {
  const prices = new Map<number, number[]>();
  for (const value of market) {
    const list = prices.get(value.product);
    if (list === undefined) prices.set(value.product, [value.samePrice]);
    else list.push(value.samePrice);
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

// Medians over the spreads of the products in `sold` (all of them when absent), null below `min` products.
function withinProduct(spreads: ReadonlyMap<number, Spread>, min: number, sold?: ReadonlySet<number>) {
  const kept = [...spreads].filter(([product]) => sold === undefined || sold.has(product))
    .map(([, spread]) => spread);
  return {
    products: kept.length,
    median_cv: sampled(kept.length, rate(median(kept.map((s) => s.cv))), min),
    median_max_min_ratio: sampled(kept.length, rate(median(kept.map((s) => s.ratio))), min),
    median_gap: sampled(kept.length, money(median(kept.map((s) => s.gap))), min),
    sample: { n: kept.reduce((n, s) => n + s.listings, 0), n_matched: kept.length },
    reason: sampleReason(kept.length, "products priced by two or more price sources", min),
  };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
