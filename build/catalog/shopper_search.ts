/**
 * The product search of best-price and price-drop-alert, precomputed per country: an inverted index from
 * each word of a product's name and brand (`t:<word>`) and from each prefix of such a word (`p:<prefix>`)
 * to the products, per scope, as ascending `ordinal × 8 + flags` entries (see src/format/shopper_records.ts:
 * in the name, the name's last word, a word of its category's kind), and per scope (`s:<scope>`) the
 * ordinal → product table with what the runtime ranks and filters on without reading products: the best
 * offer's ranking group, the sizes (in words) of the kinds its categories name, and each listing's current
 * price and change
 * (price-drop-alert). Only products with a current price are indexed.
 */
import { indexTokens, searchTokens, tokenPrefixes } from "../../src/format/search_tokens.ts";
import { foldWord } from "../../src/format/category_words.ts";
import {
  SEARCH_FLAG_HEAD,
  SEARCH_FLAG_KIND,
  SEARCH_FLAG_NAME,
  type SearchPosting,
  type SearchScope,
} from "../../src/format/shopper_records.ts";
import type { CompiledCountry } from "./catalog_compile.ts";
import type { CountryCatalog } from "./catalog_model.ts";
import { levelKinds } from "./category_kinds.ts";
import { bestOffer, compareNames, compareText, rankGroup, shopperModel } from "./shopper_offers.ts";
import { type AlertFigures, alertFigures } from "./shopper_alerts.ts";

// Tokens that close a name without naming the product: sizes ("400 G", "12'S").
const SIZE_TOKEN = /^(?:\d.*|g|kg|ml|l|lb|lbs|oz|s|pk|pack|ct)$/;

/** The search records of a country: `t:<word>`, `p:<prefix>` and `s:<scope>`. */
export function* compileShopperSearch({ catalog }: CompiledCountry): Generator<[string, unknown]> {
  const model = shopperModel(catalog);
  // Per product: its words with their flags, and its prefixes with the name flag.
  const words = new Map<number, Map<string, number>>();
  const prefixes = new Map<number, Map<string, number>>();
  const kindSize = new Map<number, number>();
  for (const [product, entry] of model.products) {
    const { name, brand } = catalog.products[product]!;
    // The kinds the categories of its current listings name ("Dairy & Eggs > Butter": butter).
    const kinds = entry.offers.map((offer) => {
      const levels = catalog.nodes[catalog.listings[offer.listing]!.node]!.levels;
      return levelKinds(levels[levels.length - 1]!).kind;
    }).filter((kind) => kind.length > 0 && kind.length <= 30);
    const kindWords = new Set(kinds.flat());
    kindSize.set(product, kinds.reduce((mask, kind) => mask | (1 << kind.length), 0));
    const clause = searchTokens(name.split(",")[0]!);
    while (clause.length > 1 && SIZE_TOKEN.test(clause[clause.length - 1]!)) clause.pop();
    const head = clause[clause.length - 1];
    const own = new Map<string, number>();
    const flagOf = (token: string, inName: boolean) =>
      (inName ? SEARCH_FLAG_NAME : 0) | (inName && token === head ? SEARCH_FLAG_HEAD : 0) |
      (kindWords.has(foldWord(token)) ? SEARCH_FLAG_KIND : 0);
    for (const token of indexTokens(brand)) own.set(token, flagOf(token, false));
    for (const token of indexTokens(name)) own.set(token, flagOf(token, true));
    const starts = new Map<string, number>();
    for (const [token, flag] of own) {
      for (const prefix of tokenPrefixes(token)) {
        starts.set(prefix, (starts.get(prefix) ?? 0) | (flag & SEARCH_FLAG_NAME));
      }
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
      (posting[scope] ??= []).push(ordinal * 8 + flag);
    }
  };
  for (const scope of model.scopes) {
    const table = {
      ids: [] as string[],
      basis: [] as number[],
      kind_sizes: [] as number[],
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
      const best = bestOffer(product, scope);
      table.basis.push([best.basis, 0, 4][rankGroup(best)]!);
      table.kind_sizes.push(kindSize.get(product.product)!);
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
