/**
 * Freshness of a country's data: the `meta` block every catalog answer carries and the
 * `X-Data-Freshness-Hours` header every answer of the catalog paths sends (errors and 402s included), both
 * measured from the country's latest observation to the moment of the answer.
 */
import type { Country, CountryRecord } from "../format/catalog_records.ts";
import type { ReferenceStore } from "../store/reference_store.ts";
import type { Query } from "../operation/query.ts";

/** The `meta` object's JSON text at `nowMs`. */
export function metaJson(record: CountryRecord, nowMs: number): string {
  return `${record.meta_json_head}${Math.max(0, Math.floor((nowMs - record.latest_ms) / 1000))}}`;
}

/** Hours from the latest observation to `nowMs`, one decimal. */
export function freshnessHours(record: CountryRecord, nowMs: number): string {
  return (Math.max(0, nowMs - record.latest_ms) / 3_600_000).toFixed(1);
}

/**
 * The country an answer's freshness is about: the requested one when `country` is given once and valid,
 * else the default (`us`), so that a 400 for a bad country still says how fresh the default data is.
 */
export function freshnessCountry(search: Query): Country {
  const given = search.country;
  return given === "us" || given === "ca" ? given : "us";
}

/** The X-Data-Freshness-Hours value for a request, or undefined when the country has no data at all. */
export function freshnessHeader(
  search: Query,
  store: ReferenceStore,
  nowMs: number,
): string | undefined {
  const record = store.catalog<CountryRecord>("catalog", `country:${freshnessCountry(search)}`);
  return record === undefined ? undefined : freshnessHours(record, nowMs);
}
