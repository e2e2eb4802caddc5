/**
 * Deal-finder, precomputed per country and window (`all` = the whole snapshot, `7d`, `31d`, `90d`: the
 * observations at or after the country's latest minus that many days).
 *
 * A listing takes part when its current price (valid at the reference instant) was observed in the window
 * and is its only price of that day. Its reference price is the median of its non-outlier observations in
 * the window of the same pack size as the current one, days with several prices left out (the current one
 * included; `n_obs` of them). It is a deal when n_obs ≥ 2 and the current price is below the reference by a
 * served discount_pct (1 decimal) above 0; `is_lowest_in_window` when no observation of the sample is
 * cheaper. The deals are numbered in the `pct` order (`w:<window>`), and each category node
 * lists the deals of its subtree in every order, for every retailer and per retailer
 * (`n:<node>:<window>[:<retailer>]`), so a request merges its target's lists and stops at `limit`.
 */
import {
  DEAL_WINDOWS,
  type DealList,
  type DealTarget,
  type DealWindow,
  type DealWindowName,
} from "../../src/format/shopper_records.ts";
import type { CompiledCountry } from "./catalog_compile.ts";
import { BASES, type CountryCatalog, DAY_MS } from "./catalog_model.ts";
import { median, money, pct, unitPrice } from "./catalog_figures.ts";
import { compareNames, compareText, dealFlag, instantOrNull, offerOf, samePack } from "./shopper_offers.ts";
import { productHead, sizeJson } from "./shopper_products.ts";

/** The days of each window; `all` has none. */
export const WINDOW_DAYS: Readonly<Record<DealWindowName, number | null>> = {
  all: null,
  "7d": 7,
  "31d": 31,
  "90d": 90,
};

/** A listing's deal in one window. */
export interface Deal {
  readonly listing: number;
  readonly price: number;
  readonly reference: number;
  /** reference − price, exact. */
  readonly discount: number;
  /** 100 × discount / reference, exact. */
  readonly discountPct: number;
  readonly lowest: boolean;
  readonly nObs: number;
  /** The current observation. */
  readonly obs: number;
}

/** The deal of listing `l` in the window starting at `from`, or undefined when it does not qualify. */
export function dealOf(catalog: CountryCatalog, l: number, from: number): Deal | undefined {
  const offer = offerOf(catalog, l);
  const { obs } = catalog;
  if (offer === undefined || obs.time[offer.obs]! < from || offer.sameDay !== null) return undefined;
  const sample: number[] = [];
  for (const i of catalog.listings[l]!.observations) {
    if (
      obs.outlier[i] === 0 && obs.ambiguous[i] === 0 && obs.time[i]! >= from &&
      obs.time[i]! <= obs.time[offer.obs]! && samePack(catalog, i, offer.obs)
    ) {
      sample.push(obs.price[i]!);
    }
  }
  const reference = median(sample);
  const discountPct = (100 * (reference - offer.price)) / reference;
  if (sample.length < 2 || !(pct(discountPct)! > 0)) return undefined;
  return {
    listing: l,
    price: offer.price,
    reference,
    discount: reference - offer.price,
    discountPct,
    lowest: sample.every((price) => price >= offer.price),
    nObs: sample.length,
    obs: offer.obs,
  };
}

/** The deal-finder records of a country: `target:<id>`, `w:<window>` and `n:<node>:<window>[:<r>]`. */
export function* compileShopperDeals(
  { catalog, resolutions }: CompiledCountry,
): Generator<[string, unknown]> {
  for (const target of resolutions.targets) {
    yield [`target:${target.id}`, { nodes: target.nodes } satisfies DealTarget];
  }
  for (const window of DEAL_WINDOWS) {
    const days = WINDOW_DAYS[window];
    const from = days === null ? -Infinity : catalog.latest - days * DAY_MS;
    const deals = catalog.listings.map((_, l) => dealOf(catalog, l, from)).filter((d) => d !== undefined);
    deals.sort((a, b) => comparePct(catalog, a, b));
    const byAbs = deals.map((_, id) => id).sort((a, b) => deals[b]!.discount - deals[a]!.discount || a - b);
    const byRecency = deals.map((_, id) => id).sort((a, b) =>
      catalog.obs.time[deals[b]!.obs]! - catalog.obs.time[deals[a]!.obs]! || a - b
    );
    const record: DealWindow = {
      rows: deals.map((deal) => rowJson(catalog, deal)),
      pct_tenths: deals.map((deal) => Math.round(pct(deal.discountPct)! * 10)),
      rank_abs: inverse(byAbs),
      rank_recency: inverse(byRecency),
    };
    yield [`w:${window}`, record];
    yield* nodeLists(catalog, window, from, deals, record);
  }
}

