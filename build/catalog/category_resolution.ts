/**
 * Every `category` input that can resolve, per country, precomputed: the keys of the lookup shard and the
 * targets (sets of category nodes) their answers cover.
 *
 * An input is normalised as the lexicon normalises phrases (NFKC, case folding, white space) and tried in
 * this order: an 8-digit GPC node code; a lexicon phrase (its bricks); a GPC title (brick, class, family or
 * segment); a catalog category (its full path, or the name of its own level: `bread` names every node
 * whose last level is Bread). GPC nodes reach catalog categories through the curated category → GPC links:
 * a GPC node covers the categories linked to it or to any node under it. The first step that reaches at
 * least one category of the country wins. Catalog keys are also registered by `nameKey` (accents and ®/™
 * aside), which the runtime tries when the normalised input is not a key.
 *
 * A target is the minimal set of nodes (no node under another of the set); inputs reaching the same set
 * share one target, numbered by the sorted order of the sets so that numbering is a pure function of the
 * inputs.
 */
import { nameKey } from "../../src/format/name_key.ts";
import { normalisePhrase } from "../../src/format/phrase_normalise.ts";
import type { CodeRecord, GpcNodeView, LexiconRecord } from "../../src/format/shard_records.ts";
import type { CategoryResolution, MatchedBy } from "../../src/format/catalog_records.ts";
import type { CountryCatalog } from "./catalog_model.ts";
import { subtreeOf } from "./catalog_nodes.ts";

/** A curated link of a catalog category to a GPC node. */
export interface CategoryLink {
  /** The category path as the snapshot writes it (`Pantry > Bread`). */
  readonly category: string;
  readonly gpc_code: string;
}

/** A target: the nodes an answer covers and the listings under them. */
export interface Target {
  readonly id: number;
  /** The minimal node set, ascending. */
  readonly nodes: readonly number[];
  /** Every listing in the nodes' subtrees, ascending. */
  readonly listings: readonly number[];
}

/** The resolutions of a country: lookup key (normalised input) → resolution, and the targets. */
export interface CountryResolutions {
  readonly keys: ReadonlyMap<string, CategoryResolution>;
  readonly targets: readonly Target[];
}

interface Candidate {
  readonly matched_by: MatchedBy;
  readonly nodes: ReadonlySet<number>;
  readonly gpc: GpcNodeView | null;
  readonly gpc_codes: readonly string[];
}

const HIERARCHY = new Set(["segment", "family", "class", "brick"]);

/** Builds the lookup keys and targets of `catalog` from the release, the lexicon and the links. */
export function resolveCategories(
  catalog: CountryCatalog,
  codes: ReadonlyMap<string, CodeRecord>,
  lexicon: ReadonlyMap<string, LexiconRecord>,
  links: readonly CategoryLink[],
): CountryResolutions {
  const { nodes } = catalog;
  const covered = gpcCoverage(catalog, codes, links);
  const whole = wholeNodes(codes);
  const reach = (gpcCodes: readonly string[]) =>
    new Set(whole(gpcCodes).flatMap((c) => [...covered.get(c) ?? []]));
  const candidates = new Map<string, Candidate[]>();
  const offer = (key: string, candidate: Candidate) => {
    if (key === "") return;
    const list = candidates.get(key);
    if (list === undefined) candidates.set(key, [candidate]);
    else list.push(candidate);
  };
  const byTitle = new Map<string, string[]>();
  for (const [code, record] of codes) {
    if (!HIERARCHY.has(record.kind) || record.node === undefined) continue;
    offer(code, { matched_by: "gpc_code", nodes: reach([code]), gpc: record.node, gpc_codes: [code] });
    const title = normalisePhrase(record.title);
    byTitle.set(title, [...byTitle.get(title) ?? [], code]);
  }
  for (const [phrase, record] of lexicon) {
    const bricks = record.gpc.map((node) => node.code);
    offer(phrase, {
      matched_by: "lexicon",
      nodes: reach(bricks),
      gpc: record.gpc.length === 1 ? record.gpc[0]! : null,
      gpc_codes: bricks,
    });
  }
  for (const [title, titled] of byTitle) {
    const sorted = titled.sort();
    offer(title, {
      matched_by: "gpc_title",
      nodes: reach(sorted),
      gpc: sorted.length === 1 ? codes.get(sorted[0]!)!.node! : null,
      gpc_codes: sorted,
    });
  }
  const byName = new Map<string, Set<number>>();
  const addName = (key: string, node: number) => {
    if (!byName.has(key)) byName.set(key, new Set());
    byName.get(key)!.add(node);
  };
  nodes.forEach((node, i) => {
    for (const text of [node.path, node.levels[node.levels.length - 1]!]) {
      addName(normalisePhrase(text), i);
      addName(nameKey(text), i);
    }
  });
  for (const [key, set] of byName) {
    offer(key, { matched_by: "catalog_category", nodes: set, gpc: null, gpc_codes: [] });
  }
  return assemble(catalog, candidates);
}

