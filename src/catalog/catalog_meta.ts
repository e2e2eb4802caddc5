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
  return search.country === "ca" ? "ca" : "us";
}

/** Each store's country records as the freshness header found them (a record never changes in a store). */
const countryRecords = new WeakMap<ReferenceStore, Partial<Record<Country, CountryRecord | null>>>();

/**
 * The X-Data-Freshness-Hours value for a request, or undefined when the country has no data at all. The
 * country's record is looked up once per store: every catalog request asks for it.
 */
export function freshnessHeader(
  search: Query,
  store: ReferenceStore,
  nowMs: number,
): string | undefined {
  const country = freshnessCountry(search);
  let records = countryRecords.get(store);
  if (records === undefined) countryRecords.set(store, records = {});
  let record = records[country];
  if (record === undefined) {
    record = store.catalog<CountryRecord>("catalog", `country:${country}`) ?? null;
    records[country] = record;
  }
  return record === null ? undefined : freshnessHours(record, nowMs);
}
