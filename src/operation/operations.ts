/**
 * The paid operations: what the payment configuration prices, what the OpenAPI document lists as
 * operationId, and what each operation's paid work names. The catalog operations come with their price group
 * (shopper: a low price per call; marketing and analyst: more).
 */

/** The published operation name of classify. */
export const CLASSIFY_OPERATION = "classifyBrowseNodes";

/** The operation name of brick-attributes. */
export const BRICK_ATTRIBUTES_OPERATION = "getBrickAttributes";

/** Price group of a catalog operation. */
export type PriceGroup = "shopper" | "marketing" | "analyst";

/** The catalog operations: operationId → price group (src/contract/ lists their paths). */
export const CATALOG_OPERATIONS = {
  getBestPrice: { group: "shopper" },
  findDeals: { group: "shopper" },
  getPriceDropAlerts: { group: "shopper" },
  getCompetitiveLandscape: { group: "marketing" },
  getBrandTracker: { group: "marketing" },
  getShareOfShelf: { group: "marketing" },
  getInflationIndex: { group: "analyst" },
  getPriceDispersion: { group: "analyst" },
} as const satisfies Record<string, { group: PriceGroup }>;

/** A catalog operation's name. */
export type CatalogOperation = keyof typeof CATALOG_OPERATIONS;
