/**
 * Price-drop-alert figures of a listing, stateless: the current price (u_now), the previous different
 * price (u_ref: the most recent earlier non-outlier observation whose price differs), the change
 * u_now − u_ref and its percentage of u_ref, when u_ref was observed and when the price changed (the first
 * observation at u_now after u_ref). A listing's history is compared like for like: a listing is one pack
 * (a product at one pack size), only observations of the same unit size count, and a day on which the
 * listing had several prices (packs its texts do not tell apart) is never one side of a change, so a change
 * always compares two different days of one pack.
 */
import type { CountryCatalog } from "./catalog_model.ts";
import { money, pct } from "./catalog_figures.ts";
import { dealFlag, instantOrNull, samePack } from "./shopper_offers.ts";

/** The alert figures of one listing with a current price. */
export interface AlertFigures {
  readonly listing: number;
  readonly price: number;
  /** u_ref, NaN when the price never differed. */
  readonly previous: number;
  /** u_now − u_ref, 2 decimals; null without u_ref. */
  readonly change: number | null;
  /** 100 × change / u_ref, 1 decimal; null without u_ref. */
  readonly changePct: number | null;
  /** NaN without u_ref. */
  readonly changedAt: number;
  /** When u_ref was observed; NaN without u_ref. */
  readonly previousAt: number;
  /** The current observation. */
  readonly obs: number;
  /** Non-outlier observations of the current pack size up to the current one. */
  readonly nObs: number;
  /** Outliers among the listing's observations. */
  readonly outliers: number;
}

/** The alert figures of listing `l`, or undefined when it has no current price. */
export function alertFigures(catalog: CountryCatalog, l: number): AlertFigures | undefined {
  const { obs } = catalog;
  const listing = catalog.listings[l]!;
  const current = listing.current;
  if (current < 0) return undefined;
  const history: number[] = [];
  let outliers = 0;
  for (const i of listing.observations) {
    if (obs.outlier[i] === 1) outliers++;
    // Observations after the current day are outliers: the current price is the latest other one.
    else if (obs.ambiguous[i] === 0 && obs.time[i]! <= obs.time[current]! && samePack(catalog, i, current)) {
      history.push(i);
    }
  }
  const price = obs.price[current]!;
  let at = history.length - 1;
  while (at >= 0 && obs.price[history[at]!] === price) at--;
  if (at < 0 || obs.ambiguous[current] === 1) {
    return {
      listing: l,
      price,
      previous: NaN,
      change: null,
      changePct: null,
      changedAt: NaN,
      previousAt: NaN,
      obs: current,
      nObs: history.length,
      outliers,
    };
  }
  const previous = obs.price[history[at]!]!;
  return {
    listing: l,
    price,
    previous,
    change: money(price - previous),
    changePct: pct((100 * (price - previous)) / previous),
    changedAt: obs.time[history[at + 1]!]!,
    previousAt: obs.time[history[at]!]!,
    obs: current,
    nObs: history.length,
    outliers,
  };
}

/** The alert row's members after `brand` and before the per-request `triggered` and `trigger`. */
export function alertRowMembers(catalog: CountryCatalog, figures: AlertFigures): string {
  const listing = catalog.listings[figures.listing]!;
  const row = {
    retailer: catalog.retailers[listing.retailer]!.name,
    price: money(figures.price),
    previous_price: money(figures.previous),
    previous_observed_at: instantOrNull(figures.previousAt),
    change: figures.change,
    change_pct: figures.changePct,
    changed_at: instantOrNull(figures.changedAt),
    observed_at: instantOrNull(catalog.obs.time[figures.obs]!),
    valid_until: instantOrNull(catalog.obs.validUntil[figures.obs]!),
    is_deal: dealFlag(catalog, figures.obs),
    n_obs: figures.nObs,
  };
  return JSON.stringify(row).slice(1, -1);
}
