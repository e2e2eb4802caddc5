/**
 * Brand tracker per known brand, precomputed: per retailer the brand's current listings, their median price
 * and a price index against its categories (100 × the geometric mean of each listing's price over the median
 * current price of its category node across retailers); its distribution (retailers carrying it over
 * retailers selling its categories); its promotion rate; a weekly trend over the whole snapshot; and the
 * current 14-day window against the 14 days before (`period`, each figure with `previous_*` and `change_*`,
 * as brand reports do).
 *
 * Prices compared across products are prices per item (listing_prices.ts `shelfPrice`). A listing whose
 * category holds no current listing of another known brand is left out of the index: comparing a brand with
 * itself says nothing about its price position, and a listing of unknown brand may be the same brand. A
 * figure over fewer than the minimum sample is null with the reason. Promotion figures use the deal flag
 * only where it covers the snapshot alike (promo_coverage.ts). With a retailer, the answer keeps that
 * retailer's row only; every other figure stays the brand's across the market.
 */
import type { AnswerRecord } from "../../src/format/catalog_records.ts";
import type { CompiledCountry } from "./catalog_compile.ts";
import { members, methodMember, sharedRecord } from "./answer_text.ts";
import { type CountryCatalog, CURRENT_WINDOW_DAYS, DAY_MS, PRICE_BASES } from "./catalog_model.ts";
import { geometricMean, index, median, money, rate, sampled, sampleReason } from "./catalog_figures.ts";
import { CURRENT_TEXT } from "./catalog_current.ts";
import {
  byRetailerName,
  isoWeek,
  type NodeMarket,
  nodeMarkets,
  outliersSince,
  shelfPrice,
  weekStart,
} from "./listing_prices.ts";
import { type PromoCoverage, promoCoverageText } from "./promo_coverage.ts";
import { periodFigures, Tally } from "./brand_period.ts";

const ITEM = PRICE_BASES.indexOf("item");

/** How each figure of the brand tracker is computed, as every answer states it. */
export const brandMethod = (min: number, promo: PromoCoverage) => ({
  current: CURRENT_TEXT,
  listings: "the brand's products with a current price at the retailer",
  median_price: "median of the brand's current prices per item at the retailer (sample.n_price)",
  price_index: "100 × exp(mean ln(price / median current price per item of the listing's category node " +
    "across retailers, every listing of the node counted)) over listings whose category has a current " +
    "listing of another known brand (sample.n_matched); a listing of unknown brand is never another brand",
  distribution: "retailers with a current listing of the brand / retailers with a current listing in a " +
    "category the brand is listed in",
  promo_rate:
    "share on deal of the brand's non-outlier observations whose deal flag is known (sample.n_promo)",
  promo_coverage: promoCoverageText(promo),
  trend: "median price per item and count of the brand's non-outlier observations (a day with several " +
    "prices of one listing left out) per ISO week (UTC) from the country's first to its latest observation",
  period: "[from, to] the 14 days up to the country's latest observation, [previous_from, previous_to) " +
    "the 14 days before; change_* = current minus previous of the figures as shown",
  minimum_sample:
    `a median, index or rate over fewer than ${min} items is null and the row's reason says why`,
});

/** The brand-tracker record of every known brand of `country`, keyed by brand key. */
export function* compileBrandTracker(
  { catalog, promo, minSample }: CompiledCountry,
): Generator<readonly [string, AnswerRecord | readonly string[]]> {
  yield sharedRecord(members(brandMethod(minSample, promo)));
  const markets = nodeMarkets(catalog);
  const byBrand = new Map<string, number[]>();
  catalog.listings.forEach((listing, l) => {
    const brandKey = catalog.products[listing.product]!.brandKey;
    if (brandKey === "" || !listing.eligible) return;
    if (!byBrand.has(brandKey)) byBrand.set(brandKey, []);
    byBrand.get(brandKey)!.push(l);
  });
  const first = catalog.obs.time.length === 0 ? 0 : weekStart(catalog.obs.time[0]!);
  const weeks = Math.floor((weekStart(catalog.latest) - first) / (7 * DAY_MS)) + 1;
  for (const brandKey of [...byBrand.keys()].sort()) {
    yield [brandKey, brandRecord(catalog, byBrand.get(brandKey)!, markets, first, weeks, promo, minSample)];
  }
}