/** Category path as a snapshot writes it (`Pantry > Bread`) → node key. */
export function pathKey(path: string): string {
  return path.split(" > ").map(nameKey).join("\u001f");
}

/** GPC code → the category nodes linked (by `links`) to it or to a GPC node under it. */
export function gpcCoverage(
  catalog: CountryCatalog,
  codes: ReadonlyMap<string, CodeRecord>,
  links: readonly CategoryLink[],
): Map<string, Set<number>> {
  const nodeByKey = new Map(catalog.nodes.map((node, i) => [node.key, i]));
  const covered = new Map<string, Set<number>>();
  for (const link of links) {
    const node = nodeByKey.get(pathKey(link.category));
    const path = codes.get(link.gpc_code)?.path;
    if (node === undefined || path === undefined) continue;
    for (const code of path) {
      let set = covered.get(code);
      if (set === undefined) covered.set(code, set = new Set());
      set.add(node);
    }
  }
  return covered;
}

// Picks each key's winning candidate, numbers the distinct node sets and writes the resolutions.
function assemble(catalog: CountryCatalog, candidates: ReadonlyMap<string, Candidate[]>): CountryResolutions {
  const { nodes, listings, retailers } = catalog;
  const winners = new Map<string, { candidate: Candidate; set: number[] }>();
  for (const [key, list] of candidates) {
    const candidate = list.find((c) => c.nodes.size > 0);
    if (candidate === undefined) continue;
    winners.set(key, { candidate, set: minimalSet(catalog, candidate.nodes) });
  }
  const setKeys = [...new Set([...winners.values()].map(({ set }) => set.join(",")))].sort();
  const targetOf = new Map(setKeys.map((key, id) => [key, id]));
  const listingsByNode = new Map<number, number[]>();
  listings.forEach((listing, l) => {
    const list = listingsByNode.get(listing.node);
    if (list === undefined) listingsByNode.set(listing.node, [l]);
    else list.push(l);
  });
  const targets: Target[] = setKeys.map((key, id) => {
    const set = key.split(",").map(Number);
    const under = set.flatMap((root) => subtreeOf(nodes, root)).flatMap((node) =>
      listingsByNode.get(node) ?? []
    );
    return { id, nodes: set, listings: [...new Set(under)].sort((a, b) => a - b) };
  });
  const keys = new Map<string, CategoryResolution>();
  for (const [key, { candidate, set }] of [...winners].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const target = targets[targetOf.get(set.join(","))!]!;
    const products = new Set<number>();
    const byRetailer = retailers.map(() => new Set<number>());
    for (const l of target.listings) {
      products.add(listings[l]!.product);
      byRetailer[listings[l]!.retailer]!.add(listings[l]!.product);
    }
    const categories = set.map((node) => nodes[node]!.path).sort();
    keys.set(key, {
      matched_by: candidate.matched_by,
      target: target.id,
      gpc: candidate.gpc,
      gpc_codes: candidate.gpc_codes,
      catalog_categories: categories,
      products: products.size,
      products_by_retailer: byRetailer.map((s) => s.size),
      resolved_json: [
        `"matched_by":${JSON.stringify(candidate.matched_by)}`,
        `"gpc":${JSON.stringify(candidate.gpc)}`,
        `"gpc_codes":${JSON.stringify(candidate.gpc_codes)}`,
        `"catalog_categories":${JSON.stringify(categories)}`,
      ].join(","),
    });
  }
  return { keys, targets };
}

// Drops every node that lies under another node of the set.
function minimalSet(catalog: CountryCatalog, set: ReadonlySet<number>): number[] {
  const { nodes } = catalog;
  const kept: number[] = [];
  for (const node of set) {
    let above = nodes[node]!.parent;
    while (above !== -1 && !set.has(above)) above = nodes[above]!.parent;
    if (above === -1) kept.push(node);
  }
  return kept.sort((a, b) => a - b);
}

/**
 * Closes a set of GPC codes upward: a class, family or segment all of whose bricks the set names is named
 * too ("bread" names the three Bread bricks, so it names the class Bread and reaches the categories linked to
 * it); a node only partly named is not, so the answer never covers more than the input means.
 */
export function wholeNodes(codes: ReadonlyMap<string, CodeRecord>): (named: readonly string[]) => string[] {
  const bricksUnder = new Map<string, number>();
  for (const record of codes.values()) {
    if (record.kind !== "brick" || record.path === undefined) continue;
    for (const above of record.path.slice(0, -1)) bricksUnder.set(above, (bricksUnder.get(above) ?? 0) + 1);
  }
  return (named) => {
    const bricks = new Set(named.filter((code) => codes.get(code)?.kind === "brick"));
    const counts = new Map<string, number>();
    for (const brick of bricks) {
      for (const above of codes.get(brick)!.path!.slice(0, -1)) {
        counts.set(above, (counts.get(above) ?? 0) + 1);
      }
    }
    const whole = [...counts].filter(([code, count]) => count === bricksUnder.get(code)).map(([code]) =>
      code
    );
    return [...new Set([...named, ...whole])];
  };
}
