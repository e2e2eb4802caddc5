/**
 * One record per product with a current price (`<productId>`): its offers as JSON fragments, so the runtime
 * concatenates a best-price result or a price-drop-alert row and never serialises a product.
 *
 * best-price: the best offer is the cheapest (with a retailer: that retailer's); `category` is the category
 * the best offer's retailer files the product under; `savings_vs_median` compares the best price with the
 * median of the product's current prices at every retailer (`n` offers), also with a retailer, so a
 * shopper sees what that retailer saves (or costs) against the market. Every offer carries its
 * `valid_until`; the product's offers of the current period that expired before the reference instant are
 * listed apart (`expired_offers`, marked `expired: true`), never among the current ones.
 */
import type { ExpiredOffer, ShopperOffer, ShopperProductRecord } from "../../src/format/shopper_records.ts";
import type { CompiledCountry } from "./catalog_compile.ts";
import { BASES, CONVERSIONS, type CountryCatalog, PRICE_BASES, type ProductEntry } from "./catalog_model.ts";
import { money, pct, unitPrice } from "./catalog_figures.ts";
import {
  dealFlag,
  instantOrNull,
  type Offer,
  offerAt,
  shopperModel,
  type ShopperProduct,
} from "./shopper_offers.ts";
import { alertFigures, alertRowMembers } from "./shopper_alerts.ts";

/** The `size` object of a product: its pack as stated, what it buys and how certain that is. */
export function sizeJson(product: ProductEntry): Record<string, unknown> {
  const { pack } = product;
  return {
    text: pack.text === "" ? null : pack.text,
    quantity: pack.size.quantity,
    basis: pack.size.basis,
    confidence: pack.confidence,
    source: pack.source,
  };
}

/** The product-level members every shopper row opens with: id, name, brand and whether the brand is known. */
export function productHead(product: ProductEntry): Record<string, unknown> {
  return {
    product_id: product.id,
    product: product.name,
    brand: product.brand === "" ? null : product.brand,
    brand_status: product.brand === "" ? "unknown" : "known",
  };
}

/** The product records of a country, keyed by product id. */
export function* compileShopperProducts(
  { catalog }: CompiledCountry,
): Generator<[string, ShopperProductRecord]> {
  const records: [string, ShopperProductRecord][] = [];
  for (const [index, product] of shopperModel(catalog).products) {
    const entry = catalog.products[index]!;
    const head = { ...productHead(entry), size: sizeJson(entry) };
    records.push([entry.id, {
      head: JSON.stringify(head).slice(1, -1),
      outliers_current: product.outliersCurrent,
      offers: product.offers.map((offer) => offerRecord(catalog, product, offer)),
      expired: expiredOffers(catalog, product),
    }]);
  }
  yield* records.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function offerRecord(catalog: CountryCatalog, product: ShopperProduct, offer: Offer): ShopperOffer {
  const { obs } = catalog;
  const retailer = catalog.retailers[offer.retailer]!.name;
  const figures = alertFigures(catalog, offer.listing)!;
  return {
    retailer: offer.retailer,
    category: JSON.stringify(catalog.nodes[catalog.listings[offer.listing]!.node]!.path),
    best: JSON.stringify({
      retailer,
      price: money(offer.price),
      currency: catalog.currency,
      price_basis: PRICE_BASES[obs.priceBasis[offer.obs]!]!,
      same_day_prices: offer.sameDay,
      unit_price: unitPrice(offer.unitPrice),
      unit_basis: BASES[offer.basis]!,
      unit_conversion: CONVERSIONS[obs.conversion[offer.obs]!]!,
      observed_at: instantOrNull(obs.time[offer.obs]!),
      valid_until: instantOrNull(obs.validUntil[offer.obs]!),
      is_deal: dealFlag(catalog, offer.obs),
    }),
    offer: JSON.stringify({
      retailer,
      price: money(offer.price),
      price_basis: PRICE_BASES[obs.priceBasis[offer.obs]!]!,
      same_day_prices: offer.sameDay,
      unit_price: unitPrice(offer.unitPrice),
      unit_basis: BASES[offer.basis]!,
      observed_at: instantOrNull(obs.time[offer.obs]!),
      valid_until: instantOrNull(obs.validUntil[offer.obs]!),
      is_deal: dealFlag(catalog, offer.obs),
    }),
    savings: JSON.stringify({
      amount: money(product.median - offer.price),
      pct: pct((100 * (product.median - offer.price)) / product.median),
      median: money(product.median),
      n: product.offers.length,
    }),
    alert: alertRowMembers(catalog, figures),
    alert_outliers: figures.outliers,
  };
}

// The product's listings whose latest offer of the current period expired before the reference instant.
function expiredOffers(catalog: CountryCatalog, product: ShopperProduct): ExpiredOffer[] {
  const { obs } = catalog;
  return product.listings
    .map((l) => ({ l, i: catalog.listings[l]!.expired }))
    .filter(({ i }) => i >= 0 && obs.time[i]! >= catalog.currentFrom)
    .map(({ l, i }) => offerAt(catalog, l, i))
    .sort((a, b) => a.price - b.price || a.retailer - b.retailer)
    .map((offer) => ({
      retailer: offer.retailer,
      json: JSON.stringify({
        retailer: catalog.retailers[offer.retailer]!.name,
        price: money(offer.price),
        observed_at: instantOrNull(obs.time[offer.obs]!),
        valid_until: instantOrNull(obs.validUntil[offer.obs]!),
        expired: true,
      }),
    }));
}