function brandRecord(
  catalog: CountryCatalog,
  brandListings: readonly number[],
  markets: readonly NodeMarket[],
  firstWeek: number,
  weeks: number,
  promo: PromoCoverage,
  min: number,
): AnswerRecord {
  const { listings, obs, currentFrom } = catalog;
  const previousFrom = currentFrom - CURRENT_WINDOW_DAYS * DAY_MS;
  const all = new Tally(promo.promoFrom),
    now = new Tally(promo.promoFrom),
    before = new Tally(promo.promoFrom);
  const byWeek = Array.from({ length: weeks }, () => new Tally(promo.promoFrom));
  for (const l of brandListings) {
    for (const i of listings[l]!.observations) {
      if (obs.outlier[i] === 1) continue;
      const t = obs.time[i]!, deal = obs.deal[i]!;
      // A price enters a median only per item and on a day the listing had one price.
      const price = obs.priceBasis[i] === ITEM && obs.ambiguous[i] === 0 ? obs.price[i]! : NaN;
      all.add(price, deal, l, t);
      byWeek[Math.floor((t - firstWeek) / (7 * DAY_MS))]!.add(price, deal, l, t);
      if (t >= currentFrom) now.add(price, deal, l, t);
      else if (t >= previousFrom) before.add(price, deal, l, t);
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
      ...retailerFigures(catalog, mine.get(r)!, markets, min),
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
  },"promo_rate":${JSON.stringify(sampled(all.known, all.promoRate, min))},` +
    `"sample":${JSON.stringify({ observations: all.prices.length, n_promo: all.known })},` +
    `"period":${JSON.stringify(periodFigures(catalog, now, before, promo, min))},` +
    `"trend":${
      JSON.stringify(byWeek.map((week, w) => ({
        week: isoWeek(firstWeek + w * 7 * DAY_MS),
        median_price: sampled(week.prices.length, money(median(week.prices)), min),
        observations: week.observations,
        reason: week.observations === 0 ? null : sampleReason(week.prices.length, "prices per item", min),
      })))
    },${method}`;
  const fragment = (written: readonly unknown[]) => `${head}${JSON.stringify(written)}${tail}`;
  return {
    json: fragment([...rows.values()].filter((row) => row.listings > 0)),
    by_retailer: catalog.retailers.map((_, r) => (rows.has(r) ? fragment([rows.get(r)!]) : null)),
  };
}

// A retailer's current listings of the brand: count, median price, index against their categories.
function retailerFigures(
  catalog: CountryCatalog,
  mine: readonly number[],
  markets: readonly NodeMarket[],
  min: number,
) {
  const prices: number[] = [], ratios: number[] = [];
  for (const l of mine) {
    const price = shelfPrice(catalog, l);
    if (Number.isNaN(price)) continue;
    prices.push(price);
    const market = markets[catalog.listings[l]!.node]!;
    // The brand itself is one of the node's known brands: a second one means another brand to compare with.
    if (market.brands.size >= 2) ratios.push(price / market.median);
  }
  const reasons = [sampleReason(prices.length, "current prices per item", min)]
    .concat(sampleReason(ratios.length, "listings compared with another known brand", min))
    .filter((reason) => reason !== null);
  return {
    listings: mine.length,
    median_price: sampled(prices.length, money(median(prices)), min),
    price_index: sampled(ratios.length, index(100 * geometricMean(ratios)), min),
    sample: { n: mine.length, n_price: prices.length, n_matched: ratios.length },
    reason: reasons.length === 0 ? null : reasons.join("; "),
  };
}
