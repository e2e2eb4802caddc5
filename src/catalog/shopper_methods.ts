/**
 * What each figure of the shopper answers means, as the answers' `method` objects state it (the README and
 * the OpenAPI descriptions say the same). Each answer appends its own `outliers_excluded` count.
 */

const CURRENT = "valid at meta.as_of, the catalog's latest observation (not the time of the answer: " +
  "freshness_seconds says how old as_of is): a listing's (a product at one pack size at a retailer) latest " +
  "non-outlier offer while its valid_until is at or after as_of, or, without one, while it was observed " +
  "within 14 days before as_of; an expired offer is never current";
// Open Prices' rule, then what the answer's count covers.
const outliers = (counted: string) =>
  "a price at or above 3 times, or at or below a third of, the median of the product's observations " +
  `(products with at least 3) is left out of every figure; outliers_excluded counts them among ${counted}`;

/** The best-price method. */
export const BEST_PRICE_METHOD = Object.freeze({
  match: "every term is a word of the product's name or brand (an apostrophe inside a word is dropped: " +
    "kelloggs finds Kellogg's), the last one a prefix of one; match_rank 1: the terms are the kind the " +
    "product's category names; 2: the last term is the name's last word; 3: every term is a word of the " +
    "name; 4: the last term only begins a word of the name; 5: a term is only in the brand",
  current: CURRENT,
  product: "a product is a name of a brand at one pack size: size says the pack its texts state (the name " +
    "or the retailer's original text), with confidence exact, range, several or none",
  best: "the product's cheapest current offer (ties: lower unit price, then retailer name); with retailer, " +
    "that retailer's offer",
  price_basis: "item: the price is per item as sold; per_measure: per a stated unit of measure (per lb, " +
    "/kg); unstated: fresh meat or fish without a stated pack, which flyers often price per weight: never " +
    "ranked against prices per item",
  same_day_prices:
    "the listing's distinct prices on the offer's day when it listed several packs its texts " +
    "do not tell apart (price is the lowest of them); null otherwise",
  unit_price: "price / pack size in kg, L or each: exact when a text states the size, derived when the " +
    "shelf price is per a unit of measure, null (unit_conversion unknown) otherwise",
  expired_offers:
    "the product's offers of the last 14 days whose valid_until is before as_of: listed apart, " +
    "never in offers, best or savings",
  savings_vs_median: "median of the product's current prices at every retailer (n offers; also with " +
    "retailer) minus best.price; pct: that amount in percent of the median",
  ranking: "match_rank; then products with a unit price, grouped by unit basis (the basis most matching " +
    "products use first, ties kg, L, each) and by unit price; then products priced per item without one, by " +
    "price; then products of unstated price basis, by price; ties by price, then product name",
  outliers: outliers("the current-window observations of the served products' listings"),
});

/** The deal-finder method. */
export const DEAL_FINDER_METHOD = Object.freeze({
  current: CURRENT,
  window: "7d, 31d, 90d: observations at or after the country's latest observation minus that many days; " +
    "absent: the whole snapshot; a listing takes part when its current price was observed in the window",
  reference_price: "median of the listing's non-outlier observations in the window with the current pack " +
    "size, the current one included (n_obs of them); a day on which the listing had several prices (packs " +
    "its texts do not tell apart) is left out, and such a current price is no deal",
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
    "size, whose price differs from the current one (null when the price never changed); a day on which the " +
    "listing had several prices (packs its texts do not tell apart) is never one side of a change, so a " +
    "change compares two different days",
  previous_observed_at: "observed_at of previous_price",
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
