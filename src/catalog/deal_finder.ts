/**
 * GET /v1/shopper/deal-finder?category=: the category's listings whose current price is below their
 * reference price (the median of their window) by at least min_discount. Every deal is precomputed per
 * category node, window and retailer in each sort order; a request merges the lists of its target's nodes
 * (disjoint subtrees), keeps the deals at or above min_discount, and stops at `limit`. `total` is counted by
 * binary search in the `pct` lists, whose discounts never increase.
 */
import { parseQuery } from "../operation/query.ts";
import type { DealList, DealTarget, DealWindow, DealWindowName } from "../format/shopper_records.ts";
import { catalogContext, resolveCategory } from "./catalog_context.ts";
import { metaJson } from "./catalog_meta.ts";
import type { CatalogPrepare } from "./category_answer.ts";
import { dealFinderQuery } from "./shopper_params.ts";
import { DEAL_FINDER_METHOD, methodHead } from "./shopper_methods.ts";
import { int32Of } from "./typed_columns.ts";

/** Defaults of the optional parameters. */
export const DEAL_DEFAULTS = Object.freeze({ min_discount: "10", sort: "pct", limit: 20 } as const);

const METHOD_HEAD = methodHead(DEAL_FINDER_METHOD);
const WINDOW_DAYS: Readonly<Record<string, number>> = { "7d": 7, "31d": 31, "90d": 90 };

/**
 * The least served discount_pct in tenths of a percent that is at least `minDiscount` (number text, 0 to 90,
 * as the query schema accepts it), computed exactly: no binary fraction rounds 14.3 % up to 14.4 %.
 */
export function leastTenths(minDiscount: string): number {
  const [, whole = "0", fraction = "", exponent = "0"] =
    /^-?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(minDiscount) ?? [];
  // minDiscount = digits × 10^(shift - 1): tenths = digits × 10^shift, rounded up.
  const digits = BigInt(whole + fraction);
  const shift = Number(exponent) - fraction.length + 1;
  const unit = 10n ** BigInt(Math.abs(shift));
  const tenths = shift >= 0 ? digits * unit : (digits + unit - 1n) / unit;
  // Every deal has a discount above 0, so 0 asks for at least 0.1 %.
  return Math.max(1, Number(tenths));
}

/** Prepares a deal-finder request: validation, country, retailer and the category, all free on failure. */
export const prepareDealFinder: CatalogPrepare = (search, store, now) => {
  const query = parseQuery(dealFinderQuery, search);
  const context = catalogContext(query, store);
  const category = resolveCategory(context, query.category, store);
  const window: DealWindowName = query.window ?? "all";
  const sort = query.sort ?? DEAL_DEFAULTS.sort;
  const minDiscount = query.min_discount ?? DEAL_DEFAULTS.min_discount;
  const least = leastTenths(minDiscount);
  const limit = query.limit === undefined ? DEAL_DEFAULTS.limit : Number(query.limit);
  const { country, record, retailer } = context;
  return {
    operation: { operation: "findDeals", items: 1 },
    run: () => {
      const target = store.catalog<DealTarget>(
        "shopper_deals",
        `${country}:target:${category.resolution.target}`,
      );
      const deals = store.catalog<DealWindow>("shopper_deals", `${country}:w:${window}`);
      // The lookup shard resolved the category: missing records are a broken dist, not a miss.
      if (target === undefined || deals === undefined) {
        throw new Error(`shopper_deals lacks ${country} records`);
      }
      const suffix = retailer === null ? "" : `:${retailer.index}`;
      const lists: TypedList[] = [];
      let total = 0, outliers = 0;
      for (const node of target.nodes) {
        const list = store.catalog<DealList>("shopper_deals", `${country}:n:${node}:${window}${suffix}`);
        if (list === undefined) continue;
        lists.push({ pct: int32Of(list.pct), abs: int32Of(list.abs), recency: int32Of(list.recency) });
        outliers += list.outliers;
      }
      const columns: DealColumns = {
        pct: int32Of(deals.pct_tenths),
        abs: int32Of(deals.rank_abs),
        recency: int32Of(deals.rank_recency),
      };
      for (const list of lists) total += qualifying(list.pct, columns.pct, least);
      const ids = merge(lists, sort, columns, least, limit);
      const days = WINDOW_DAYS[window];
      const echo = {
        retailer: retailer?.name ?? null,
        min_discount: Number(minDiscount),
        window: days === undefined ? null : window,
        window_from: days === undefined ? null : isoSeconds(record.latest_ms - days * 86_400_000),
        sort,
        limit,
      };
      const head = `{"meta":${metaJson(record, now())},"resolved":${category.json},"query":${
        JSON.stringify(echo)
      }`;
      return `${head},"results":[${ids.map((id) => deals.rows[id]).join(",")}],"total":${total},` +
        `"method":${METHOD_HEAD}${outliers}}}`;
    },
  };
};

// An instant as the answers write it: ISO 8601 UTC, milliseconds only when there are some.
function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(".000Z", "Z");
}

/** A node's deal ids in each order, typed. */
interface TypedList {
  readonly pct: Int32Array;
  readonly abs: Int32Array;
  readonly recency: Int32Array;
}

/** The window's per-deal columns, typed: discount in tenths, and the abs and recency ranks. */
interface DealColumns {
  readonly pct: Int32Array;
  readonly abs: Int32Array;
  readonly recency: Int32Array;
}

// How many deals of a pct-ordered list reach `least` tenths: a binary search (discounts never increase).
function qualifying(ids: Int32Array, tenths: Int32Array, least: number): number {
  let lo = 0, hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tenths[ids[mid]!]! >= least) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// A k-way merge of the lists in the asked order, skipping deals below `least`, stopping at `limit`.
function merge(
  lists: readonly TypedList[],
  sort: "pct" | "abs" | "recency",
  columns: DealColumns,
  least: number,
  limit: number,
): number[] {
  const order = lists.map((list) => list[sort]);
  // Deal ids are the pct order itself; the other orders rank them.
  const ranks = sort === "pct" ? undefined : columns[sort];
  const heads = order.map(() => 0);
  const out: number[] = [];
  while (out.length < limit) {
    let best = -1, bestRank = Infinity;
    for (const [k, ids] of order.entries()) {
      let head = heads[k]!;
      // In pct order the first deal below `least` ends the list; in the others it is skipped.
      while (head < ids.length && columns.pct[ids[head]!]! < least) {
        head = sort === "pct" ? ids.length : head + 1;
      }
      heads[k] = head;
      if (head === ids.length) continue;
      const rank = ranks === undefined ? ids[head]! : ranks[ids[head]!]!;
      if (rank < bestRank) [best, bestRank] = [k, rank];
    }
    if (best < 0) break;
    out.push(order[best]![heads[best]!]!);
    heads[best]!++;
  }
  return out;
}
