/**
 * GET /v1/public/stats: catalog coverage and freshness, free (the payment gate is never asked).
 *
 * The body is fixed for the life of a dist, so it is rendered once, on first request, with exactly the
 * published fields (whatever else the record might hold) and a strong ETag.
 */
import type { CatalogStats } from "../format/catalog_records.ts";
import type { ReferenceStore } from "../store/reference_store.ts";
import * as v from "npm:valibot@1.5.0";
import { parseQuery, type Query } from "../operation/query.ts";

/** The stats query: no parameters at all. */
export const statsQuery = v.strictObject(
  {},
  (issue) => `unknown parameter ${JSON.stringify(issue.input)}; this operation takes no parameters`,
);

/** The stats query without the schema when it is empty, as nearly every stats query is. */
function noParameters(query: Query): Record<never, never> | undefined {
  for (const _ in query) return undefined;
  return {};
}

/** The rendered stats answer. */
export interface StatsBody {
  readonly json: string;
  readonly etag: string;
}

/** Only the published fields of a stats record, in published order. */
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
  };
}

/**
 * Returns a function that validates a stats query and answers the body, rendered once per store; `tagOf`
 * gives the body's entity tag (the HTTP layer's choice). Once rendered, the body is answered at once.
 */
export function createStatsAnswer(
  store: ReferenceStore,
  tagOf: (body: string) => Promise<string>,
): (search: Query) => StatsBody | Promise<StatsBody> {
  let rendered: StatsBody | undefined;
  let rendering: Promise<StatsBody> | undefined;
  return (search) => {
    parseQuery(statsQuery, search, noParameters);
    if (rendered !== undefined) return rendered;
    if (rendering === undefined) {
      const json = JSON.stringify(publishedStats(store.stats()));
      rendering = tagOf(json).then((etag) => rendered = { json, etag });
    }
    return rendering;
  };
}
