/**
 * GET /v1/public/retailers?country=: the retailers of a country with their quality, free (like stats, the
 * payment gate is never asked). The body is computed at build time.
 */
import * as v from "npm:valibot@1.5.0";
import { ApiError } from "../operation/api_error.ts";
import { parseQuery, type Query, unknownParameter } from "../operation/query.ts";
import type { CountryRecord } from "../format/catalog_records.ts";
import type { ReferenceStore } from "../store/reference_store.ts";
import { countryParam } from "./catalog_params.ts";

/** The retailers query: `country` only. */
export const retailersQuery = v.strictObject({ country: countryParam }, unknownParameter("country"));

/** Validates a retailers query and returns the body's JSON text; 404 when the country has no data. */
export function retailersAnswer(search: Query, store: ReferenceStore): string {
  const country = parseQuery(retailersQuery, search).country ?? "us";
  const record = store.catalog<CountryRecord>("catalog", `country:${country}`);
  if (record === undefined) {
    throw new ApiError(404, "NO_RESULTS", `the catalog holds no data for country ${country}`, { country });
  }
  return record.retailers_json;
}
