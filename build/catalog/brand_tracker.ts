/**
 * Brand tracker per brand, precomputed: per retailer the brand's current listings, their median price and a
 * price index against its categories (100 × the geometric mean of each listing's price over the median
 * current price of its category node across retailers); its distribution (retailers carrying it over
 * retailers selling its categories); its promotion rate; a weekly trend over the whole snapshot; and the
 * current 14-day window against the 14 days before (`period`, each figure with `previous_*` and
 * `change_*`, as brand reports do).
 *
 * A listing whose category holds no current listing of another brand is left out of the index: comparing a
 * brand with itself says nothing about its price position. With a retailer, the answer keeps that
 * retailer's row only; every other figure stays the brand's across the market.
 */
import type { AnswerRecord } from "../../src/format/catalog_records.ts";
import type { CompiledCountry } from "./catalog_compile.ts";
import { members, methodMember, sharedRecord } from "./answer_text.ts";
import { type CountryCatalog, CURRENT_WINDOW_DAYS, DAY_MS } from "./catalog_model.ts";
import { geometricMean, index, median, money, pct, rate } from "./catalog_figures.ts";
import { formatUtc } from "./catalog_observed_at.ts";
import {
  byRetailerName,
  currentPrice,
  isoWeek,
  type NodeMarket,
  nodeMarkets,
  outliersSince,
  weekStart,
} from "./listing_prices.ts";

/** How each figure of the brand tracker is computed, as every answer states it. */
export const BRAND_METHOD = Object.freeze({
  current: "a listing's latest non-outlier price within 14 days of the country's latest observation",
  listings: "the brand's products with a current price at the retailer",
  median_price: "median of the brand's current prices at the retailer",
  price_index: "100 × exp(mean ln(price / median current price of the listing's category node across " +
    "retailers)) over listings whose category has a current listing of another brand (sample.n_matched)",
  distribution: "retailers with a current listing of the brand / retailers with a current listing in a " +
    "category the brand is listed in",
  promo_rate: "share on deal of the brand's non-outlier observations of the snapshot whose deal flag is " +
    "known (sample.n_promo)",
  trend: "median price and count of the brand's non-outlier observations per ISO week (UTC) from the " +
    "country's first to its latest observation",
  period: "[from, to] the 14 days up to the country's latest observation, [previous_from, previous_to) " +
    "the 14 days before; change_* = current minus previous of the figures as shown",
});

/** The observations of one brand in one period, or one week. */
class Tally {
  readonly prices: number[] = [];
  readonly listings = new Set<number>();
  known = 0;
  deals = 0;
  add(price: number, deal: number, listing: number): void {
    this.prices.push(price);
    this.listings.add(listing);
    if (deal >= 0) this.known++;
    if (deal === 1) this.deals++;
  }
  get promoRate(): number | null {
    return rate(this.deals / this.known);
  }
}

/** The brand-tracker record of every brand of `country`, keyed by brand key. */
export function* compileBrandTracker(
  { catalog }: CompiledCountry,
): Generator<readonly [string, AnswerRecord | readonly string[]]> {
  yield sharedRecord(members(BRAND_METHOD));
  const markets = nodeMarkets(catalog);
  const byBrand = new Map<string, number[]>();
  catalog.listings.forEach((listing, l) => {
    const brandKey = catalog.products[listing.product]!.brandKey;
    if (brandKey === "") return;
    if (!byBrand.has(brandKey)) byBrand.set(brandKey, []);
    byBrand.get(brandKey)!.push(l);
  });
  const first = catalog.obs.time.length === 0 ? 0 : weekStart(catalog.obs.time[0]!);
  const weeks = Math.floor((weekStart(catalog.latest) - first) / (7 * DAY_MS)) + 1;
  for (const brandKey of [...byBrand.keys()].sort()) {
    yield [brandKey, brandRecord(catalog, byBrand.get(brandKey)!, markets, first, weeks)];
  }
}

