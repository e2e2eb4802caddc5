/**
 * The paid operations: what the payment configuration prices, what the OpenAPI document lists as
 * operationId, and what each operation's paid work names. The catalog operations come with their path and
 * price group (shopper: a low price per call; marketing and analyst: more).
 */

/** The published operation name of classify. */
export const CLASSIFY_OPERATION = "classifyBrowseNodes";

/** The operation name of brick-attributes. */
export const BRICK_ATTRIBUTES_OPERATION = "getBrickAttributes";

/** Price group of a catalog operation. */
export type PriceGroup = "shopper" | "marketing" | "analyst";

/** The catalog operations: operationId → path and price group. */
export const CATALOG_OPERATIONS = {
  getBestPrice: { path: "/v1/shopper/best-price", group: "shopper" },
  findDeals: { path: "/v1/shopper/deal-finder", group: "shopper" },
  getPriceDropAlerts: { path: "/v1/shopper/price-drop-alert", group: "shopper" },
  getCompetitiveLandscape: { path: "/v1/marketing/competitive-landscape", group: "marketing" },
  getBrandTracker: { path: "/v1/marketing/brand-tracker", group: "marketing" },
  getShareOfShelf: { path: "/v1/marketing/share-of-shelf", group: "marketing" },
  getInflationIndex: { path: "/v1/analyst/inflation", group: "analyst" },
  getPriceDispersion: { path: "/v1/analyst/price-dispersion", group: "analyst" },
} as const satisfies Record<string, { path: string; group: PriceGroup }>;

/** A catalog operation's name. */
export type CatalogOperation = keyof typeof CATALOG_OPERATIONS;
