/**
 * Price sources: retailers that publish one shared flyer set one price, not two. Detected from the data, not
 * named in advance: two serving-eligible retailers share a flyer when they observed at least
 * SHARED_MIN_COMMON same products on the same days and at least SHARED_MIN_IDENTICAL of those at identical
 * prices (on the Calgary flyers: Safeway and Sobeys, 1,019 of 1,039). Retailers linked by such pairs form one
 * price source, named by its retailers joined with " + "; every other retailer is its own price source.
 * The competitive landscape and the price dispersion count a price source once: two retailers repeating one
 * flyer are not two independent price setters agreeing.
 */
import type { CountryCatalog } from "./catalog_model.ts";
import { DAY_MS } from "./catalog_model.ts";
import { rate } from "./catalog_figures.ts";

/** Same products on the same days two retailers need before their prices can be compared. */
export const SHARED_MIN_COMMON = 30;
/** Share of those at identical prices that makes two retailers one price source. */
export const SHARED_MIN_IDENTICAL = 0.8;

/** One price source: a retailer, or retailers sharing a flyer. */
export interface PriceSource {
  readonly name: string;
  /** Retailer indices, by name. */
  readonly retailers: readonly number[];
  readonly shared_flyer: boolean;
  /** Same product, same day observations compared between its retailers (0 for a single retailer). */
  readonly common: number;
  /** Share of those at identical prices. */
  readonly identical_share: number | null;
}

/** The price sources of a country and each retailer's source. */
export interface PriceSources {
  readonly sources: readonly PriceSource[];
  /** Retailer index → its source's index. */
  readonly sourceOf: readonly number[];
}

/** Detects the price sources of `catalog` by the rule above. */
export function priceSources(catalog: CountryCatalog): PriceSources {
  const { obs, listings, retailers } = catalog;
  const first = obs.time.length === 0 ? 0 : Math.floor(obs.time[0]! / DAY_MS);
  const days = obs.time.length === 0 ? 1 : Math.floor(obs.time[obs.time.length - 1]! / DAY_MS) - first + 1;
  // (product, day) → [retailer, price, retailer, price, …]: each retailer's first non-outlier price that day.
  const seen = new Map<number, number[]>();
  for (const listing of listings) {
    if (!listing.eligible) continue;
    for (const i of listing.observations) {
      if (obs.outlier[i] === 1 || obs.ambiguous[i] === 1) continue;
      const key = listing.product * days + Math.floor(obs.time[i]! / DAY_MS) - first;
      let prices = seen.get(key);
      if (prices === undefined) seen.set(key, prices = []);
      let known = false;
      for (let k = 0; k < prices.length; k += 2) if (prices[k] === listing.retailer) known = true;
      if (!known) prices.push(listing.retailer, obs.price[i]!);
    }
  }
  const pairs = new Map<string, { common: number; identical: number }>();
  for (const prices of seen.values()) {
    const entries: [number, number][] = [];
    for (let k = 0; k < prices.length; k += 2) entries.push([prices[k]!, prices[k + 1]!]);
    for (let a = 0; a < entries.length; a++) {
      for (let b = a + 1; b < entries.length; b++) {
        const [ra, pa] = entries[a]!, [rb, pb] = entries[b]!;
        const key = ra < rb ? `${ra}:${rb}` : `${rb}:${ra}`;
        const pair = pairs.get(key) ?? { common: 0, identical: 0 };
        pair.common++;
        if (pa === pb) pair.identical++;
        pairs.set(key, pair);
      }
    }
  }
  const parent = retailers.map((_, r) => r);
  const root = (r: number): number => (parent[r] === r ? r : (parent[r] = root(parent[r]!)));
  const linked: { key: string; common: number; identical: number }[] = [];
  for (const [key, pair] of [...pairs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (pair.common < SHARED_MIN_COMMON || pair.identical < SHARED_MIN_IDENTICAL * pair.common) continue;
    const [a, b] = key.split(":").map(Number) as [number, number];
    parent[root(a)] = root(b);
    linked.push({ key, ...pair });
  }
  const name = (r: number) => retailers[r]!.name;
  const groups = new Map<number, number[]>();
  retailers.forEach((_, r) => {
    const g = root(r);
    groups.set(g, [...groups.get(g) ?? [], r]);
  });
  const sources: PriceSource[] = [...groups.values()]
    .map((members) => members.sort((a, b) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0)))
    .map((members) => {
      const inside = linked.filter(({ key }) => key.split(":").every((r) => members.includes(Number(r))));
      const common = inside.reduce((sum, pair) => sum + pair.common, 0);
      const identical = inside.reduce((sum, pair) => sum + pair.identical, 0);
      return {
        name: members.map(name).join(" + "),
        retailers: members,
        shared_flyer: members.length > 1,
        common,
        identical_share: common === 0 ? null : rate(identical / common),
      };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const sourceOf = retailers.map(() => -1);
  sources.forEach((source, s) => source.retailers.forEach((r) => sourceOf[r] = s));
  return { sources, sourceOf };
}

/** The shared-flyer price sources as answers list them: name, retailers, same-day comparisons, identical share. */
export function sharedFlyers(catalog: CountryCatalog, { sources }: PriceSources) {
  return sources.filter((source) => source.shared_flyer).map((source) => ({
    name: source.name,
    retailers: source.retailers.map((r) => catalog.retailers[r]!.name),
    common: source.common,
    identical_share: source.identical_share,
  }));
}
