/**
 * Compiles the catalog snapshots into the catalog shards: `catalog` (the stats and one record per country),
 * `catalog_lookup` (retailers, category inputs and brands a request may name) and the shards of the
 * analytics (catalog_answers.ts lists them). Each country is modelled once (catalog_model.ts) and every
 * analytic reads that model.
 */
import type { CodeRecord, LexiconRecord } from "../../src/format/shard_records.ts";
import {
  type BrandResolution,
  COUNTRIES,
  type Country,
  type CountryRecord,
  type RetailerLookup,
} from "../../src/format/catalog_records.ts";
import type { ShardName } from "../../src/format/manifest.ts";
import { nameKey } from "../../src/format/name_key.ts";
import { compileCatalog, type CompiledCatalog } from "./catalog_stats.ts";
import { buildCountryCatalog, type CountryCatalog, withoutRetailers } from "./catalog_model.ts";
import { type PriceSources, priceSources } from "./price_sources.ts";
import { type PromoCoverage, promoCoverage } from "./promo_coverage.ts";
import { MIN_SAMPLE } from "./catalog_figures.ts";
import { QUALITY_THRESHOLDS, type QualityThresholds, retailerQuality } from "./retailer_quality.ts";
import { type CategoryLink, type CountryResolutions, resolveCategories } from "./category_resolution.ts";
import { formatUtc } from "./catalog_observed_at.ts";
import { ANSWER_SHARDS } from "./catalog_answers.ts";
import { type LinkedOfficial, linkOfficial, type OfficialLevel } from "./official_levels.ts";
import type { RetailerListing, RetailerQuality } from "../../src/format/catalog_records.ts";

/**
 * One country, compiled: its model (the listings of retailers that are not serving-eligible taken out of
 * every market-wide figure), its retailers' quality, its category resolutions, its price sources and the
 * coverage of its deal flag.
 */
export interface CompiledCountry {
  readonly catalog: CountryCatalog;
  readonly quality: readonly RetailerQuality[];
  readonly resolutions: CountryResolutions;
  /** Official average price levels linked to the country's categories (the inflation answers list them). */
  readonly official: readonly LinkedOfficial[];
  /** Retailers sharing one flyer, counted once by the landscape and the dispersion. */
  readonly sources: PriceSources;
  /** Where the source's deal flag can be read as promotions. */
  readonly promo: PromoCoverage;
  /** The fewest items a figure rests on (MIN_SAMPLE unless a test says otherwise). */
  readonly minSample: number;
}

/** Key → record pairs of one shard. */
export type ShardRecords = Map<string, unknown>;

/** The catalog shards and what the build reports about them. */
export interface CompiledCatalogShards {
  readonly shards: ReadonlyMap<ShardName, ShardRecords>;
  readonly countries: readonly CompiledCountry[];
  readonly report: Readonly<Record<string, unknown>>;
}

/** What the catalog is compiled against. */
export interface CatalogContext {
  readonly codes: ReadonlyMap<string, CodeRecord>;
  readonly lexicon: ReadonlyMap<string, LexiconRecord>;
  /** Curated category → GPC links, by country. */
  readonly links: ReadonlyMap<Country, readonly CategoryLink[]>;
  /** Official average price levels with their links, by country (default: none). */
  readonly official?: ReadonlyMap<Country, readonly OfficialLevel[]>;
  /** Retailer quality thresholds (default: QUALITY_THRESHOLDS). */
  readonly thresholds?: QualityThresholds;
  /** The fewest items a figure rests on (default: MIN_SAMPLE). */
  readonly minSample?: number;
}

/** Reads every snapshot file and compiles the catalog shards. */
export async function compileCatalogShards(
  files: readonly string[],
  context: CatalogContext,
): Promise<CompiledCatalogShards> {
  return await compileCatalogShardsOf(await compileCatalog([...files]), context);
}

