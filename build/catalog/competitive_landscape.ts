/**
 * Competitive landscape per target, precomputed on current prices: per retailer its current listings,
 * brands, median price and median unit price (in the basis most of the category's current listings have a
 * unit price in), and how it prices the products it shares with other price sources: a price index (100 ×
 * the geometric mean of its price over the product's median price across the price sources selling it),
 * the share of its products another price source sells too (overlap) and the share of those where it is
 * the cheapest (ties count). A price source is a retailer, or retailers sharing one flyer
 * (price_sources.ts), counted once: its price of a product is the median of its retailers' prices. The same
 * product is the same pack everywhere, so a price ratio is a unit-price ratio and every shared product
 * counts, with or without a known size (a price that is the lowest of several same-day prices compares with
 * nothing). Also the category's top known brands by current listings; unknown brands are counted apart.
 * A figure over fewer than MIN_SAMPLE items is null, and the row says why.
 *
 * With a retailer, the answer keeps that retailer's row only; every figure stays measured against the whole
 * market, and `products_compared`, `top_brands` and `listings` stay the market's.
 */
import type { AnswerRecord } from "../../src/format/catalog_records.ts";
import type { CompiledCountry } from "./catalog_compile.ts";
import { members, methodMember, sharedRecord } from "./answer_text.ts";
import type { CountryCatalog } from "./catalog_model.ts";
import {
  geometricMean,
  index,
  median,
  money,
  rate,
  sampled,
  sampleReason,
  unitPrice,
} from "./catalog_figures.ts";
import type { UnitBasis } from "./unit_size.ts";
import {
  byRetailerName,
  currentPrice,
  currentUnitPrice,
  dominantBasis,
  outliersSince,
  shelfPrice,
} from "./listing_prices.ts";
import { CURRENT_TEXT } from "./catalog_current.ts";
import { type PriceSources, sharedFlyers } from "./price_sources.ts";

/** How many brands `top_brands` lists. */
export const TOP_BRANDS = 10;

/** How each figure of the landscape is computed, as every answer states it (`min`: the minimum sample). */
export const landscapeMethod = (min: number) => ({
  current: CURRENT_TEXT,
  listings: "the retailer's current listings (products with a current price); top level: the category's",
  brands: "distinct known brands of the retailer's current listings (an unknown brand is no brand)",
  median_price: "median of the retailer's current prices per item (sample.n_price; prices per measure or " +
    "of unstated basis and the lowest of several same-day prices are left out)",
  median_unit_price: "median of the retailer's current unit prices in unit_basis (the basis most current " +
    "listings of the category have) over its listings with one (sample.n_unit_price)",
  price_sources: "a price source is a retailer, or retailers publishing one shared flyer (identical prices " +
    "on most of the same products on the same days), counted once: its price of a product is the median " +
    "of its retailers' prices; price_sources lists the shared ones",
  price_index: "100 × exp(mean ln(price / median current price of the same product across the price " +
    "sources selling it)) over the retailer's products another price source sells too (sample.n_matched)",
  overlap_rate: "share of the retailer's current products also sold (current) by another price source",
  cheaper_rate: "share of those where the retailer's price is the lowest of the price sources (ties count " +
    "as cheapest)",
  products_compared: "products with current prices at 2 or more price sources",
  top_brands: `the ${TOP_BRANDS} known brands with the most current listings (then by name), median ` +
    "current price per item; unknown_brand counts the listings whose brand is unknown",
  minimum_sample: `a figure over fewer than ${min} listings (or matched products) is null and the ` +
    "row's reason says why",
});

/** The market of a product sold (current) by two or more price sources. */
interface Shared {
  /** Median over the price sources of each one's price. */
  readonly median: number;
  /** Each price source's price of the product. */
  readonly bySource: ReadonlyMap<number, number>;
}

/** One retailer's row, exact figures; rounded when written. */
interface RetailerRow {
  readonly retailer: string;
  readonly listings: number;
  readonly brands: number;
  readonly median_price: number | null;
  readonly median_unit_price: number | null;
  readonly price_index: number | null;
  readonly overlap_rate: number | null;
  readonly cheaper_rate: number | null;
  readonly price_source: string;
  readonly sample: {
    readonly n: number;
    readonly n_price: number;
    readonly n_unit_price: number;
    readonly n_matched: number;
  };
  readonly reason: string | null;
}

