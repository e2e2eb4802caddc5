/**
 * The observed price index of a target, precomputed: a chained Jevons index of matched items, weekly, as
 * the ILO/IMF Consumer Price Index Manual builds elementary indices. A listing's weekly price is the median
 * of its non-outlier observations in that ISO week; the link of week t is the geometric mean of the price
 * relatives p_t / p_t−1 over the listings priced in both week t−1 and week t (matched pairs: the same
 * product at the same pack at the same retailer, so quality and outlet are held constant); the index chains
 * the links from 100 in the first week the target (or retailer) has a price, to the week of the country's
 * latest observation. A link needs the minimum sample of matched listings, as statistics offices require:
 * a week below it has no value (null, with the reason) and the chain carries the last value across it
 * (imputed). A day on which a listing had several prices (packs its texts do not tell apart) gives no
 * weekly price. Beside the chain, `direct` compares the base week with the last one over the listings
 * priced in both, which shows how far the chain drifted.
 *
 * Beside the index, never mixed into it, the official average price levels of the series linked to the
 * target's categories (official_levels.ts), with the agency's caveat.
 */
import type { AnswerRecord } from "../../src/format/catalog_records.ts";
import type { CompiledCountry } from "./catalog_compile.ts";
import { MARK, members, methodMember, RECORD_MARK, sharedRecord } from "./answer_text.ts";
import type { CountryCatalog } from "./catalog_model.ts";
import {
  geometricMean,
  index as indexValue,
  median,
  rate,
  round,
  sampled,
  sampleReason,
} from "./catalog_figures.ts";
import { subtreeOf } from "./catalog_nodes.ts";
import { isoWeekLabel, weekNumber } from "./iso_week.ts";
import { officialFor } from "./official_levels.ts";
import { OFFICIAL_CAVEATS } from "./official_prices_reader.ts";

/** How the index is computed, as every answer states it. */
export const inflationMethod = (min: number) => ({
  index: "chained_jevons_matched",
  chained_jevons_matched: "I = 100 in base_period; I_t = I_t-1 × J_t with J_t = exp(mean ln(p_t / p_t-1)) " +
    "over the listings (same product at the same retailer) priced in both week t-1 and week t: the " +
    "chained Jevons index of matched items of the ILO/IMF Consumer Price Index Manual",
  weekly_price:
    "a listing's price in a week is the median of its non-outlier observations in that ISO 8601 " +
    "week (UTC, Monday to Sunday), a day with several prices of the listing left out",
  periods: "every week from the first week with a price (base_period) to the week of the country's latest " +
    "observation",
  minimum_sample: `a link needs at least ${min} matched listings: a week with fewer has value null, ` +
    "link null and the reason, and is imputed (the chain carries the last value across it)",
  imputed: "a week without a computed link (fewer matched listings than the minimum) carries the previous " +
    "value forward in the chain; its value is shown as null",
  direct: "100 × exp(mean ln(p_last / p_base)) over the listings priced in both base_period and the last " +
    "week (n), null below the minimum sample: a comparison without chaining, beside the chained index",
  sample: "n: listings priced in the week; n_matched: listings priced in the week and in the week before",
  coverage: "listings: listings with a non-outlier observation; matched_listings: those priced in two " +
    "consecutive weeks at least once; share = matched_listings / listings",
  official: "official average price levels of the series linked to the categories the answer covers, as " +
    "published: levels, not an index, never mixed into it (see official_caveat)",
});

/** A listing's weekly prices: week numbers ascending, each with its median non-outlier price. */
interface Weekly {
  readonly weeks: readonly number[];
  readonly prices: readonly number[];
}

/** One period of an index. */
export interface IndexRow {
  readonly period: string;
  /** Null in a week without a computed link. */
  readonly value: number | null;
  /** J_t, 4 decimals; null in the base week and in a week without a computed link. */
  readonly link: number | null;
  readonly n_matched: number;
  readonly imputed: boolean;
  readonly sample: { readonly n: number; readonly n_matched: number };
  readonly reason: string | null;
}

/** A chained index, its direct comparison of the base and last weeks, and its coverage. */
export interface ChainedIndex {
  readonly base_period: string | null;
  readonly index: readonly IndexRow[];
  readonly direct: {
    readonly from: string | null;
    readonly to: string | null;
    readonly n: number;
    readonly value: number | null;
    readonly reason: string | null;
  };
  readonly coverage: {
    readonly listings: number;
    readonly matched_listings: number;
    readonly share: number | null;
  };
}

