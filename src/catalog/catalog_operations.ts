/**
 * Every catalog operation that is served: how a request is prepared, its query and answer schemas (the
 * OpenAPI document publishes them) and the texts that say what the interface leaves open. The HTTP router
 * takes the paths from src/operation/operations.ts; an operation absent here answers 404 NOT_FOUND.
 */
import type * as v from "npm:valibot@1.5.0";
import type { CatalogOperation } from "../operation/operations.ts";
import {
  brandAnswer,
  brandQuery,
  type CatalogPrepare,
  categoryAnswer,
  categoryQuery,
} from "./category_answer.ts";
import { shareOfShelfResponseSchema } from "./share_of_shelf_schema.ts";
import { landscapeResponseSchema } from "./landscape_schema.ts";
import { brandTrackerResponseSchema } from "./brand_tracker_schema.ts";
import { inflationResponseSchema } from "./inflation_schema.ts";
import { dispersionResponseSchema } from "./dispersion_schema.ts";
import { prepareBestPrice } from "./best_price.ts";
import { prepareDealFinder } from "./deal_finder.ts";
import { preparePriceDropAlert } from "./price_drop_alert.ts";
import { bestPriceQuery, dealFinderQuery, priceDropAlertQuery } from "./shopper_params.ts";
import {
  bestPriceResponseSchema,
  dealFinderResponseSchema,
  priceDropAlertResponseSchema,
} from "./shopper_schemas.ts";

/** One served catalog operation. */
export interface CatalogOperationSpec {
  readonly prepare: CatalogPrepare;
  /** The query schema (a strictObject of the parameters). */
  readonly query: v.GenericSchema;
  /** The 200 body. */
  readonly response: v.GenericSchema;
  readonly summary: string;
  /** What the answer holds and how each figure is computed, in a few sentences. */
  readonly description: string;
}

