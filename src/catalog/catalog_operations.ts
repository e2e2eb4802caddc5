/**
 * Every catalog operation that is served: how a request is prepared, its query and answer schemas (the
 * OpenAPI document publishes them) and the texts that say what the interface leaves open. The HTTP router
 * takes the paths from src/operation/operations.ts; an operation absent here answers 404 NOT_FOUND.
 */
import type * as v from "npm:valibot@1.5.0";
import type { CatalogOperation } from "../operation/operations.ts";
import { type CatalogPrepare, categoryAnswer, categoryQuery } from "./category_answer.ts";
import { shareOfShelfResponseSchema } from "./share_of_shelf_schema.ts";

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
};
