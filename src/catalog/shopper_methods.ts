/**
 * What each figure of the shopper answers means, as the answers' `method` objects state it (the README and
 * the OpenAPI descriptions say the same). Each answer appends its own `outliers_excluded` count.
 */

const CURRENT = "a listing's latest non-outlier observation within the 14 days up to the country's latest " +
  "observation (a listing is a product at a retailer)";
// Open Prices' rule, then what the answer's count covers.
const outliers = (counted: string) =>
  "a price at or above 3 times, or at or below a third of, the median of the product's observations " +
  `(products with at least 3) is left out of every figure; outliers_excluded counts them among ${counted}`;

/** The best-price method. */
export const BEST_PRICE_METHOD = Object.freeze({
  match: "every term is a word of the product's name or brand, the last one a prefix of one; match_rank 1 " +
    "when every term is in the name, 2 when a term matched only the brand",
  current: CURRENT,
  best: "the product's cheapest current offer (ties: lower unit price, then retailer name); with retailer, " +
    "that retailer's offer",
  unit_price: "price / pack size in kg, L or each: exact when the name states the size, derived when the " +
    "shelf price is per a unit of measure, null (unit_conversion unknown) otherwise",
  savings_vs_median: "median of the product's current prices at every retailer (n offers; also with " +
    "retailer) minus best.price; pct: that amount in percent of the median",
  ranking: "match_rank; then products with a unit price, grouped by unit basis (the basis most matching " +
    "products use first, ties kg, L, each) and by unit price; then products without, by price; ties by price, " +
    "then product name",
  outliers: outliers("the current-window observations of the served products' listings"),
});

/** The deal-finder method. */
export const DEAL_FINDER_METHOD = Object.freeze({
  current: CURRENT,
  window: "7d, 31d, 90d: observations at or after the country's latest observation minus that many days; " +
    "absent: the whole snapshot; a listing takes part when its current price was observed in the window",
  reference_price: "median of the listing's non-outlier observations in the window with the current pack " +
    "size, the current one included (n_obs of them)",
  discount_pct: "100 × (reference_price − price) / reference_price, 1 decimal; a deal has n_obs ≥ 2 and " +
    "discount_pct above 0 and at least min_discount",
  discount_abs: "reference_price − price",
  is_lowest_in_window: "no observation of the reference sample is cheaper than the current price",
  promo: "the retailer's own deal flag on the current observation (null when the source does not say)",
  sort: "pct: discount_pct descending; abs: discount_abs descending; recency: observed_at descending; ties " +
    "by discount_pct, discount_abs, product name, retailer",
  outliers: outliers("the window's observations of the category's listings (at the retailer, with retailer)"),
});

/** The price-drop-alert method. */
export const PRICE_DROP_ALERT_METHOD = Object.freeze({
  current: CURRENT,
  previous_price: "the most recent earlier non-outlier observation of the listing, with the current pack " +
    "size, whose price differs from the current one (null when the price never changed)",
  change: "price − previous_price; change_pct: the change in percent of previous_price, 1 decimal",
  changed_at: "observed_at of the first observation at the current price after previous_price",
  triggered: "down: change_pct ≤ −threshold_pct; up: change_pct ≥ threshold_pct; any: |change_pct| ≥ " +
    "threshold_pct; or price ≤ target; trigger says which: change, target or change_and_target",
  ranking: "triggered first, then |change_pct| descending (no previous price last), then product name, " +
    "then retailer",
  outliers: outliers("the observations of the served listings"),
});

/** A method object's JSON text up to its count: append `outliers_excluded` and `}`. */
export function methodHead(method: Readonly<Record<string, string>>): string {
  return `${JSON.stringify(method).slice(0, -1)},"outliers_excluded":`;
}