/** Compiles the catalog shards of snapshots already read (the build reads them once for the links too). */
export async function compileCatalogShardsOf(
  compiled: CompiledCatalog,
  context: CatalogContext,
): Promise<CompiledCatalogShards> {
  const shards = new Map<ShardName, ShardRecords>([
    ["catalog", new Map<string, unknown>([["stats", compiled.stats]])],
    ["catalog_lookup", new Map()],
  ]);
  for (const { name } of ANSWER_SHARDS) shards.set(name, new Map());
  const countries: CompiledCountry[] = [];
  for (const country of COUNTRIES) {
    const snapshots = compiled.snapshots.filter((s) => s.metadata.country === country);
    if (snapshots.length === 0) continue;
    const built = await buildCountryCatalog(country, snapshots);
    const quality = retailerQuality(built, context.thresholds);
    const catalog = withoutRetailers(
      built,
      new Set(quality.flatMap((q, r) => (q.serving_eligible ? [] : [r]))),
    );
    const resolutions = resolveCategories(
      catalog,
      context.codes,
      context.lexicon,
      context.links.get(country) ?? [],
    );
    const official = linkOfficial(
      catalog,
      context.codes,
      context.links.get(country) ?? [],
      context.official?.get(country) ?? [],
    );
    const sources = priceSources(catalog);
    const entry: CompiledCountry = {
      catalog,
      quality,
      resolutions,
      official,
      sources,
      promo: promoCoverage(catalog),
      minSample: context.minSample ?? MIN_SAMPLE,
    };
    countries.push(entry);
    shards.get("catalog")!.set(
      `country:${country}`,
      countryRecord(entry, context.thresholds ?? QUALITY_THRESHOLDS),
    );
    const lookup = shards.get("catalog_lookup")!;
    for (const [r, retailer] of catalog.retailers.entries()) {
      const { quality_status, serving_eligible } = quality[r]!;
      const record: RetailerLookup = { index: r, name: retailer.name, quality_status, serving_eligible };
      lookup.set(`${country}:retailer:${retailer.key}`, record);
    }
    for (const [key, resolution] of resolutions.keys) lookup.set(`${country}:category:${key}`, resolution);
    for (const [brandKey, brand] of brandsOf(catalog)) lookup.set(`${country}:brand:${brandKey}`, brand);
    for (const { name, compile } of ANSWER_SHARDS) {
      for (const [key, record] of compile(entry)) shards.get(name)!.set(`${country}:${key}`, record);
    }
  }
  return {
    shards,
    countries,
    report: {
      files: compiled.report.files,
      countries: countries.map(({ catalog, quality, resolutions, official, sources, promo }) => ({
        country: catalog.country,
        observations: catalog.obs.time.length,
        repeated_rows_counted_once: catalog.duplicates,
        same_day_price_observations: catalog.ambiguous,
        outliers: catalog.outliers,
        products: catalog.products.length,
        listings: catalog.listings.length,
        category_nodes: catalog.nodes.length,
        category_inputs: resolutions.keys.size,
        targets: resolutions.targets.length,
        official_levels_linked: official.reduce((sum, group) => sum + group.rows.length, 0),
        retailers: quality,
        shared_flyers: sources.sources.filter((source) => source.shared_flyer).map((source) => ({
          name: source.name,
          common: source.common,
          identical_share: source.identical_share,
        })),
        deal_flag_jump: promo.jump,
      })),
    },
  };
}

function countryRecord(
  { catalog, quality, sources }: CompiledCountry,
  thresholds: QualityThresholds,
): CountryRecord {
  const latest = formatUtc(catalog.latest);
  const meta = {
    country: catalog.country,
    currency: catalog.currency,
    served_from: catalog.sources.map((s) => ({
      snapshot: s.snapshot,
      kind: s.kind,
      source: s.source,
      observed_from: formatUtc(s.observed_from),
      observed_to: formatUtc(s.observed_to),
    })),
    generated: catalog.generated,
    latest_observed_at: latest,
    as_of: latest,
    schema_version: "v1",
  };
  const listed = quality
    .map((q, r): RetailerListing => ({
      ...q,
      generated: catalog.generated,
      price_source: sources.sources[sources.sourceOf[r]!]!.name,
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    country: catalog.country,
    currency: catalog.currency,
    latest_ms: catalog.latest,
    meta_json_head: `${JSON.stringify(meta).slice(0, -1)},"freshness_seconds":`,
    serving_eligible: listed.filter((q) => q.serving_eligible).map((q) => q.name),
    retailers: listed.map((q) => q.name),
    retailers_json: JSON.stringify({
      country: catalog.country,
      generated: catalog.generated,
      retailers: listed,
      thresholds,
    }),
  };
}

// The brands of the country (the unbranded pseudo-brand is not a brand) with their product counts.
function brandsOf(catalog: CountryCatalog): Map<string, BrandResolution> {
  const products = new Map<string, Set<number>>();
  const byRetailer = new Map<string, Set<number>[]>();
  for (const listing of catalog.listings) {
    const product = catalog.products[listing.product]!;
    if (product.brandKey === "" || !listing.eligible) continue;
    if (!products.has(product.brandKey)) {
      products.set(product.brandKey, new Set());
      byRetailer.set(product.brandKey, catalog.retailers.map(() => new Set()));
    }
    products.get(product.brandKey)!.add(listing.product);
    byRetailer.get(product.brandKey)![listing.retailer]!.add(listing.product);
  }
  const brands = new Map<string, BrandResolution>();
  for (const brandKey of [...products.keys()].sort()) {
    const first = [...products.get(brandKey)!][0]!;
    brands.set(nameKey(catalog.products[first]!.brand), {
      brand: catalog.products[first]!.brand,
      products: products.get(brandKey)!.size,
      products_by_retailer: byRetailer.get(brandKey)!.map((s) => s.size),
    });
  }
  return brands;
}
