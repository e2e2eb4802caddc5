/**
 * Catalog records compiled from the catalog snapshots: the contract between build/ and src/ for the
 * statistics and the price analytics of the price-data catalog. Keys are `<country>:<...>`; fragments named
 * `*_json` are ready-to-send JSON text, so the runtime concatenates instead of serialising.
 */
import type { GpcNodeView } from "./shard_records.ts";

/** The stats endpoint's body: the published fields, and `generated` (a member added beside them). */
export interface CatalogStats {
  readonly products: { readonly unique: number; readonly listings: number };
  readonly categories: { readonly total: number; readonly leaves: number; readonly max_depth: number };
  readonly retailers: { readonly total: number };
  readonly brands: { readonly total: number };
  readonly observations: { readonly total: number };
  /** ISO 8601 UTC date-time of the latest observation, e.g. "2025-12-17T00:00:00Z". */
  readonly last_updated: string;
  /**
   * Generated data among the observations: never observed prices (a member added after the published
   * fields; absent from a dist written by an earlier build).
   */
  readonly generated?: {
    readonly observations: number;
    /** generated observations / observations.total, 4 decimals. */
    readonly share: number;
    /** Countries whose snapshots are generated. */
    readonly countries: readonly string[];
  };
}

/** A country of the catalog. */
export type Country = "us" | "ca";

/**
 * The fewest items a catalog figure rests on, as statistics offices publish: an index link needs this many
 * matched listings, a breakdown (per retailer, per brand, per week) this many listings or observations; below
 * it the figure is null and the row says why. The build applies it; the answers' texts state it.
 */
export const MIN_SAMPLE = 5;

/** Every country the catalog serves, the default first. */
export const COUNTRIES: readonly Country[] = ["us", "ca"];

/** Retailer quality. */
export type QualityStatus = "ok" | "stale" | "sparse";

/** One retailer's quality in one country, as `GET /v1/public/retailers` lists it. */
export interface RetailerQuality {
  readonly name: string;
  readonly country: Country;
  readonly quality_status: QualityStatus;
  readonly serving_eligible: boolean;
  readonly observations: number;
  readonly products: number;
  readonly latest_observed_at: string;
  /** Days between the country's latest observation and the retailer's. */
  readonly days_behind: number;
  /** Share (0–1) of the country's top-level categories the retailer has observations in. */
  readonly category_share: number;
}

/** One retailer as `GET /v1/public/retailers` lists it: its quality, whether its data is generated, its price source. */
export interface RetailerListing extends RetailerQuality {
  /** True when the retailer's data is generated, not observed. */
  readonly generated: boolean;
  /** The price source it belongs to: its own name, or the retailers sharing its flyer joined by " + ". */
  readonly price_source: string;
}

/** `catalog` shard, key `country:<cc>`: what every answer about the country needs. */
export interface CountryRecord {
  readonly country: Country;
  readonly currency: string;
  /** Epoch milliseconds of the country's latest observation (freshness is measured from it). */
  readonly latest_ms: number;
  /** The `meta` object's JSON text up to the freshness value: append seconds and `}`. */
  readonly meta_json_head: string;
  /** Names of the serving-eligible retailers, sorted. */
  readonly serving_eligible: readonly string[];
  /** Names of every retailer of the country, sorted. */
  readonly retailers: readonly string[];
  /** The body of `GET /v1/public/retailers?country=<cc>`. */
  readonly retailers_json: string;
}

/** `catalog_lookup` shard, key `<cc>:retailer:<nameKey>`: a retailer of the country. */
export interface RetailerLookup {
  /** Position in the country's retailer order (per-retailer arrays use it). */
  readonly index: number;
  readonly name: string;
  readonly quality_status: QualityStatus;
  readonly serving_eligible: boolean;
}

/** How a category input matched. */
export type MatchedBy = "gpc_code" | "lexicon" | "gpc_title" | "catalog_category";

/** `catalog_lookup` shard, key `<cc>:category:<normalised input>`: a category input that reaches catalog categories. */
export interface CategoryResolution {
  readonly matched_by: MatchedBy;
  /** The target: the set of category nodes the answer covers; precomputed answers are keyed `<cc>:<target>`. */
  readonly target: number;
  readonly gpc: GpcNodeView | null;
  readonly gpc_codes: readonly string[];
  readonly catalog_categories: readonly string[];
  /** Distinct products of the target. */
  readonly products: number;
  /** Distinct products of the target at each retailer (by retailer index). */
  readonly products_by_retailer: readonly number[];
  /** `"matched_by":…,"gpc":…,"gpc_codes":…,"catalog_categories":…` as JSON members. */
  readonly resolved_json: string;
}

/** `catalog_lookup` shard, key `<cc>:brand:<nameKey>`: a brand of the country. */
export interface BrandResolution {
  readonly brand: string;
  readonly products: number;
  readonly products_by_retailer: readonly number[];
}

/**
 * A precomputed category (or brand) answer: the JSON members that follow `resolved`, for the whole market
 * and for each retailer (null where the retailer has nothing to answer). Shards marketing_share,
 * marketing_landscape, marketing_brands, analyst_inflation and analyst_dispersion hold these.
 */
export interface AnswerRecord {
  readonly json: string;
  readonly by_retailer: readonly (string | null)[];
  /** Text the record's fragments share (marked by RECORD_TEXT_MARK), e.g. the official levels of a target. */
  readonly common?: string;
}

/**
 * Texts every answer of a shard repeats (its method's fixed members, an agency's caveat) are stored once per
 * country, as a list under the key `<cc>:shared`, and each fragment marks where they go, in order, with this
 * character, which JSON text never holds raw (JSON.stringify escapes control characters).
 */
export const SHARED_TEXT_MARK = "\u0001";
/** Marks where a fragment takes its record's `common` text. */
export const RECORD_TEXT_MARK = "\u0002";
/** The key, after the country prefix, of a shard's shared text. */
export const SHARED_TEXT_KEY = "shared";

/**
 * A fragment with its shard's shared texts put in place of its marks, in order, and its record's common
 * text in place of the record mark.
 */
export function withSharedText(fragment: string, shared: readonly string[] | undefined, common = ""): string {
  const record = fragment.indexOf(RECORD_TEXT_MARK);
  if (record >= 0) fragment = fragment.slice(0, record) + common + fragment.slice(record + 1);
  let at = fragment.indexOf(SHARED_TEXT_MARK);
  if (at < 0) return fragment;
  let out = "", from = 0, k = 0;
  while (at >= 0) {
    out += fragment.slice(from, at) + (shared?.[k++] ?? "");
    from = at + 1;
    at = fragment.indexOf(SHARED_TEXT_MARK, from);
  }
  return out + fragment.slice(from);
}
