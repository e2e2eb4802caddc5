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
};
