/**
 * What the API description says of each catalog operation: a summary and what its answer holds and how each
 * figure is computed, in a few sentences (the decisions the published interface leaves open).
 */
import { MIN_SAMPLE } from "../format/catalog_records.ts";
import type { CatalogOperation } from "../operation/operations.ts";

/** An operation's summary and description. */
export interface OperationTexts {
  readonly summary: string;
  readonly description: string;
}

// What every description shares: current prices, the minimum sample, price sources, the category resolution.
const CURRENT =
  "Current: valid at meta.as_of, the catalog's latest observation (an offer past its valid_until, " +
  "or observed more than 14 days before as_of without one, is expired and left out). ";
const MINIMUM =
  `A figure over fewer than ${MIN_SAMPLE} items (listings, matched products, observations) is ` +
  "null and the row's reason says why. ";
const RESOLVED =
  "resolved lists the categories the answer covers (included, with the reason: a curated GPC link " +
  "or the category's own name) and those it left out, and why. Retailers that are not serving-eligible are " +
  "left out of every market-wide figure. ";
const SOURCES =
  "Retailers found to publish one shared flyer (identical prices on most of the same products " +
  "on the same days) are one price source, counted once (price_sources). ";

/** The texts of every catalog operation. */
export const CATALOG_TEXTS: Readonly<Record<CatalogOperation, OperationTexts>> = {
  getShareOfShelf: {
    summary: "Share of shelf of the brands of a category (listing share)",
    description: "Each known brand's share of the category's current listings (a product with a current " +
      "price at a retailer), overall, per retailer, and balanced across retailers (the mean of the brand's " +
      "share at each retailer). Listings whose brand is unknown are counted apart (unknown_brand), never as a " +
      "brand. " + CURRENT + MINIMUM + RESOLVED + "Rank-weighted share of search needs search-rank data the " +
      "catalog does not hold. With retailer, the shares within that retailer.",
  },
  getCompetitiveLandscape: {
    summary: "Competitive landscape of a category: how each retailer prices it against the others",
    description:
      "Per retailer, over current prices: current listings, known brands, median price per item, " +
      "median unit price in the category's dominant basis (unit_basis), a price index (100 × the geometric " +
      "mean of its price over the product's median price across the price sources selling it, over the " +
      "products another price source sells too: sample.n_matched), the share of its products another price " +
      "source sells (overlap_rate) and the share of those where it is the cheapest, ties included " +
      "(cheaper_rate). Also products_compared, the top 10 known brands with their median price and " +
      "unknown_brand. " + CURRENT + SOURCES + MINIMUM + RESOLVED + "With retailer, that retailer's row " +
      "only, still measured against the whole market.",
  },
  getBrandTracker: {
    summary: "Brand tracker: a brand's prices, distribution and promotions across retailers and weeks",
    description:
      "Per retailer, the brand's current listings, their median price per item and a price index " +
      "against its categories (100 × the geometric mean of each listing's price over the median current " +
      "price of its category across retailers, over listings whose category holds another known brand). " +
      "Distribution: retailers carrying it over retailers selling its categories. promo_rate: share of its " +
      "observations on deal, from the day the source's deal flag covers the data alike (method.promo_coverage " +
      "names a coverage jump: promotions are never compared across it). trend: median price and " +
      "observations per ISO week over the whole snapshot. period: the current 14 days against the 14 before, " +
      "each figure with previous_* and change_*. " + CURRENT + MINIMUM + "With retailer, that retailer's " +
      "row only; the other figures stay the brand's across the market.",
  },
  getInflationIndex: {
    summary: "Observed weekly price index of a category (chained Jevons of matched listings)",
    description:
      "A weekly chained Jevons index (ILO/IMF CPI Manual): a listing's weekly price is the median of its " +
      "non-outlier observations in the ISO week (a day with several prices of the listing left out); each " +
      "week's link is exp(mean ln(p_t / p_t-1)) over the listings (same product and pack at the same " +
      `retailer) priced in that week and the week before, computed only over at least ${MIN_SAMPLE} of them: a week ` +
      "below that has value null, the reason, and the chain carries the last value across it (imputed). The " +
      "index is 100 in base_period and runs to the week of the country's latest observation; direct compares " +
      "the base week with the last over the listings priced in both. coverage says how many listings ever " +
      "matched. by_retailer holds each retailer's own index; with retailer, the answer is that retailer's. " +
      RESOLVED + "official lists the official average price levels of the series linked to the category " +
      "(StatCan 18-10-0245-01 for ca, USDA ERS for us) as published: levels, never mixed into the index, " +
      "with the agency's caveat.",
  },
  getPriceDispersion: {
    summary: "Price dispersion of a category: quartiles, cv, and within-product spreads across retailers",
    description: "Over current prices, one value per product and price source: stats {n, min, q1, median, " +
      "q3, max, iqr, cv} (quartiles R-7, cv = population standard deviation / mean) of unit prices when at " +
      "least half of the values have one in a single basis (measure unit_price, unit_basis), else of prices " +
      "per item; by_retailer the same per retailer; within_product the medians of each product's cv, " +
      "max/min ratio and gap (second-lowest - lowest price) over products priced by two or more price " +
      "sources. " + CURRENT + SOURCES + MINIMUM + RESOLVED + "With retailer, the stats of its listings and " +
      "within_product over the products it sells that another price source sells.",
  },
  getBestPrice: {
    summary: "Best current price of the products matching a search, across retailers",
    description:
      "Products (a name of a brand at one pack size: size says the pack the source's texts state " +
      "and how certain it is) whose name or brand matches q (every term a word, the last a prefix; an " +
      "apostrophe inside a word is dropped), each with its best (cheapest) current offer, its offers at " +
      "every retailer by price, each with its valid_until, the offers that expired listed apart " +
      "(expired_offers), and savings_vs_median (the median of its current prices at every retailer minus the " +
      "best price). " + CURRENT + "Ranked by match_rank (1: the terms are the kind the product's category " +
      "names; 2: the last term is the name's last word; 3: every term is a word of the name; 4: the last " +
      "term only begins one; 5: a term is only in the brand), then unit price (the basis most matches use " +
      "first), then prices per item without a unit price, then prices of unstated basis (fresh meat and fish " +
      "without a pack, which may be per weight: never ranked against prices per item), then name. With " +
      "retailer: only that retailer's offers; savings still against the whole market. 404 NO_RESULTS (free) " +
      "when no product with a current price matches.",
  },
  findDeals: {
    summary: "Current deals of a category: prices below their own recent median",
    description: "Listings of the category whose current price is below their reference price by at least " +
      "min_discount percent. Reference price: the median of the listing's non-outlier observations in the " +
      "window (7d, 31d, 90d before the country's latest observation; absent: the whole snapshot) with the " +
      "current pack size, the current one included, days with several prices of the listing left out (such " +
      "a current price is no deal); a deal needs n_obs ≥ 2. is_lowest_in_window: no observation of that " +
      "sample is cheaper; promo: the retailer's own deal flag; valid_until: the end of the price. " +
      CURRENT +
      RESOLVED +
      "Sorted by sort (pct, abs, recency); total counts every deal at or above min_discount. With " +
      "retailer: that retailer's deals.",
  },
  getPriceDropAlerts: {
    summary: "Stateless price alerts: current price against the previous different price",
    description:
      "For each listing of the products matching q: the current price, previous_price (the most recent " +
      "earlier non-outlier observation with a different price and the same pack size, on another day: a day " +
      "with several prices of the listing is never one side of a change) with previous_observed_at, change, " +
      "change_pct and changed_at (the first observation at the current price after it). triggered when " +
      "change_pct passes threshold_pct in the asked direction (down: ≤ −threshold, up: ≥ threshold, any: " +
      "|change| ≥ threshold) or the price is at or below target; trigger names the rule. " + CURRENT +
      "Sorted triggered first, then |change_pct| descending, then product name. With retailer: that " +
      "retailer's listings.",
  },
};
