/**
 * The shopper's view of a country's catalog, computed once and shared by the shopper shards: each product's
 * current offers (one per retailer whose offer is valid at the catalog's reference instant), and the
 * *scopes* (every retailer, or one) with their products in ranking order.
 *
 * An offer is a listing's current observation (catalog_current.ts): its price, and its unit price (price /
 * pack size in kg, L or each; NaN when the size is unknown). A product's offers are ordered by price group
 * (a price per item or per measure before one of unstated basis: never ranked against each other), price,
 * unit price (unknown last), then retailer name; its best offer in a scope is the first offer there. A scope
 * ranks its products by their best offer: unit price known first, grouped by basis (kg, L, each), by unit
 * price; then prices per item without a unit price; then prices of unstated basis (fresh meat and fish that
 * may be priced per weight); then price, product name and id. The runtime may reorder the unit-price basis
 * groups (dominant basis first), never inside them, and never moves the last two groups.
 */
import { ALL_SCOPE } from "../../src/format/shopper_records.ts";
import { nameKey } from "../../src/format/name_key.ts";
import { type CountryCatalog, DAY_MS, PRICE_BASES } from "./catalog_model.ts";
import { median } from "./catalog_figures.ts";
import { formatUtc } from "./catalog_observed_at.ts";

const UNSTATED = PRICE_BASES.indexOf("unstated");

/** A listing's current price, as an offer. */
export interface Offer {
  readonly listing: number;
  readonly retailer: number;
  /** The current observation. */
  readonly obs: number;
  readonly price: number;
  /** Price per kg, L or each; NaN when the pack size is unknown. */
  readonly unitPrice: number;
  /** Index into BASES (0: unknown). */
  readonly basis: number;
  /** True when the price basis is unstated (it may be per weight): never ranked against prices per item. */
  readonly unstated: boolean;
  /** The listing's distinct prices on the offer's day when it listed several (price is the lowest), else null. */
  readonly sameDay: readonly number[] | null;
}

/** A product with at least one current offer. */
export interface ShopperProduct {
  readonly product: number;
  /** Its offers: by price, unit price (unknown last), retailer name. */
  readonly offers: readonly Offer[];
  /** Median of the offers' prices. */
  readonly median: number;
  /** Every listing of the product (with or without a current price), ascending. */
  readonly listings: readonly number[];
  /** Outliers among the current-window observations of its listings. */
  readonly outliersCurrent: number;
}

/** Every retailer (`*`) or one retailer, with its products in ranking order. */
export interface ShopperScope {
  readonly key: string;
  /** Null for every retailer. */
  readonly retailer: number | null;
  readonly products: readonly ShopperProduct[];
}

/** The shopper view of one country. */
export interface ShopperModel {
  readonly catalog: CountryCatalog;
  /** Product index → the product, for products with a current offer. */
  readonly products: ReadonlyMap<number, ShopperProduct>;
  /** `*` first, then each retailer with at least one current offer, by retailer index. */
  readonly scopes: readonly ShopperScope[];
}

const models = new WeakMap<CountryCatalog, ShopperModel>();

/** The shopper view of `catalog` (computed once per catalog). */
export function shopperModel(catalog: CountryCatalog): ShopperModel {
  let model = models.get(catalog);
  if (model === undefined) models.set(catalog, model = buildModel(catalog));
  return model;
}

/** The current offer of listing `l`, or undefined when it has no current price. */
export function offerOf(catalog: CountryCatalog, l: number): Offer | undefined {
  const listing = catalog.listings[l]!;
  const i = listing.current;
  return i < 0 ? undefined : offerAt(catalog, l, i);
}

/** Listing `l`'s offer of observation `i` (its current or its expired one). */
export function offerAt(catalog: CountryCatalog, l: number, i: number): Offer {
  const { obs } = catalog;
  const price = obs.price[i]!;
  let sameDay: number[] | null = null;
  if (obs.ambiguous[i] === 1) {
    const day = Math.floor(obs.time[i]! / DAY_MS);
    sameDay = [
      ...new Set(
        [...catalog.listings[l]!.observations]
          .filter((j) => obs.outlier[j] === 0 && Math.floor(obs.time[j]! / DAY_MS) === day)
          .map((j) => obs.price[j]!),
      ),
    ].sort((a, b) => a - b);
  }
  return {
    listing: l,
    retailer: catalog.listings[l]!.retailer,
    obs: i,
    price,
    unitPrice: price / obs.quantity[i]!,
    basis: obs.basis[i]!,
    unstated: obs.priceBasis[i] === UNSTATED,
    sameDay,
  };
}