function brandRecord(
  catalog: CountryCatalog,
  brandListings: readonly number[],
  markets: readonly NodeMarket[],
  firstWeek: number,
  weeks: number,
): AnswerRecord {
  const { listings, obs, currentFrom } = catalog;
  const previousFrom = currentFrom - CURRENT_WINDOW_DAYS * DAY_MS;
  const all = new Tally(), now = new Tally(), before = new Tally();
  const byWeek = Array.from({ length: weeks }, () => new Tally());
  for (const l of brandListings) {
    for (const i of listings[l]!.observations) {
      if (obs.outlier[i] === 1) continue;
      const t = obs.time[i]!, price = obs.price[i]!, deal = obs.deal[i]!;
      all.add(price, deal, l);
      byWeek[Math.floor((t - firstWeek) / (7 * DAY_MS))]!.add(price, deal, l);
      if (t >= currentFrom) now.add(price, deal, l);
      else if (t >= previousFrom) before.add(price, deal, l);
    }
  }
  const mine = new Map<number, number[]>();
  for (const l of brandListings) {
    const r = listings[l]!.retailer;
    if (!mine.has(r)) mine.set(r, []);
    if (listings[l]!.current >= 0) mine.get(r)!.push(l);
  }
  const rows = new Map(
    byRetailerName(catalog, mine.keys()).map((r) => [r, {
      retailer: catalog.retailers[r]!.name,
      ...retailerFigures(catalog, mine.get(r)!, markets),
    }]),
  );
  const inCategories = new Set<number>();
  for (const node of new Set(brandListings.map((l) => listings[l]!.node))) {
    for (const r of markets[node]!.retailers) inCategories.add(r);
  }
  const carrying = [...rows.values()].filter((row) => row.listings > 0).length;
  const method = methodMember(outliersSince(catalog, brandListings, -Infinity));
  const head = `"brand":${JSON.stringify(catalog.products[listings[brandListings[0]!]!.product]!.brand)},` +
    `"retailers":`;
  const tail = `,"distribution":${
    JSON.stringify({
      carrying,
      in_categories: inCategories.size,
      value: rate(carrying / inCategories.size),
    })
  },"promo_rate":${JSON.stringify(all.promoRate)},` +
    `"sample":${JSON.stringify({ observations: all.prices.length, n_promo: all.known })},` +
    `"period":${JSON.stringify(period(catalog, now, before))},` +
    `"trend":${
      JSON.stringify(byWeek.map((week, w) => ({
        week: isoWeek(firstWeek + w * 7 * DAY_MS),
        median_price: money(median(week.prices)),
        observations: week.prices.length,
      })))
    },${method}`;
  const fragment = (written: readonly unknown[]) => `${head}${JSON.stringify(written)}${tail}`;
  return {
    json: fragment([...rows.values()].filter((row) => row.listings > 0)),
    by_retailer: catalog.retailers.map((_, r) => (rows.has(r) ? fragment([rows.get(r)!]) : null)),
  };
}

// A retailer's current listings of the brand: count, median price, index against their categories.
function retailerFigures(catalog: CountryCatalog, mine: readonly number[], markets: readonly NodeMarket[]) {
  const prices = mine.map((l) => currentPrice(catalog, l));
  const ratios: number[] = [];
  mine.forEach((l, k) => {
    const market = markets[catalog.listings[l]!.node]!;
    // The brand itself is one of the node's brands: a second one means another brand to compare with.
    if (market.brands.size >= 2) ratios.push(prices[k]! / market.median);
  });
  return {
    listings: mine.length,
    median_price: money(median(prices)),
    price_index: index(100 * geometricMean(ratios)),
    sample: { n: mine.length, n_matched: ratios.length },
  };
}

// The current window against the previous one; changes are differences of the figures as shown.
function period(catalog: CountryCatalog, now: Tally, before: Tally) {
  const difference = (a: number | null, b: number | null, round: (x: number) => number | null) =>
    a === null || b === null ? null : round(a - b);
  const median_price = money(median(now.prices));
  const previous_median_price = money(median(before.prices));
  const promo_rate = now.promoRate, previous_promo_rate = before.promoRate;
  return {
    from: formatUtc(catalog.currentFrom),
    to: formatUtc(catalog.latest),
    previous_from: formatUtc(catalog.currentFrom - CURRENT_WINDOW_DAYS * DAY_MS),
    previous_to: formatUtc(catalog.currentFrom),
    observations: now.prices.length,
    previous_observations: before.prices.length,
    change_observations: now.prices.length - before.prices.length,
    median_price,
    previous_median_price,
    change_median_price: difference(median_price, previous_median_price, money),
    change_median_price_pct: previous_median_price === 0 || median_price === null ||
        previous_median_price === null
      ? null
      : pct((median_price / previous_median_price - 1) * 100),
    promo_rate,
    previous_promo_rate,
    change_promo_rate: difference(promo_rate, previous_promo_rate, rate),
    listings: now.listings.size,
    previous_listings: before.listings.size,
    change_listings: now.listings.size - before.listings.size,
    sample: { n_promo: now.known, previous_n_promo: before.known },
  };
}
