/**
 * The product search of best-price and price-drop-alert, precomputed per country: an inverted index from
 * each word of a product's name and brand (`t:<word>`) and from each prefix of such a word (`p:<prefix>`)
 * to the products, per scope, as ascending `ordinal × 2 + name flag` entries (see
 * src/format/shopper_records.ts), and per scope (`s:<scope>`) the ordinal → product table with what the
 * runtime ranks and filters on without reading products: the best offer's unit basis, and each listing's
 * current price and change (price-drop-alert). Only products with a current price are indexed.
 */
import { searchTokens, tokenPrefixes } from "../../src/format/search_tokens.ts";
import type { SearchPosting, SearchScope } from "../../src/format/shopper_records.ts";
import type { CompiledCountry } from "./catalog_compile.ts";
import type { CountryCatalog } from "./catalog_model.ts";
import { bestOffer, compareNames, compareText, shopperModel } from "./shopper_offers.ts";
import { type AlertFigures, alertFigures } from "./shopper_alerts.ts";

/** The search records of a country: `t:<word>`, `p:<prefix>` and `s:<scope>`. */
export function* compileShopperSearch({ catalog }: CompiledCountry): Generator<[string, unknown]> {
  const model = shopperModel(catalog);
  // Per product: its words with the name flag (1 when in the name), and its prefixes likewise.
  const words = new Map<number, Map<string, number>>();
  const prefixes = new Map<number, Map<string, number>>();
  for (const product of model.products.keys()) {
    const { name, brand } = catalog.products[product]!;
    const own = new Map<string, number>();
    for (const token of searchTokens(brand)) own.set(token, 0);
    for (const token of searchTokens(name)) own.set(token, 1);
    const starts = new Map<string, number>();
    for (const [token, flag] of own) {
      for (const prefix of tokenPrefixes(token)) starts.set(prefix, Math.max(starts.get(prefix) ?? 0, flag));
    }
    words.set(product, own);
    prefixes.set(product, starts);
  }
  const postings = {
    t: new Map<string, Record<string, number[]>>(),
    p: new Map<string, Record<string, number[]>>(),
  };
  const add = (kind: "t" | "p", entries: Map<string, number>, scope: string, ordinal: number) => {
    for (const [text, flag] of entries) {
      let posting = postings[kind].get(text);
      if (posting === undefined) postings[kind].set(text, posting = {});
      (posting[scope] ??= []).push(ordinal * 2 + flag);
    }
  };
  for (const scope of model.scopes) {
    const table = {
      ids: [] as string[],
      basis: [] as number[],
      listing_start: [] as number[],
      listing_retailer: [] as number[],
      listing_price: [] as number[],
      listing_change: [] as (number | null)[],
      listing_change_pct: [] as (number | null)[],
      listing_order: [] as number[],
      listing_by_order: [] as number[],
    };
    const alerts: AlertFigures[] = [];
    scope.products.forEach((product, ordinal) => {
      add("t", words.get(product.product)!, scope.key, ordinal);
      add("p", prefixes.get(product.product)!, scope.key, ordinal);
      table.ids.push(catalog.products[product.product]!.id);
      table.basis.push(bestOffer(product, scope).basis);
      table.listing_start.push(alerts.length);
      for (const offer of product.offers) {
        if (scope.retailer !== null && offer.retailer !== scope.retailer) continue;
        alerts.push(alertFigures(catalog, offer.listing)!);
      }
    });
    table.listing_start.push(alerts.length);
    for (const figures of alerts) {
      table.listing_retailer.push(catalog.listings[figures.listing]!.retailer);
      table.listing_price.push(figures.price);
      table.listing_change.push(figures.change);
      table.listing_change_pct.push(figures.changePct);
    }
    const order = alerts.map((_, at) => at).sort((a, b) => compareAlerts(catalog, alerts[a]!, alerts[b]!));
    table.listing_order = new Array<number>(alerts.length);
    order.forEach((at, position) => table.listing_order[at] = position);
    table.listing_by_order = order;
    yield [`s:${scope.key}`, table satisfies SearchScope];
  }
  for (const kind of ["t", "p"] as const) {
    for (const [text, posting] of [...postings[kind]].sort(([a], [b]) => compareText(a, b))) {
      for (const list of Object.values(posting)) list.sort((a, b) => a - b);
      yield [`${kind}:${text}`, posting satisfies SearchPosting];
    }
  }
}

// |change_pct| descending (no previous price last), then product name, then retailer name.
function compareAlerts(
  catalog: CountryCatalog,
  a: AlertFigures,
  b: AlertFigures,
): number {
  const size = (f: AlertFigures) => (f.changePct === null ? -1 : Math.abs(f.changePct));
  const la = catalog.listings[a.listing]!, lb = catalog.listings[b.listing]!;
  return size(b) - size(a) ||
    compareNames(catalog.products[la.product]!.name, catalog.products[lb.product]!.name) ||
    compareNames(catalog.retailers[la.retailer]!.name, catalog.retailers[lb.retailer]!.name) ||
    compareText(catalog.products[la.product]!.id, catalog.products[lb.product]!.id);
}
