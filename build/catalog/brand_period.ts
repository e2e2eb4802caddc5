/**
 * The brand tracker's tallies and its `period` block: the current 14 days against the 14 before, each
 * figure with `previous_*` and `change_*` (current minus previous of the figures as shown). Medians are over
 * prices per item; promotion rates count only observations from the deal flag's coverage jump on
 * (promo_coverage.ts), so a previous period before the jump has no promotion rate and no change; a figure
 * over fewer than the minimum sample is null and `reason` says why.
 */
import type { CountryCatalog } from "./catalog_model.ts";
import { CURRENT_WINDOW_DAYS, DAY_MS } from "./catalog_model.ts";
import { median, money, pct, rate, sampled, sampleReason } from "./catalog_figures.ts";
import { formatUtc } from "./catalog_observed_at.ts";
import type { PromoCoverage } from "./promo_coverage.ts";

/** The observations of one brand in one period, or one week. */
export class Tally {
  /** Prices per item of one-price days (the medians' sample). */
  readonly prices: number[] = [];
  readonly listings = new Set<number>();
  observations = 0;
  known = 0;
  deals = 0;
  /** `promoFrom`: the first instant whose deal flags count. */
  constructor(readonly promoFrom: number) {}
  /** Adds an observation; `price` NaN keeps it out of the medians. */
  add(price: number, deal: number, listing: number, time: number): void {
    this.observations++;
    if (!Number.isNaN(price)) this.prices.push(price);
    this.listings.add(listing);
    if (time < this.promoFrom) return;
    if (deal >= 0) this.known++;
    if (deal === 1) this.deals++;
  }
  /** The share on deal of the flagged observations (null without one). */
  get promoRate(): number | null {
    return rate(this.deals / this.known);
  }
}

/** The `period` block of a brand. */
export function periodFigures(
  catalog: CountryCatalog,
  now: Tally,
  before: Tally,
  promo: PromoCoverage,
  min: number,
) {
  const difference = (a: number | null, b: number | null, round: (x: number) => number | null) =>
    a === null || b === null ? null : round(a - b);
  const median_price = sampled(now.prices.length, money(median(now.prices)), min);
  const previous_median_price = sampled(before.prices.length, money(median(before.prices)), min);
  const beforeJump = catalog.currentFrom <= promo.promoFrom;
  const promo_rate = sampled(now.known, now.promoRate, min);
  const previous_promo_rate = beforeJump ? null : sampled(before.known, before.promoRate, min);
  const reasons = [
    sampleReason(now.prices.length, "prices per item in the period", min),
    sampleReason(before.prices.length, "prices per item in the previous period", min),
    sampleReason(now.known, "deal flags in the period", min),
    beforeJump
      ? `the previous period lies before the deal flag's coverage jump on ${promo.jump!.day}: no promo_rate`
      : sampleReason(before.known, "deal flags in the previous period", min),
  ].filter((reason) => reason !== null);
  return {
    from: formatUtc(catalog.currentFrom),
    to: formatUtc(catalog.latest),
    previous_from: formatUtc(catalog.currentFrom - CURRENT_WINDOW_DAYS * DAY_MS),
    previous_to: formatUtc(catalog.currentFrom),
    observations: now.observations,
    previous_observations: before.observations,
    change_observations: now.observations - before.observations,
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
    sample: {
      n_price: now.prices.length,
      previous_n_price: before.prices.length,
      n_promo: now.known,
      previous_n_promo: before.known,
    },
    reason: reasons.length === 0 ? null : reasons.join("; "),
  };
}