/** The competitive-landscape record of every target of `country`, keyed by target id. */
export function* compileCompetitiveLandscape(
  { catalog, resolutions, sources, minSample }: CompiledCountry,
): Generator<readonly [string, AnswerRecord | readonly string[]]> {
  yield sharedRecord(members(landscapeMethod(minSample)));
  const { listings } = catalog;
  const flyers = `"price_sources":${JSON.stringify(sharedFlyers(catalog, sources))}`;
  for (const target of resolutions.targets) {
    const current = target.listings.filter((l) => listings[l]!.current >= 0);
    const basis = dominantBasis(catalog, current);
    const market = sharedProducts(catalog, current, sources);
    const mine = new Map<number, number[]>();
    for (const l of target.listings) {
      const r = listings[l]!.retailer;
      if (!mine.has(r)) mine.set(r, []);
      if (listings[l]!.current >= 0) mine.get(r)!.push(l);
    }
    // Every retailer with a listing in the target has a row (a retailer filter may name it), even without a
    // current one; the market answer lists those with current listings.
    const rows = new Map(
      byRetailerName(catalog, mine.keys()).map((
        r,
      ) => [r, retailerRow(catalog, r, mine.get(r)!, market, basis, sources, minSample)]),
    );
    const method = methodMember(outliersSince(catalog, target.listings, catalog.currentFrom));
    const head = `"listings":${current.length},"products_compared":${market.size},` +
      `"unit_basis":${JSON.stringify(basis)},"retailers":`;
    const unknown = current.filter((l) => catalog.products[listings[l]!.product]!.brandKey === "").length;
    const tail = `,"top_brands":${JSON.stringify(topBrands(catalog, current, minSample))},"unknown_brand":${
      JSON.stringify({ listings: unknown })
    },${flyers},${method}`;
    const fragment = (written: readonly RetailerRow[]) => `${head}${JSON.stringify(written)}${tail}`;
    yield [String(target.id), {
      json: fragment([...rows.values()].filter((row) => row.listings > 0)),
      by_retailer: catalog.retailers.map((_, r) => (rows.has(r) ? fragment([rows.get(r)!]) : null)),
    }];
  }
}

// Products with current prices at two or more price sources: each source's price, and their median.
function sharedProducts(
  catalog: CountryCatalog,
  current: readonly number[],
  sources: PriceSources,
): Map<number, Shared> {
  const prices = new Map<number, Map<number, number[]>>();
  for (const l of current) {
    const price = currentPrice(catalog, l);
    if (Number.isNaN(price)) continue;
    const { product, retailer } = catalog.listings[l]!;
    const source = sources.sourceOf[retailer]!;
    if (!prices.has(product)) prices.set(product, new Map());
    const bySource = prices.get(product)!;
    bySource.set(source, [...bySource.get(source) ?? [], price]);
  }
  const shared = new Map<number, Shared>();
  for (const [product, bySource] of prices) {
    if (bySource.size < 2) continue;
    const each = new Map([...bySource].map(([source, list]) => [source, median(list)]));
    shared.set(product, { median: median([...each.values()]), bySource: each });
  }
  return shared;
}

function retailerRow(
  catalog: CountryCatalog,
  r: number,
  mine: readonly number[],
  market: ReadonlyMap<number, Shared>,
  basis: UnitBasis | null,
  sources: PriceSources,
  min: number,
): RetailerRow {
  const shelf = mine.map((l) => shelfPrice(catalog, l)).filter((p) => !Number.isNaN(p));
  const units = mine.map((l) => currentUnitPrice(catalog, l, basis)).filter((u) => !Number.isNaN(u));
  const brands = new Set(mine.map((l) => catalog.products[catalog.listings[l]!.product]!.brandKey));
  brands.delete("");
  const own = sources.sourceOf[r]!;
  const ratios: number[] = [];
  let cheapest = 0;
  for (const l of mine) {
    const shared = market.get(catalog.listings[l]!.product);
    const price = currentPrice(catalog, l);
    if (shared === undefined || Number.isNaN(price) || !shared.bySource.has(own)) continue;
    ratios.push(price / shared.median);
    const others = [...shared.bySource].filter(([source]) => source !== own).map(([, p]) => p);
    if (price <= Math.min(...others)) cheapest++;
  }
  const reasons = [
    sampleReason(mine.length, "current listings", min),
    sampleReason(ratios.length, "products matched with another price source", min),
  ].filter((reason) => reason !== null);
  return {
    retailer: catalog.retailers[r]!.name,
    listings: mine.length,
    brands: brands.size,
    median_price: sampled(shelf.length, money(median(shelf)), min),
    median_unit_price: sampled(units.length, unitPrice(median(units)), min),
    price_index: sampled(ratios.length, index(100 * geometricMean(ratios)), min),
    overlap_rate: sampled(mine.length, rate(ratios.length / mine.length), min),
    cheaper_rate: sampled(ratios.length, rate(cheapest / ratios.length), min),
    price_source: sources.sources[own]!.name,
    sample: { n: mine.length, n_price: shelf.length, n_unit_price: units.length, n_matched: ratios.length },
    reason: reasons.length === 0 ? null : reasons.join("; "),
  };
}

// The known brands with the most current listings (then by name), with their median current shelf price.
function topBrands(catalog: CountryCatalog, current: readonly number[], min: number) {
  const byBrand = new Map<string, number[]>();
  for (const l of current) {
    const brandKey = catalog.products[catalog.listings[l]!.product]!.brandKey;
    if (brandKey === "") continue;
    if (!byBrand.has(brandKey)) byBrand.set(brandKey, []);
    byBrand.get(brandKey)!.push(l);
  }
  return [...byBrand.values()]
    .map((ls) => {
      const shelf = ls.map((l) => shelfPrice(catalog, l)).filter((p) => !Number.isNaN(p));
      return {
        brand: catalog.products[catalog.listings[ls[0]!]!.product]!.brand,
        listings: ls.length,
        median_price: sampled(shelf.length, money(median(shelf)), min),
        sample: { n: ls.length, n_price: shelf.length },
        reason: sampleReason(shelf.length, "current prices per item", min),
      };
    })
    .sort((a, b) => b.listings - a.listings || (a.brand < b.brand ? -1 : a.brand > b.brand ? 1 : 0))
    .slice(0, TOP_BRANDS);
}