/** The inflation record of every target of `country`, keyed by target id. */
export function* compileInflation(
  country: CompiledCountry,
): Generator<readonly [string, AnswerRecord | readonly string[]]> {
  const { catalog, resolutions, minSample } = country;
  // Shared texts in the order of their marks: the agency's caveat, then the method's fixed members.
  yield sharedRecord(JSON.stringify(OFFICIAL_CAVEATS[catalog.country]), members(inflationMethod(minSample)));
  const { listings, retailers, obs, nodes } = catalog;
  const weekly = listings.map((_, l) => weeklyPrices(catalog, l));
  const outliers = listings.map((listing) => listing.observations.reduce((n, i) => n + obs.outlier[i]!, 0));
  const lastWeek = weekNumber(catalog.latest);
  const byName = retailers.map((_, r) => r).sort((a, b) => compare(retailers[a]!.name, retailers[b]!.name));
  for (const target of resolutions.targets) {
    const covered = new Set(target.nodes.flatMap((root) => subtreeOf(nodes, root)));
    // The target's official levels are the same in every fragment of its record: its common text.
    const common = `"official":${JSON.stringify(officialFor(country.official, covered))}`;
    const official = `${RECORD_MARK},"official_caveat":${MARK}`;
    const own = retailers.map((): number[] => []);
    for (const l of target.listings) own[listings[l]!.retailer]!.push(l);
    const chains = own.map((
      ls,
    ) => (ls.length === 0 ? null : chainedIndex(ls.map((l) => weekly[l]!), lastWeek, minSample)));
    const rows = byName.flatMap((r) => {
      const chain = chains[r];
      return chain === null || chain === undefined || chain.coverage.listings === 0
        ? []
        : [{ retailer: retailers[r]!.name, ...chain }];
    });
    const fragment = (chain: ChainedIndex, by: readonly unknown[], ls: readonly number[]) =>
      `"base_period":${JSON.stringify(chain.base_period)},"index":${JSON.stringify(chain.index)},` +
      `"direct":${JSON.stringify(chain.direct)},"coverage":${JSON.stringify(chain.coverage)},` +
      `"by_retailer":${JSON.stringify(by)},${official},` +
      methodMember(ls.reduce((n, l) => n + outliers[l]!, 0));
    yield [String(target.id), {
      json: fragment(
        chainedIndex(target.listings.map((l) => weekly[l]!), lastWeek, minSample),
        rows,
        target.listings,
      ),
      by_retailer: chains.map((chain, r) =>
        chain === null ? null : fragment(chain, [{ retailer: retailers[r]!.name, ...chain }], own[r]!)
      ),
      common,
    }];
  }
}

/**
 * The chained Jevons index of `listings` (their weekly prices) from their first priced week to `lastWeek`,
 * each link computed over at least `min` matched listings.
 */
export function chainedIndex(listings: readonly Weekly[], lastWeek: number, min: number): ChainedIndex {
  let first = Infinity;
  for (const { weeks } of listings) if (weeks.length > 0) first = Math.min(first, weeks[0]!);
  if (first === Infinity) {
    return {
      base_period: null,
      index: [],
      direct: { from: null, to: null, n: 0, value: null, reason: sampleReason(0, "listings", min) },
      coverage: { listings: 0, matched_listings: 0, share: null },
    };
  }
  const span = lastWeek - first + 1;
  const logSum = new Float64Array(span), matched = new Int32Array(span), priced = new Int32Array(span);
  let count = 0, matchedListings = 0;
  for (const { weeks, prices } of listings) {
    if (weeks.length === 0) continue;
    count++;
    let wasMatched = false;
    for (let k = 0; k < weeks.length; k++) {
      const t = weeks[k]! - first;
      priced[t]!++;
      if (k > 0 && weeks[k - 1] === weeks[k]! - 1) {
        logSum[t]! += Math.log(prices[k]! / prices[k - 1]!);
        matched[t]!++;
        wasMatched = true;
      }
    }
    if (wasMatched) matchedListings++;
  }
  const index: IndexRow[] = [];
  let value = 100;
  for (let t = 0; t < span; t++) {
    const computed = t > 0 && matched[t]! >= min;
    const link = computed ? Math.exp(logSum[t]! / matched[t]!) : NaN;
    if (computed) value *= link;
    index.push({
      period: isoWeekLabel(first + t),
      value: t === 0 || computed ? indexValue(value)! : null,
      link: computed ? round(link, 4) : null,
      n_matched: matched[t]!,
      imputed: t > 0 && !computed,
      sample: { n: priced[t]!, n_matched: matched[t]! },
      reason: t === 0 || computed ? null : sampleReason(matched[t]!, "matched listings", min),
    });
  }
  return {
    base_period: isoWeekLabel(first),
    index,
    direct: direct(listings, first, lastWeek, min),
    coverage: { listings: count, matched_listings: matchedListings, share: rate(matchedListings / count) },
  };
}

// The base week against the last one, over the listings priced in both.
function direct(
  listings: readonly Weekly[],
  first: number,
  last: number,
  min: number,
): ChainedIndex["direct"] {
  const ratios: number[] = [];
  for (const { weeks, prices } of listings) {
    if (weeks[0] === first && weeks[weeks.length - 1] === last && last !== first) {
      ratios.push(prices[prices.length - 1]! / prices[0]!);
    }
  }
  return {
    from: isoWeekLabel(first),
    to: isoWeekLabel(last),
    n: ratios.length,
    value: sampled(ratios.length, indexValue(100 * geometricMean(ratios)), min),
    reason: sampleReason(ratios.length, "listings priced in both weeks", min),
  };
}

// The median non-outlier price of listing `l` in each week it was observed.
function weeklyPrices(catalog: CountryCatalog, l: number): Weekly {
  const { obs } = catalog;
  const weeks: number[] = [], prices: number[] = [];
  let week = NaN, bucket: number[] = [];
  const flush = () => {
    if (bucket.length > 0) {
      weeks.push(week);
      prices.push(median(bucket));
    }
  };
  if (!catalog.listings[l]!.eligible) return { weeks, prices };
  // Observations are oldest first, so a week's observations are contiguous.
  for (const i of catalog.listings[l]!.observations) {
    if (obs.outlier[i] === 1 || obs.ambiguous[i] === 1) continue;
    const w = weekNumber(obs.time[i]!);
    if (w !== week) {
      flush();
      week = w;
      bucket = [];
    }
    bucket.push(obs.price[i]!);
  }
  flush();
  return { weeks, prices };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
