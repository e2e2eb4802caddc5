/**
 * Competitive landscape per target, precomputed on current prices: per retailer its current listings,
 * brands, median price and median unit price (in the basis most of the category's current listings have a
 * unit price in), and how it prices the products it shares with other retailers: a price index (100 × the
 * geometric mean of its price over the product's median price across the retailers selling it), the share
 * of its products sold elsewhere too (overlap) and the share of those where it is the cheapest (ties
 * count). The same product is the same pack everywhere, so a price ratio is a unit-price ratio and every
 * shared product counts, with or without a known size. Also the category's top brands by current listings.
 *
 * With a retailer, the answer keeps that retailer's row only; every figure stays measured against the whole
 * market, and `products_compared`, `top_brands` and `listings` stay the market's.
 */
import type { AnswerRecord } from "../../src/format/catalog_records.ts";
import type { CompiledCountry } from "./catalog_compile.ts";
import { members, methodMember, sharedRecord } from "./answer_text.ts";
import type { CountryCatalog } from "./catalog_model.ts";
import { geometricMean, index, median, money, rate, unitPrice } from "./catalog_figures.ts";
import type { UnitBasis } from "./unit_size.ts";
import {
  byRetailerName,
  currentPrice,
  currentUnitPrice,
  dominantBasis,
  outliersSince,
} from "./listing_prices.ts";

/** How many brands `top_brands` lists. */
export const TOP_BRANDS = 10;

/** How each figure of the landscape is computed, as every answer states it. */
export const LANDSCAPE_METHOD = Object.freeze({
  current: "a listing's latest non-outlier price within 14 days of the country's latest observation",
  listings: "the retailer's current listings (products with a current price); top level: the category's",
  brands: "distinct brands of the retailer's current listings (unbranded is no brand)",
  median_price: "median of the retailer's current prices",
  median_unit_price: "median of the retailer's current unit prices in unit_basis (the basis most current " +
    "listings of the category have) over its listings with one (sample.n_unit_price)",
  price_index: "100 × exp(mean ln(price / median current price of the same product across the retailers " +
    "selling it)) over the retailer's products sold by another retailer too (sample.n_matched)",
  overlap_rate: "share of the retailer's current products also sold (current) by another retailer",
  cheaper_rate: "share of those where the retailer's price is the lowest (ties count as cheapest)",
  products_compared: "products with current prices at 2 or more retailers",
  top_brands: `the ${TOP_BRANDS} brands with the most current listings (then by name), median current price`,
});

/** The market of a product sold (current) by two or more retailers. */
interface Shared {
  readonly median: number;
  readonly min: number;
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
  readonly sample: { readonly n: number; readonly n_unit_price: number; readonly n_matched: number };
}

/** The competitive-landscape record of every target of `country`, keyed by target id. */
export function* compileCompetitiveLandscape(
  { catalog, resolutions }: CompiledCountry,
): Generator<readonly [string, AnswerRecord | readonly string[]]> {
  yield sharedRecord(members(LANDSCAPE_METHOD));
  const { listings } = catalog;
  for (const target of resolutions.targets) {
    const current = target.listings.filter((l) => listings[l]!.current >= 0);
    const basis = dominantBasis(catalog, current);
    const market = sharedProducts(catalog, current);
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
      ) => [r, retailerRow(catalog, r, mine.get(r)!, market, basis)]),
    );
    const method = methodMember(outliersSince(catalog, target.listings, catalog.currentFrom));
    const head = `"listings":${current.length},"products_compared":${market.size},` +
      `"unit_basis":${JSON.stringify(basis)},"retailers":`;
    const tail = `,"top_brands":${JSON.stringify(topBrands(catalog, current))},${method}`;
    const fragment = (written: readonly RetailerRow[]) => `${head}${JSON.stringify(written)}${tail}`;
    yield [String(target.id), {
      json: fragment([...rows.values()].filter((row) => row.listings > 0)),
      by_retailer: catalog.retailers.map((_, r) => (rows.has(r) ? fragment([rows.get(r)!]) : null)),
    }];
  }
}

// Products with current prices at two or more retailers: the median and the lowest of those prices.
function sharedProducts(catalog: CountryCatalog, current: readonly number[]): Map<number, Shared> {
  const prices = new Map<number, number[]>();
  for (const l of current) {
    const product = catalog.listings[l]!.product;
    if (!prices.has(product)) prices.set(product, []);
    prices.get(product)!.push(currentPrice(catalog, l));
  }
  const shared = new Map<number, Shared>();
  for (const [product, list] of prices) {
    if (list.length >= 2) shared.set(product, { median: median(list), min: Math.min(...list) });
  }
  return shared;
}

function retailerRow(
  catalog: CountryCatalog,
  r: number,
  mine: readonly number[],
  market: ReadonlyMap<number, Shared>,
  basis: UnitBasis | null,
): RetailerRow {
  const prices = mine.map((l) => currentPrice(catalog, l));
  const units = mine.map((l) => currentUnitPrice(catalog, l, basis)).filter((u) => !Number.isNaN(u));
  const brands = new Set(mine.map((l) => catalog.products[catalog.listings[l]!.product]!.brandKey));
  brands.delete("");
  const ratios: number[] = [];
  let cheapest = 0;
  mine.forEach((l, k) => {
    const shared = market.get(catalog.listings[l]!.product);
    if (shared === undefined) return;
    ratios.push(prices[k]! / shared.median);
    if (prices[k]! <= shared.min) cheapest++;
  });
  return {
    retailer: catalog.retailers[r]!.name,
    listings: mine.length,
    brands: brands.size,
    median_price: money(median(prices)),
    median_unit_price: unitPrice(median(units)),
    price_index: index(100 * geometricMean(ratios)),
    overlap_rate: rate(ratios.length / mine.length),
    cheaper_rate: rate(cheapest / ratios.length),
    sample: { n: mine.length, n_unit_price: units.length, n_matched: ratios.length },
  };
}

// The brands with the most current listings (then by name), with their median current price.
function topBrands(catalog: CountryCatalog, current: readonly number[]) {
  const byBrand = new Map<string, number[]>();
  for (const l of current) {
    const brandKey = catalog.products[catalog.listings[l]!.product]!.brandKey;
    if (brandKey === "") continue;
    if (!byBrand.has(brandKey)) byBrand.set(brandKey, []);
    byBrand.get(brandKey)!.push(l);
  }
  return [...byBrand.values()]
    .map((ls) => ({
      brand: catalog.products[catalog.listings[ls[0]!]!.product]!.brand,
      listings: ls.length,
      median_price: money(median(ls.map((l) => currentPrice(catalog, l)))),
      sample: { n: ls.length },
    }))
    .sort((a, b) => b.listings - a.listings || (a.brand < b.brand ? -1 : a.brand > b.brand ? 1 : 0))
    .slice(0, TOP_BRANDS);
}
