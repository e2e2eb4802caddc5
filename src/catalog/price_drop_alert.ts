/**
 * GET /v1/shopper/price-drop-alert?q=: stateless price alerts. For each listing (a product at a retailer)
 * of the products matching q: its current price, the previous different price, the change and whether it
 * triggers (the change passes threshold_pct in the asked direction, or the price is at or below target).
 * The search runs before payment; the trigger test and the order read only the scope's precomputed
 * per-listing numbers, and the answer reads the records of the rows it serves.
 */
import { parseQuery } from "../operation/query.ts";
import type { SearchScope, ShopperProductRecord } from "../format/shopper_records.ts";
import { catalogContext } from "./catalog_context.ts";
import { metaJson } from "./catalog_meta.ts";
import type { CatalogPrepare } from "./category_answer.ts";
import { resolveSearch } from "./product_search.ts";
import { priceDropAlertQuery } from "./shopper_params.ts";
import { methodHead, PRICE_DROP_ALERT_METHOD } from "./shopper_methods.ts";
import { alertRow, type Trigger } from "./shopper_fragments.ts";
import { float64Of, int32Of } from "./typed_columns.ts";

/** Defaults of the optional parameters. */
export const ALERT_DEFAULTS = Object.freeze({ threshold_pct: 5, direction: "down", limit: 20 } as const);

const METHOD_HEAD = methodHead(PRICE_DROP_ALERT_METHOD);

/** The alert rules of a request. */
export interface AlertRules {
  readonly threshold: number;
  readonly direction: "down" | "up" | "any";
  /** Undefined when no target was given. */
  readonly target: number | undefined;
}

/** The columns of a scope the alert rules read, typed (see typed_columns.ts). */
interface AlertColumns {
  readonly start: Int32Array;
  readonly order: Int32Array;
  readonly byOrder: Int32Array;
  readonly retailer: Int32Array;
  readonly price: Float64Array;
  /** NaN without a previous price. */
  readonly change: Float64Array;
  readonly changePct: Float64Array;
}

function columnsOf(scope: SearchScope): AlertColumns {
  return {
    start: int32Of(scope.listing_start),
    order: int32Of(scope.listing_order),
    byOrder: int32Of(scope.listing_by_order),
    retailer: int32Of(scope.listing_retailer),
    price: float64Of(scope.listing_price),
    change: float64Of(scope.listing_change),
    changePct: float64Of(scope.listing_change_pct),
  };
}

// Which rule listing `at` triggers.
function triggerOf(columns: AlertColumns, at: number, rules: AlertRules): Trigger {
  const change = columns.change[at]!, changePct = columns.changePct[at]!;
  let moved = false;
  // NaN (no previous price) fails every comparison.
  if (rules.direction === "down") moved = change < 0 && -changePct >= rules.threshold;
  else if (rules.direction === "up") moved = change > 0 && changePct >= rules.threshold;
  else moved = Math.abs(changePct) >= rules.threshold;
  const low = rules.target !== undefined && columns.price[at]! <= rules.target;
  return moved ? (low ? "change_and_target" : "change") : low ? "target" : null;
}

/** Prepares a price-drop-alert request: validation, country, retailer and the search, all free on failure. */
export const preparePriceDropAlert: CatalogPrepare = (search, store, now) => {
  const query = parseQuery(priceDropAlertQuery, search);
  const context = catalogContext(query, store);
  const found = resolveSearch(context, query.q, store);
  const rules: AlertRules = {
    threshold: query.threshold_pct === undefined ? ALERT_DEFAULTS.threshold_pct : Number(query.threshold_pct),
    direction: query.direction ?? ALERT_DEFAULTS.direction,
    target: query.target === undefined ? undefined : Number(query.target),
  };
  const limit = query.limit === undefined ? ALERT_DEFAULTS.limit : Number(query.limit);
  return {
    operation: { operation: "getPriceDropAlerts", items: 1 },
    run: () => {
      const { scope, ordinals } = found.matches;
      const columns = columnsOf(scope);
      const { rows, triggered } = orderedRows(columns, ordinals, rules);
      let outliers = 0;
      const results: string[] = [];
      for (const key of rows.subarray(0, limit)) {
        // Keys are positions in the static order, after every triggered listing when not triggered.
        const at = columns.byOrder[key % columns.byOrder.length]!;
        const product = `${context.country}:${scope.ids[ordinalOf(columns.start, at)]}`;
        const record = store.catalog<ShopperProductRecord>("shopper_products", product);
        const row = record === undefined
          ? undefined
          : alertRow(record, columns.retailer[at]!, triggerOf(columns, at, rules));
        // The search index named the listing: a missing row is a broken dist.
        if (row === undefined) throw new Error(`shopper_products lacks the alert rows of ${product}`);
        outliers += row.outliers;
        results.push(row.json);
      }
      const echo = `"threshold_pct":${rules.threshold},"target":${rules.target ?? null},` +
        `"direction":"${rules.direction}","limit":${limit}`;
      return `{"meta":${metaJson(context.record, now())},"query":{${found.queryJson},${echo}},` +
        `"results":[${results.join(",")}],"total":${rows.length},"triggered":${triggered},` +
        `"method":${METHOD_HEAD}${outliers}}}`;
    },
  };
};

/**
 * The matching listings in answer order, as sort keys: a listing's position in the scope's static order
 * (|change_pct|, name, retailer), plus the number of listings when it does not trigger, so one numeric sort
 * puts the triggered first. O(listings of the matches × log).
 */
function orderedRows(
  columns: AlertColumns,
  ordinals: ArrayLike<number>,
  rules: AlertRules,
): { rows: Int32Array; triggered: number } {
  const { start, order } = columns;
  const size = order.length;
  let count = 0;
  for (let k = 0; k < ordinals.length; k++) count += start[ordinals[k]! + 1]! - start[ordinals[k]!]!;
  const rows = new Int32Array(count);
  let at = 0, triggered = 0;
  for (let k = 0; k < ordinals.length; k++) {
    for (let listing = start[ordinals[k]!]!; listing < start[ordinals[k]! + 1]!; listing++) {
      const fired = triggerOf(columns, listing, rules) !== null;
      if (fired) triggered++;
      rows[at++] = order[listing]! + (fired ? 0 : size);
    }
  }
  return { rows: rows.sort(), triggered };
}

// The ordinal whose listings hold `listing`: the last start at or before it.
function ordinalOf(start: Int32Array, listing: number): number {
  let lo = 0, hi = start.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (start[mid]! <= listing) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
