/**
 * GET /v1/public/stats: catalog coverage and freshness, free (the payment gate is never asked).
 *
 * The body is fixed for the life of a dist, so it is rendered once, on first request, with exactly the
 * published fields (whatever else the record might hold), then `generated` (how many observations are
 * generated data, never observed prices: a member added after the published ones, which it leaves as
 * published), and a strong ETag.
 */
import type { CatalogStats } from "../format/catalog_records.ts";
import type { ReferenceStore } from "../store/reference_store.ts";
import { type FixedBody, fixedBodyAnswer } from "../operation/fixed_body.ts";
import type { Query } from "../operation/query.ts";

/** The published fields of a stats record, in published order, then `generated`. */
export function publishedStats(stats: CatalogStats): CatalogStats {
  return {
    products: { unique: stats.products.unique, listings: stats.products.listings },
    categories: {
      total: stats.categories.total,
      leaves: stats.categories.leaves,
      max_depth: stats.categories.max_depth,
    },
    retailers: { total: stats.retailers.total },
    brands: { total: stats.brands.total },
    observations: { total: stats.observations.total },
    last_updated: stats.last_updated,
    // A dist written by an earlier build has no `generated`: its body stays the published fields alone.
    ...(stats.generated === undefined ? {} : {
      generated: {
        observations: stats.generated.observations,
        share: stats.generated.share,
        countries: stats.generated.countries,
      },
    }),
  };
}

/**
 * Returns a function that validates a stats query (no parameters) and answers the body, rendered once per
 * store; `tagOf` gives the body's entity tag (the HTTP layer's choice). Once rendered, it is answered at once.
 */
export function createStatsAnswer(
  store: ReferenceStore,
  tagOf: (body: string) => Promise<string>,
): (query: Query) => FixedBody | Promise<FixedBody> {
  return fixedBodyAnswer(() => JSON.stringify(publishedStats(store.stats())), tagOf);
}