/** The best offer of `product` in `scope`: the cheapest, or the scope's retailer's. */
export function bestOffer(product: ShopperProduct, scope: ShopperScope): Offer {
  return scope.retailer === null
    ? product.offers[0]!
    : product.offers.find((o) => o.retailer === scope.retailer)!;
}

/** True when observations `i` and `j` buy the same pack size (both unknown counts as the same). */
export function samePack(catalog: CountryCatalog, i: number, j: number): boolean {
  const { quantity, basis } = catalog.obs;
  const a = quantity[i]!, b = quantity[j]!;
  return basis[i] === basis[j] && (a === b || (Number.isNaN(a) && Number.isNaN(b)));
}

/** An instant as the answers write it, or null for NaN (absent). */
export function instantOrNull(ms: number): string | null {
  return Number.isNaN(ms) ? null : formatUtc(ms);
}

/** The retailer's deal flag of observation `i`: true, false, or null when the snapshot does not say. */
export function dealFlag(catalog: CountryCatalog, i: number): boolean | null {
  const deal = catalog.obs.deal[i]!;
  return deal === -1 ? null : deal === 1;
}

/** Compares two keys by code units. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Compares two names as every shopper order breaks ties: by name key (case and accents aside), then as spelt. */
export function compareNames(a: string, b: string): number {
  return compareText(nameKey(a), nameKey(b)) || compareText(a, b);
}

function buildModel(catalog: CountryCatalog): ShopperModel {
  const { listings, retailers, obs } = catalog;
  const byProduct = new Map<number, number[]>();
  listings.forEach((listing, l) => {
    const list = byProduct.get(listing.product);
    if (list === undefined) byProduct.set(listing.product, [l]);
    else list.push(l);
  });
  const products = new Map<number, ShopperProduct>();
  for (const [product, ls] of [...byProduct].sort(([a], [b]) => a - b)) {
    const offers = ls.map((l) => offerOf(catalog, l)).filter((o) => o !== undefined).sort((a, b) =>
      Number(a.unstated) - Number(b.unstated) || a.price - b.price || compareUnit(a.unitPrice, b.unitPrice) ||
      compareNames(retailers[a.retailer]!.name, retailers[b.retailer]!.name)
    );
    if (offers.length === 0) continue;
    let outliersCurrent = 0;
    for (const l of ls) {
      for (const i of listings[l]!.observations) {
        if (obs.outlier[i] === 1 && obs.time[i]! >= catalog.currentFrom) outliersCurrent++;
      }
    }
    products.set(product, {
      product,
      offers,
      median: median(offers.map((o) => o.price)),
      listings: ls,
      outliersCurrent,
    });
  }
  const scopes: ShopperScope[] = [scopeOf(catalog, ALL_SCOPE, null, [...products.values()])];
  retailers.forEach((_, r) => {
    const sold = [...products.values()].filter((p) => p.offers.some((o) => o.retailer === r));
    if (sold.length > 0) scopes.push(scopeOf(catalog, String(r), r, sold));
  });
  return { catalog, products, scopes };
}

function scopeOf(
  catalog: CountryCatalog,
  key: string,
  retailer: number | null,
  products: ShopperProduct[],
): ShopperScope {
  const scope: ShopperScope = { key, retailer, products: [] };
  const keyed = products.map((product) => ({ product, best: bestOffer(product, scope) }));
  keyed.sort((a, b) => {
    const group = rankGroup(a.best) - rankGroup(b.best);
    return group || a.best.basis - b.best.basis || compareUnit(a.best.unitPrice, b.best.unitPrice) ||
      a.best.price - b.best.price ||
      compareNames(catalog.products[a.product.product]!.name, catalog.products[b.product.product]!.name) ||
      compareText(catalog.products[a.product.product]!.id, catalog.products[b.product.product]!.id);
  });
  return { key, retailer, products: keyed.map(({ product }) => product) };
}

/** An offer's ranking group: 0 with a unit price, 1 per item without one, 2 of unstated basis. */
export function rankGroup(offer: Offer): number {
  return offer.unstated ? 2 : Number.isNaN(offer.unitPrice) ? 1 : 0;
}

// Unit prices ascending, unknown (NaN) last.
function compareUnit(a: number, b: number): number {
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : 1;
  return Number.isNaN(b) ? -1 : a - b;
}