/** The served catalog operations. */
export const CATALOG_SERVED: Partial<Readonly<Record<CatalogOperation, CatalogOperationSpec>>> = {
  getShareOfShelf: {
    prepare: categoryAnswer("getShareOfShelf", "marketing_share"),
    query: categoryQuery,
    response: shareOfShelfResponseSchema,
    summary: "Share of shelf of the brands of a category (listing share)",
    description:
      "Each brand's share of the category's current listings (a product with a current price at a " +
      "retailer: its latest non-outlier price within 14 days of the country's latest observation), overall, " +
      "per retailer, and balanced across retailers (the mean of the brand's share at each retailer). " +
      "Unbranded products are one row with brand null. Rank-weighted share of search needs search-rank data " +
      "the catalog does not hold. With retailer, the shares within that retailer.",
  },
  getCompetitiveLandscape: {
    prepare: categoryAnswer("getCompetitiveLandscape", "marketing_landscape"),
    query: categoryQuery,
    response: landscapeResponseSchema,
    summary: "Competitive landscape of a category: how each retailer prices it against the others",
    description:
      "Per retailer, over current prices (a listing's latest non-outlier price within 14 days of the " +
      "country's latest observation): current listings, brands, median price, median unit price in the " +
      "category's dominant basis (unit_basis), a price index (100 × the geometric mean of its price over " +
      "the product's median price across the retailers selling it, over the products it shares with " +
      "another retailer: sample.n_matched), the share of its products sold elsewhere too (overlap_rate) " +
      "and the share of those where it is the cheapest, ties included (cheaper_rate). Also " +
      "products_compared and the top 10 brands by current listings with their median price. With " +
      "retailer, that retailer's row only, still measured against the whole market.",
  },
  getBrandTracker: {
    prepare: brandAnswer("getBrandTracker", "marketing_brands"),
    query: brandQuery,
    response: brandTrackerResponseSchema,
    summary: "Brand tracker: a brand's prices, distribution and promotions across retailers and weeks",
    description:
      "Per retailer, the brand's current listings, their median price and a price index against its " +
      "categories (100 × the geometric mean of each listing's price over the median current price of its " +
      "category across retailers, over listings whose category holds another brand). Distribution: " +
      "retailers carrying it over retailers selling its categories. promo_rate: share of its observations " +
      "on deal. trend: median price and observations per ISO week over the whole snapshot. period: the " +
      "current 14 days against the 14 before, each figure with previous_* and change_*. With retailer, " +
      "that retailer's row only; the other figures stay the brand's across the market.",
  },
  getInflationIndex: {
    prepare: categoryAnswer("getInflationIndex", "analyst_inflation"),
    query: categoryQuery,
    response: inflationResponseSchema,
    summary: "Observed weekly price index of a category (chained Jevons of matched listings)",
    description:
      "A weekly chained Jevons index (ILO/IMF CPI Manual): a listing's weekly price is the median of its " +
      "non-outlier observations in the ISO week; each week's link is exp(mean ln(p_t / p_t-1)) over the " +
      "listings (same product at the same retailer) priced in that week and the week before; the index is " +
      "100 in base_period and runs to the week of the country's latest observation; a week with no matched " +
      "pair carries the value forward (imputed). coverage says how many listings ever matched. by_retailer " +
      "holds each retailer's own index; with retailer, the answer is that retailer's. official lists the " +
      "official average price levels of the series linked to the category (StatCan 18-10-0245-01 for ca, " +
      "USDA ERS for us) as published: levels, never mixed into the index, with the agency's caveat.",
  },
  getPriceDispersion: {
    prepare: categoryAnswer("getPriceDispersion", "analyst_dispersion"),
    query: categoryQuery,
    response: dispersionResponseSchema,
    summary: "Price dispersion of a category: quartiles, cv, and within-product spreads across retailers",
    description:
      "Over current prices (a listing's latest non-outlier price within 14 days of the country's latest " +
      "observation): stats {n, min, q1, median, q3, max, iqr, cv} (quartiles R-7, cv = population standard " +
      "deviation / mean) of unit prices when at least half of the listings have one in a single basis " +
      "(measure unit_price, unit_basis), else of prices; by_retailer the same per retailer; within_product " +
      "the medians of each product's cv, max/min ratio and gap (second-lowest - lowest price) over products " +
      "priced at two or more retailers. With retailer, the stats of its listings and within_product over " +
      "the products it sells that another retailer sells.",
  },
  getBestPrice: {
    prepare: prepareBestPrice,
    query: bestPriceQuery,
    response: bestPriceResponseSchema,
    summary: "Best current price of the products matching a search, across retailers",
    description:
      "Products whose name or brand matches q (every term a word, the last a prefix), each with its best " +
      "(cheapest) current offer, its offers at every retailer by price, and savings_vs_median (the median of " +
      "its current prices at every retailer minus the best price). Current: a listing's latest non-outlier " +
      "price within 14 days of the country's latest observation. Ranked by match_rank (1: every term in the " +
      "name), then unit price (the basis most matches use first; unknown unit prices last, by price), then " +
      "name. With retailer: only that retailer's offers; savings still against the whole market. 404 " +
      "NO_RESULTS (free) when no product with a current price matches.",
  },
  findDeals: {
    prepare: prepareDealFinder,
    query: dealFinderQuery,
    response: dealFinderResponseSchema,
    summary: "Current deals of a category: prices below their own recent median",
    description: "Listings of the category whose current price is below their reference price by at least " +
      "min_discount percent. Reference price: the median of the listing's non-outlier observations in the " +
      "window (7d, 31d, 90d before the country's latest observation; absent: the whole snapshot) with the " +
      "current pack size, the current one included; a deal needs n_obs ≥ 2. is_lowest_in_window: no " +
      "observation of that sample is cheaper; promo: the retailer's own deal flag. Sorted by sort (pct, abs, " +
      "recency); total counts every deal at or above min_discount. With retailer: that retailer's deals.",
  },
  getPriceDropAlerts: {
    prepare: preparePriceDropAlert,
    query: priceDropAlertQuery,
    response: priceDropAlertResponseSchema,
    summary: "Stateless price alerts: current price against the previous different price",
    description:
      "For each listing of the products matching q: the current price, previous_price (the most recent " +
      "earlier non-outlier observation with a different price and the same pack size), change, change_pct " +
      "and changed_at (the first observation at the current price after it). triggered when change_pct " +
      "passes threshold_pct in the asked direction (down: ≤ −threshold, up: ≥ threshold, any: |change| ≥ " +
      "threshold) or the price is at or below target; trigger names the rule. Sorted triggered first, then " +
      "|change_pct| descending, then product name. With retailer: that retailer's listings.",
  },
};
