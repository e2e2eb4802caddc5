/**
 * Catalog records compiled from the catalog snapshot: the contract between build/ and src/ for the
 * statistics (and, later, price analytics) of the price-data catalog.
 */

/** The stats endpoint's body, exactly the published fields. */
export interface CatalogStats {
  readonly products: { readonly unique: number; readonly listings: number };
  readonly categories: { readonly total: number; readonly leaves: number; readonly max_depth: number };
  readonly retailers: { readonly total: number };
  readonly brands: { readonly total: number };
  readonly observations: { readonly total: number };
  /** ISO 8601 UTC date-time of the latest observation, e.g. "2025-12-17T00:00:00Z". */
  readonly last_updated: string;
}
