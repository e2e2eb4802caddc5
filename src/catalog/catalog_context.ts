/**
 * What every catalog request settles before the payment gate: the country's data, the retailer (unknown
 * in the country → 404 NO_RESULTS naming the known ones; not serving-eligible → 404
 * RETAILER_NOT_SERVING_ELIGIBLE naming the eligible ones) and the input the operation names (a category or
 * a brand that resolves to nothing → 404 NO_RESULTS saying what was tried). All of these are free.
 */
import { ApiError } from "../operation/api_error.ts";
import type { ReferenceStore } from "../store/reference_store.ts";
import type {
  BrandResolution,
  CategoryResolution,
  Country,
  CountryRecord,
  RetailerLookup,
} from "../format/catalog_records.ts";
import { nameKey } from "../format/name_key.ts";
import { normalisePhrase } from "../format/phrase_normalise.ts";
import { foldedCategoryKey } from "../format/category_words.ts";

/** The settled country and retailer of a catalog request. */
export interface CatalogContext {
  readonly country: Country;
  readonly record: CountryRecord;
  /** The retailer the request names, or null. */
  readonly retailer: RetailerLookup | null;
}

/** A category input and what it resolved to. */
export interface ResolvedCategory {
  readonly resolution: CategoryResolution;
  /** The `resolved` object's JSON text. */
  readonly json: string;
}

/** Settles the country and the retailer; throws the free 404s. */
export function catalogContext(
  query: { readonly country?: string | undefined; readonly retailer?: string | undefined },
  store: ReferenceStore,
): CatalogContext {
  const country = (query.country ?? "us") as Country;
  const record = store.catalog<CountryRecord>("catalog", `country:${country}`);
  if (record === undefined) {
    throw new ApiError(404, "NO_RESULTS", `the catalog holds no data for country ${country}`, { country });
  }
  if (query.retailer === undefined) return { country, record, retailer: null };
  const retailer = store.catalog<RetailerLookup>(
    "catalog_lookup",
    `${country}:retailer:${nameKey(query.retailer)}`,
  );
  if (retailer === undefined) {
    throw new ApiError(
      404,
      "NO_RESULTS",
      `retailer ${JSON.stringify(query.retailer)} is not a retailer of the ${country} catalog; known: ${
        record.retailers.join(", ")
      }`,
      { parameter: "retailer", retailer: query.retailer, country, known_retailers: record.retailers },
    );
  }
  if (!retailer.serving_eligible) {
    throw new ApiError(
      404,
      "RETAILER_NOT_SERVING_ELIGIBLE",
      `${retailer.name} is in the ${country} catalog but its data is ${retailer.quality_status}; retry with ` +
        `one of: ${record.serving_eligible.join(", ")}`,
      {
        retailer: retailer.name,
        quality_status: retailer.quality_status,
        serving_eligible_retailers: record.serving_eligible,
      },
    );
  }
  return { country, record, retailer };
}

/** Resolves a category input of the context's country; throws 404 NO_RESULTS saying what was tried. */
export function resolveCategory(
  context: CatalogContext,
  input: string,
  store: ReferenceStore,
): ResolvedCategory {
  const { country, retailer } = context;
  const normalised = normalisePhrase(input);
  // The normalised input, then its name key (accents and ®/™ aside), then its folded words (snack = snacks).
  const resolution =
    store.catalog<CategoryResolution>("catalog_lookup", `${country}:category:${normalised}`) ??
      store.catalog<CategoryResolution>("catalog_lookup", `${country}:category:${nameKey(input)}`) ??
      store.catalog<CategoryResolution>("catalog_lookup", `${country}:category:${foldedCategoryKey(input)}`);
  if (resolution === undefined) {
    throw new ApiError(404, "NO_RESULTS", unresolvedMessage(input, normalised, country, store), {
      parameter: "category",
      input,
      normalised,
      country,
      tried: ["gpc_code", "lexicon", "gpc_title", "catalog_category"],
    });
  }
  const products = retailer === null
    ? resolution.products
    : resolution.products_by_retailer[retailer.index] ?? 0;
  if (products === 0) {
    throw new ApiError(
      404,
      "NO_RESULTS",
      `category ${JSON.stringify(input)} has no product at ${retailer!.name} in the ${country} catalog`,
      { parameter: "category", input, country, retailer: retailer!.name },
    );
  }
  return {
    resolution,
    json: `{"input":${JSON.stringify(input)},"normalised":${JSON.stringify(normalised)},` +
      `${resolution.resolved_json},"products":${products}}`,
  };
}

/** Resolves a brand of the context's country; throws 404 NO_RESULTS when the catalog has no such brand. */
export function resolveBrand(
  context: CatalogContext,
  input: string,
  store: ReferenceStore,
): BrandResolution & { json: string } {
  const { country, retailer } = context;
  const brand = store.catalog<BrandResolution>("catalog_lookup", `${country}:brand:${nameKey(input)}`);
  const products = brand === undefined
    ? 0
    : retailer === null
    ? brand.products
    : brand.products_by_retailer[retailer.index] ?? 0;
  if (brand === undefined || products === 0) {
    throw new ApiError(
      404,
      "NO_RESULTS",
      brand === undefined
        ? `brand ${JSON.stringify(input)} is not a brand of the ${country} catalog`
        : `brand ${brand.brand} has no product at ${retailer!.name} in the ${country} catalog`,
      { parameter: "brand", input, country, ...(retailer === null ? {} : { retailer: retailer.name }) },
    );
  }
  return {
    ...brand,
    json: `{"input":${JSON.stringify(input)},"matched_by":"brand","brand":${JSON.stringify(brand.brand)},` +
      `"products":${products}}`,
  };
}

// Says what the input matched outside the catalog, so an agent knows why nothing came back.
function unresolvedMessage(
  input: string,
  normalised: string,
  country: Country,
  store: ReferenceStore,
): string {
  const base = `category ${JSON.stringify(input)} resolves to no catalog category of ${country}`;
  const code = /^[0-9]{8}$/.test(normalised) ? store.code(normalised) : undefined;
  if (code?.node !== undefined) {
    return `${base}: GPC ${code.kind} ${normalised} ${code.title} is linked to none`;
  }
  const phrase = store.phrase(normalised);
  if (phrase !== undefined && phrase.gpc.length > 0) {
    const bricks = phrase.gpc.map((node) => `${node.code} ${node.title}`).join(", ");
    return `${base}: the lexicon maps it to ${bricks}, linked to no catalog category of ${country}`;
  }
  return `${base} (tried: GPC code, lexicon, GPC title, catalog category path or level name)`;
}
