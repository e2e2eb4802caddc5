/**
 * Product search over the inverted index of the shopper_search shard: every term but the last must be a
 * word of the product's name or brand, the last a prefix of one. The work is bounded by the matches: the
 * shortest posting list is walked and each entry is looked up in the others by binary search; nothing
 * scans the products of the country. A match ranks by how the terms name the product (MATCH_RANKS):
 * 1 the terms are the kind its category names (butter in "Dairy & Eggs > Butter"), 2 the last term is the
 * name's last word (Peanut Butter), 3 every term is a word of the name, 4 the last term only begins a word
 * of the name (butter → Butterball), 5 a term is only in the brand.
 */
import type { ReferenceStore } from "../store/reference_store.ts";
import {
  ALL_SCOPE,
  SEARCH_FLAG_HEAD,
  SEARCH_FLAG_KIND,
  SEARCH_FLAG_NAME,
  type SearchPosting,
  type SearchScope,
} from "../format/shopper_records.ts";
import { searchTokens } from "../format/search_tokens.ts";
import { ApiError } from "../operation/api_error.ts";
import type { CatalogContext } from "./catalog_context.ts";
import { int32Of } from "./typed_columns.ts";

/** What each match rank means, best first (the answers' method and the OpenAPI document say the same). */
export const MATCH_RANKS = Object.freeze({
  1: "the terms are the kind the product's category names (butter: Dairy & Eggs > Butter)",
  2: "every term is a word of the name, the last one its last word (Peanut Butter)",
  3: "every term is a word of the name",
  4: "the last term only begins a word of the name (butter: Butterball)",
  5: "a term is only in the brand",
});

/** The products matching a query in one scope, by ordinal (ascending), with their match ranks. */
export interface SearchMatches {
  readonly scope: SearchScope;
  readonly ordinals: Int32Array;
  /** Match rank (1 to 5, MATCH_RANKS) of each ordinal, in parallel. */
  readonly ranks: Uint8Array;
}

/** The matches of `terms` in `scopeKey` of `country`, or undefined when nothing matches. */
export function searchProducts(
  store: ReferenceStore,
  country: string,
  terms: readonly string[],
  scopeKey: string,
): SearchMatches | undefined {
  const lists: Int32Array[] = [];
  for (const [at, term] of terms.entries()) {
    const kind = at === terms.length - 1 ? "p" : "t";
    const list = store.catalog<SearchPosting>("shopper_search", `${country}:${kind}:${term}`)?.[scopeKey];
    if (list === undefined) return undefined;
    lists.push(int32Of(list));
  }
  // The last term as a whole word: its flags rank the match (absent: it only begins words).
  const lastWord = store.catalog<SearchPosting>("shopper_search", `${country}:t:${terms[terms.length - 1]}`)
    ?.[scopeKey];
  const whole = lastWord === undefined ? new Int32Array(0) : int32Of(lastWord);
  const order = lists.map((_, at) => at).sort((a, b) => lists[a]!.length - lists[b]!.length);
  const shortest = lists[order[0]!]!;
  const ordinals = new Int32Array(shortest.length), ranks = new Uint8Array(shortest.length);
  const scope = store.catalog<SearchScope>("shopper_search", `${country}:s:${scopeKey}`);
  // A posting names the scope, so its table exists; a missing one is a broken dist, not a miss.
  if (scope === undefined) throw new Error(`shopper_search holds no scope ${country}:s:${scopeKey}`);
  const kindSizes = int32Of(scope.kind_sizes);
  // The other lists are walked once, ascending, from where the last match left them (galloping).
  const others = order.slice(1).map((at) => lists[at]!);
  const lastAt = order.indexOf(lists.length - 1);
  const cursors = new Int32Array(others.length);
  const want = 1 << terms.length;
  let wholeAt = 0, count = 0;
  for (let k = 0; k < shortest.length; k++) {
    const entry = shortest[k]!;
    const ordinal = entry >>> 3;
    // Flags of every term but the last (whole words), and the name flag of the last (a prefix).
    let flags = lastAt === 0 ? SEARCH_FLAG_NAME | SEARCH_FLAG_KIND : entry;
    let lastInName = lastAt === 0 ? entry & SEARCH_FLAG_NAME : 0;
    let matched = true;
    for (let o = 0; o < others.length; o++) {
      const list = others[o]!;
      const at = seek(list, cursors[o]!, ordinal);
      cursors[o] = at;
      if (at === list.length || (list[at]! >>> 3) !== ordinal) {
        matched = false;
        break;
      }
      if (o + 1 === lastAt) lastInName = list[at]! & SEARCH_FLAG_NAME;
      else flags &= list[at]!;
    }
    if (!matched) continue;
    wholeAt = seek(whole, wholeAt, ordinal);
    const last = wholeAt < whole.length && (whole[wholeAt]! >>> 3) === ordinal ? whole[wholeAt]! : 0;
    ordinals[count] = ordinal;
    ranks[count++] = (flags & SEARCH_FLAG_NAME) === 0 || lastInName === 0
      ? 5
      : (last & SEARCH_FLAG_NAME) === 0
      ? 4
      : (flags & last & SEARCH_FLAG_KIND) !== 0 && (kindSizes[ordinal]! & want) !== 0
      ? 1
      : (last & SEARCH_FLAG_HEAD) !== 0
      ? 2
      : 3;
  }
  if (count === 0) return undefined;
  return { scope, ordinals: ordinals.subarray(0, count), ranks: ranks.subarray(0, count) };
}

// The first index at or after `from` of an ascending posting list whose ordinal is at least `ordinal`:
// doubling steps from `from`, then a binary search between the last two.
function seek(list: Int32Array, from: number, ordinal: number): number {
  let lo = from, hi = from, step = 1;
  while (hi < list.length && (list[hi]! >>> 3) < ordinal) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  hi = Math.min(hi, list.length);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid]! >>> 3) < ordinal) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A `q` request's terms, scope and matches. */
export interface ResolvedSearch {
  readonly terms: readonly string[];
  readonly matches: SearchMatches;
  /** The `query` object's JSON members `"q":…,"terms":…,"retailer":…`. */
  readonly queryJson: string;
}

/** Searches `q` in the context's country and retailer; throws 404 NO_RESULTS (free) when nothing matches. */
export function resolveSearch(context: CatalogContext, q: string, store: ReferenceStore): ResolvedSearch {
  const { country, retailer } = context;
  const terms = searchTokens(q);
  const matches = searchProducts(
    store,
    country,
    terms,
    retailer === null ? ALL_SCOPE : String(retailer.index),
  );
  if (matches === undefined) {
    const where = retailer === null ? "" : ` at ${retailer.name}`;
    throw new ApiError(
      404,
      "NO_RESULTS",
      `q ${JSON.stringify(q)} matches no product with a current price${where} in the ${country} catalog`,
      { parameter: "q", q, terms, country, ...(retailer === null ? {} : { retailer: retailer.name }) },
    );
  }
  return {
    terms,
    matches,
    queryJson: `"q":${JSON.stringify(q)},"terms":${JSON.stringify(terms)},"retailer":${
      JSON.stringify(retailer?.name ?? null)
    }`,
  };
}
