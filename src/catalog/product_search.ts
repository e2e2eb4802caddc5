/**
 * Product search over the inverted index of the shopper_search shard: every term but the last must be a
 * word of the product's name or brand, the last a prefix of one. The work is bounded by the matches: the
 * shortest posting list is walked and each entry is looked up in the others by binary search; nothing
 * scans the products of the country. A match ranks 1 when every term matched the name, else 2.
 */
import type { ReferenceStore } from "../store/reference_store.ts";
import { ALL_SCOPE, type SearchPosting, type SearchScope } from "../format/shopper_records.ts";
import { searchTokens } from "../format/search_tokens.ts";
import { ApiError } from "../operation/api_error.ts";
import type { CatalogContext } from "./catalog_context.ts";
import { int32Of } from "./typed_columns.ts";

/** The products matching a query in one scope, by ordinal (ascending), with their match ranks. */
export interface SearchMatches {
  readonly scope: SearchScope;
  readonly ordinals: Int32Array;
  /** Match rank (1 or 2) of each ordinal, in parallel. */
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
  lists.sort((a, b) => a.length - b.length);
  const [shortest, ...others] = lists as [Int32Array, ...Int32Array[]];
  const ordinals = new Int32Array(shortest.length), ranks = new Uint8Array(shortest.length);
  let count = 0;
  for (let k = 0; k < shortest.length; k++) {
    const entry = shortest[k]!;
    const ordinal = entry >>> 1;
    let name = entry & 1;
    let matched = true;
    for (const other of others) {
      const found = find(other, ordinal);
      if (found < 0) {
        matched = false;
        break;
      }
      name &= found & 1;
    }
    if (!matched) continue;
    ordinals[count] = ordinal;
    ranks[count++] = name === 1 ? 1 : 2;
  }
  if (count === 0) return undefined;
  const scope = store.catalog<SearchScope>("shopper_search", `${country}:s:${scopeKey}`);
  // A posting names the scope, so its table exists; a missing one is a broken dist, not a miss.
  if (scope === undefined) throw new Error(`shopper_search holds no scope ${country}:s:${scopeKey}`);
  return { scope, ordinals: ordinals.subarray(0, count), ranks: ranks.subarray(0, count) };
}

// The entry of `ordinal` in an ascending posting list, or -1.
function find(list: Int32Array, ordinal: number): number {
  let lo = 0, hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = list[mid]! >>> 1;
    if (at === ordinal) return list[mid]!;
    if (at < ordinal) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
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
