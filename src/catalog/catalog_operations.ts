/**
 * Every catalog operation that is served: how a request is prepared and its query and answer schemas (the
 * API description, src/contract/, publishes them with the texts that say what the interface leaves open).
 * An operation absent here answers 404 NOT_FOUND.
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
}

/** The served catalog operations. */
export const CATALOG_SERVED: Partial<Readonly<Record<CatalogOperation, CatalogOperationSpec>>> = {
  getShareOfShelf: {
    prepare: categoryAnswer("getShareOfShelf", "marketing_share"),
    query: categoryQuery,
    response: shareOfShelfResponseSchema,
  },
  getCompetitiveLandscape: {
    prepare: categoryAnswer("getCompetitiveLandscape", "marketing_landscape"),
    query: categoryQuery,
    response: landscapeResponseSchema,
  },
  getBrandTracker: {
    prepare: brandAnswer("getBrandTracker", "marketing_brands"),
    query: brandQuery,
    response: brandTrackerResponseSchema,
  },
  getInflationIndex: {
    prepare: categoryAnswer("getInflationIndex", "analyst_inflation"),
    query: categoryQuery,
    response: inflationResponseSchema,
  },
  getPriceDispersion: {
    prepare: categoryAnswer("getPriceDispersion", "analyst_dispersion"),
    query: categoryQuery,
    response: dispersionResponseSchema,
  },
  getBestPrice: {
    prepare: prepareBestPrice,
    query: bestPriceQuery,
    response: bestPriceResponseSchema,
  },
  findDeals: {
    prepare: prepareDealFinder,
    query: dealFinderQuery,
    response: dealFinderResponseSchema,
  },
  getPriceDropAlerts: {
    prepare: preparePriceDropAlert,
    query: priceDropAlertQuery,
    response: priceDropAlertResponseSchema,
  },
};