// Each node's lists (every retailer, then each retailer), for the nodes with a deal or an outlier.
function* nodeLists(
  catalog: CountryCatalog,
  window: DealWindowName,
  from: number,
  deals: readonly Deal[],
  record: DealWindow,
): Generator<[string, DealList]> {
  const lists = new Map<string, { ids: number[]; outliers: number }>();
  const each = (l: number, visit: (entry: { ids: number[]; outliers: number }) => void) => {
    const listing = catalog.listings[l]!;
    for (let node = listing.node; node !== -1; node = catalog.nodes[node]!.parent) {
      for (const key of [`${node}:${window}`, `${node}:${window}:${listing.retailer}`]) {
        let entry = lists.get(key);
        if (entry === undefined) lists.set(key, entry = { ids: [], outliers: 0 });
        visit(entry);
      }
    }
  };
  catalog.listings.forEach((listing, l) => {
    let outliers = 0;
    for (const i of listing.observations) {
      if (catalog.obs.outlier[i] === 1 && catalog.obs.time[i]! >= from) outliers++;
    }
    if (outliers > 0) each(l, (entry) => entry.outliers += outliers);
  });
  deals.forEach((deal, id) => each(deal.listing, (entry) => entry.ids.push(id)));
  for (const [key, { ids, outliers }] of [...lists].sort(([a], [b]) => compareText(a, b))) {
    const pctOrder = [...ids].sort((a, b) => a - b);
    yield [`n:${key}`, {
      pct: pctOrder,
      abs: [...pctOrder].sort((a, b) => record.rank_abs[a]! - record.rank_abs[b]!),
      recency: [...pctOrder].sort((a, b) => record.rank_recency[a]! - record.rank_recency[b]!),
      outliers,
    }];
  }
}

// discount_pct descending, discount_abs descending, product name, retailer name, product id.
function comparePct(catalog: CountryCatalog, a: Deal, b: Deal): number {
  const la = catalog.listings[a.listing]!, lb = catalog.listings[b.listing]!;
  const pa = catalog.products[la.product]!, pb = catalog.products[lb.product]!;
  return b.discountPct - a.discountPct || b.discount - a.discount || compareNames(pa.name, pb.name) ||
    compareNames(catalog.retailers[la.retailer]!.name, catalog.retailers[lb.retailer]!.name) ||
    compareText(pa.id, pb.id);
}

function rowJson(catalog: CountryCatalog, deal: Deal): string {
  const listing = catalog.listings[deal.listing]!;
  const product = catalog.products[listing.product]!;
  const { obs } = catalog;
  return JSON.stringify({
    ...productHead(product),
    size: sizeJson(product),
    category: catalog.nodes[listing.node]!.path,
    retailer: catalog.retailers[listing.retailer]!.name,
    price: money(deal.price),
    unit_price: unitPrice(deal.price / obs.quantity[deal.obs]!),
    unit_basis: BASES[obs.basis[deal.obs]!]!,
    reference_price: money(deal.reference),
    discount_pct: pct(deal.discountPct),
    discount_abs: money(deal.discount),
    is_lowest_in_window: deal.lowest,
    promo: dealFlag(catalog, deal.obs),
    valid_until: instantOrNull(obs.validUntil[deal.obs]!),
    observed_at: instantOrNull(obs.time[deal.obs]!),
    n_obs: deal.nObs,
  });
}

// position → id becomes id → position.
function inverse(order: readonly number[]): number[] {
  const ranks = new Array<number>(order.length);
  order.forEach((id, position) => ranks[id] = position);
  return ranks;
}
