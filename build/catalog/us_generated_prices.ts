/**
 * The weekly price history of one generated listing (a product of a brand at a retailer), so that deals,
 * price drops and rises, a chained index and dispersion all have something to find:
 *
 * - a regular shelf price that holds from week to week and steps: each week off promotion, with probability
 *   STEP_PROBABILITY, it moves up by 2..9 % (three times in four) or down by 3..8 %, a drift of about +4 %
 *   over 26 weeks;
 * - loose produce is re-priced weekly around its regular price (±4 %), as produce prices move;
 * - promotions: a listing not on promotion starts one with probability DEAL_PROBABILITY, lasting 1 to 3 weeks
 *   (never past the last week) at 10..33 % off, marked is_deal with valid_until the promotion's last Saturday;
 * - gaps: some listings start late or end early (a product introduced or delisted), and any week is missing
 *   with probability GAP_PROBABILITY (a store not visited, an item out of stock);
 * - prices end in 9 (2.49, 0.59), the way shelves are priced, and a deal is always below the regular price.
 *
 * Every draw comes from the sequence passed in, in a fixed order, so a seed gives the same history.
 */

/** Weeks of the generated period. */
export const WEEKS = 26;
/** Chance a regular price steps in a given week. */
export const STEP_PROBABILITY = 0.06;
/** Chance a listing not on promotion starts one in a given week. */
export const DEAL_PROBABILITY = 0.07;
/** Chance a week's observation is missing. */
export const GAP_PROBABILITY = 0.05;

const DISCOUNTS = [0.1, 0.15, 0.2, 0.25, 0.3, 0.33];

/** One observed week of a listing. */
export interface WeekPrice {
  /** 0-based week of the period. */
  readonly week: number;
  /** The shelf price in cents. */
  readonly cents: number;
  readonly is_deal: boolean;
  /** For a deal, the 0-based week its promotion ends in. */
  readonly deal_until_week: number | undefined;
}

/** The observed weeks of a listing whose regular price starts at `price` (USD). */
export function weeklyPrices(random: () => number, price: number, weeklyNoise: boolean): WeekPrice[] {
  const first = random() < 0.08 ? 4 + Math.floor(random() * 12) : 0;
  const last = random() < 0.05 ? 14 + Math.floor(random() * 10) : WEEKS - 1;
  let regular = price;
  let dealUntil = -1, discount = 0;
  const weeks: WeekPrice[] = [];
  for (let week = 0; week < WEEKS; week++) {
    const step = random(), size = random(), noise = random(), deal = random(), length = random();
    const depth = random(), gap = random();
    // A regular price does not change during a promotion, so the deal stays below the price it cuts.
    if (week > dealUntil && step < STEP_PROBABILITY) {
      regular *= size < 0.75 ? 1.02 + size / 0.75 * 0.07 : 1 - (0.03 + (size - 0.75) * 0.2);
    }
    if (week > dealUntil && week >= first && deal < DEAL_PROBABILITY) {
      dealUntil = Math.min(week + Math.floor(length * 3), last);
      discount = DISCOUNTS[Math.floor(depth * DISCOUNTS.length)]!;
    }
    if (week < first || week > last || gap < GAP_PROBABILITY) continue;
    const shelf = shelfCents(weeklyNoise ? regular * (1 + (noise - 0.5) * 0.08) : regular);
    if (week <= dealUntil) {
      const cents = Math.min(shelfCents(regular * (1 - discount)), shelf - 10);
      weeks.push({ week, cents: Math.max(cents, 9), is_deal: true, deal_until_week: dealUntil });
    } else {
      weeks.push({ week, cents: shelf, is_deal: false, deal_until_week: undefined });
    }
  }
  return weeks;
}

/** A price in cents ending in 9 (2.4637 → 249), at least 19 cents. */
export function shelfCents(price: number): number {
  return Math.max(19, Math.round(price * 10) * 10 - 1);
}
