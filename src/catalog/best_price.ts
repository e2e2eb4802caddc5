/**
 * GET /v1/shopper/best-price?q=: each matching product's best current offer, its offers at every retailer
 * and its savings against the median price, ranked by match, then by unit price across products. The search
 * runs before payment (a q that matches nothing is a free 404); once paid, the answer concatenates the
 * products' precomputed fragments, reading only the products it serves.
 */
import { parseQuery } from "../operation/query.ts";
import type { ShopperProductRecord } from "../format/shopper_records.ts";
import { catalogContext } from "./catalog_context.ts";
import { metaJson } from "./catalog_meta.ts";
import type { CatalogPrepare } from "./category_answer.ts";
import { type ResolvedSearch, resolveSearch, type SearchMatches } from "./product_search.ts";
import { answerMemo } from "./answer_memo.ts";
import { bestPriceQuery } from "./shopper_params.ts";
import { bestPriceResult } from "./shopper_fragments.ts";
import { int32Of } from "./typed_columns.ts";
import { BEST_PRICE_METHOD, methodHead } from "./shopper_methods.ts";

/** Results when `limit` is absent. */
export const BEST_PRICE_LIMIT = 10;

const METHOD_HEAD = methodHead(BEST_PRICE_METHOD);
const BEST_PRICE_OPERATION = Object.freeze({ operation: "getBestPrice", items: 1 });
// Ranking groups as SearchScope.basis numbers them: a unit price in kg, L, each; then 0 (a price per item
// without a unit price) and 4 (a price of unstated basis), always in that order, last.
const KNOWN_BASES = [1, 2, 3];
const LAST_GROUPS = [0, 4];
const RANKS = [1, 2, 3, 4, 5];
// Each match's bucket, reused across requests (a request is synchronous here: no other one interleaves).
let buckets = new Uint8Array(1024);

/**
 * Prepares a best-price request: validation, country, retailer and the search, all free on failure. An
 * answer made before for the same build and query is kept (answer_memo.ts): its search is not run again,
 * and only `meta` is made anew; the work of such a request is reusable (work_memo.ts).
 */
export const prepareBestPrice: CatalogPrepare = (search, store, now) => {
  const query = parseQuery(bestPriceQuery, search);
  const context = catalogContext(query, store);
  const limit = query.limit === undefined ? BEST_PRICE_LIMIT : Number(query.limit);
  const retailer = context.retailer?.index ?? null;
  const memo = answerMemo(context.record);
  // q comes last, so no q can make two queries' keys equal.
  const key = `${retailer ?? ""}\n${limit}\n${query.q}`;
  // The text after `meta`, from the search and its first `limit` matches: each product's fragment, kept.
  const restOf = (found: ResolvedSearch, served = ranked(found.matches, limit)): string => {
    let outliers = 0;
    const results = served.map(({ ordinal, rank }) => {
      const product = `${context.country}:${found.matches.scope.ids[ordinal]}`;
      const record = store.catalog<ShopperProductRecord>("shopper_products", product);
      const result = record === undefined ? undefined : bestPriceResult(record, retailer, rank);
      // The search index named the product in this scope: a missing record or offer is a broken dist.
      if (result === undefined) throw new Error(`shopper_products lacks ${product}`);
      outliers += record!.outliers_current;
      return result;
    });
    const rest = `,"query":{${found.queryJson},"limit":${limit}},"results":[${results.join(",")}],` +
      `"total":${found.matches.ordinals.length},"method":${METHOD_HEAD}${outliers}}}`;
    memo.set(key, rest);
    return rest;
  };
  if (memo.get(key) !== undefined) {
    // Reusable (work_memo.ts): it asks the memo each time and holds no text. Once the memo has let the
    // answer go, the search runs again on the same build and query, which matched before: no 404 after
    // payment.
    return {
      operation: BEST_PRICE_OPERATION,
      reusable: true,
      run: () =>
        `{"meta":${metaJson(context.record, now())}${
          memo.get(key) ?? restOf(resolveSearch(context, query.q, store))
        }`,
    };
  }
  const found = resolveSearch(context, query.q, store);
  const served = ranked(found.matches, limit);
  return {
    operation: BEST_PRICE_OPERATION,
    run: () => `{"meta":${metaJson(context.record, now())}${restOf(found, served)}`,
  };
};

/**
 * The first `limit` matches in answer order: match rank, then the ranking groups (unit prices, the basis
 * most matches use first, ties kg, L, each; then prices per item without a unit price; then prices of
 * unstated basis), then ordinal (unit price, price, name within a group). One pass counts the matches of
 * each (rank, group) bucket; a second places those of the buckets the first `limit` reach, ordinals
 * ascending within a bucket: O(matches) work.
 */
export function ranked(matches: SearchMatches, limit: number): { ordinal: number; rank: number }[] {
  const { ordinals, ranks } = matches;
  const basis = int32Of(matches.scope.basis);
  const uses = [0, 0, 0, 0, 0];
  for (let at = 0; at < ordinals.length; at++) uses[basis[ordinals[at]!]!]!++;
  const groups = [...KNOWN_BASES].sort((a, b) => uses[b]! - uses[a]! || a - b).concat(LAST_GROUPS);
  const place = new Int32Array(5);
  groups.forEach((group, at) => place[group] = at);
  if (buckets.length < ordinals.length) buckets = new Uint8Array(ordinals.length * 2);
  const starts = new Int32Array(RANKS.length * groups.length + 1);
  for (let at = 0; at < ordinals.length; at++) {
    const b = (ranks[at]! - 1) * groups.length + place[basis[ordinals[at]!]!]!;
    buckets[at] = b;
    starts[b + 1]!++;
  }
  for (let b = 1; b < starts.length; b++) starts[b]! += starts[b - 1]!;
  // Only the buckets holding the first `limit` places are filled.
  const slots = new Array<number>(Math.min(limit, ordinals.length));
  for (let at = 0; at < ordinals.length; at++) {
    const b = buckets[at]!;
    if (starts[b]! < slots.length) slots[starts[b]!++] = at;
  }
  return slots.map((at) => ({ ordinal: ordinals[at]!, rank: ranks[at]! }));
}
