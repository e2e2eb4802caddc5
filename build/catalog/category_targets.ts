/**
 * The targets of a country's category inputs: a target is the minimal set of category nodes an answer
 * covers (no node under another of the set) with the listings under them; inputs reaching the same set share
 * one target, numbered by the sorted order of the sets so that numbering is a pure function of the inputs.
 * Each input's lookup record says what it included and left out, and why.
 */
import type { CategoryResolution, MatchedBy } from "../../src/format/catalog_records.ts";
import type { GpcNodeView } from "../../src/format/shard_records.ts";
import type { CountryCatalog } from "./catalog_model.ts";
import { subtreeOf } from "./catalog_nodes.ts";
import type { CategoryVerdict } from "./category_naming.ts";

/** Left-out categories a lookup record lists at most (the count says how many there were). */
export const LEFT_OUT_SHOWN = 25;

/** A target: the nodes an answer covers and the listings under them. */
export interface Target {
  readonly id: number;
  /** The minimal node set, ascending. */
  readonly nodes: readonly number[];
  /** Every serving-eligible listing in the nodes' subtrees, ascending. */
  readonly listings: readonly number[];
}

/** The resolutions of a country: lookup key (normalised input) → resolution, and the targets. */
export interface CountryResolutions {
  readonly keys: ReadonlyMap<string, CategoryResolution>;
  readonly targets: readonly Target[];
}

/** What one input resolved to, before targets are numbered. */
export interface ResolvedInput {
  readonly matched_by: MatchedBy;
  readonly gpc: GpcNodeView | null;
  readonly gpc_codes: readonly string[];
  /** Included nodes with their reasons (a node under another included one may appear; it is dropped). */
  readonly included: readonly CategoryVerdict[];
  readonly leftOut: readonly CategoryVerdict[];
}

/** Numbers the distinct node sets of `inputs` and writes their lookup records. */
export function assembleTargets(
  catalog: CountryCatalog,
  inputs: ReadonlyMap<string, ResolvedInput>,
): CountryResolutions {
  const { nodes, listings, retailers } = catalog;
  const sets = new Map<string, number[]>();
  for (const [key, input] of inputs) sets.set(key, minimalSet(catalog, input.included.map((v) => v.node)));
  const setKeys = [...new Set([...sets.values()].map((set) => set.join(",")))].sort();
  const targetOf = new Map(setKeys.map((key, id) => [key, id]));
  const listingsByNode = new Map<number, number[]>();
  listings.forEach((listing, l) => {
    if (!listing.eligible) return;
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
  for (const [key, input] of [...inputs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const set = sets.get(key)!;
    const target = targets[targetOf.get(set.join(","))!]!;
    const products = new Set<number>();
    const byRetailer = retailers.map(() => new Set<number>());
    for (const l of target.listings) {
      products.add(listings[l]!.product);
      byRetailer[listings[l]!.retailer]!.add(listings[l]!.product);
    }
    const categories = set.map((node) => nodes[node]!.path).sort();
    const kept = new Set(set);
    const included = input.included.filter((v) => kept.has(v.node) && kept.delete(v.node))
      .map((v) => ({ category: nodes[v.node]!.path, reason: v.reason }))
      .sort((a, b) => (a.category < b.category ? -1 : a.category > b.category ? 1 : 0));
    const covered = new Set(set.flatMap((root) => subtreeOf(nodes, root)));
    const leftOut = [...new Map(input.leftOut.filter((v) => !covered.has(v.node)).map((v) => [v.node, v]))
      .values()]
      .map((v) => ({ category: nodes[v.node]!.path, reason: v.reason }))
      .sort((a, b) => (a.category < b.category ? -1 : a.category > b.category ? 1 : 0));
    keys.set(key, {
      matched_by: input.matched_by,
      target: target.id,
      gpc: input.gpc,
      gpc_codes: input.gpc_codes,
      catalog_categories: categories,
      products: products.size,
      products_by_retailer: byRetailer.map((s) => s.size),
      resolved_json: [
        `"matched_by":${JSON.stringify(input.matched_by)}`,
        `"gpc":${JSON.stringify(input.gpc)}`,
        `"gpc_codes":${JSON.stringify(input.gpc_codes)}`,
        `"catalog_categories":${JSON.stringify(categories)}`,
        `"included":${JSON.stringify(included)}`,
        `"left_out":${JSON.stringify(leftOut.slice(0, LEFT_OUT_SHOWN))}`,
        `"left_out_total":${leftOut.length}`,
      ].join(","),
    });
  }
  return { keys, targets };
}

// Drops every node that lies under another node of the set.
function minimalSet(catalog: CountryCatalog, list: readonly number[]): number[] {
  const { nodes } = catalog;
  const set = new Set(list);
  const kept: number[] = [];
  for (const node of set) {
    let above = nodes[node]!.parent;
    while (above !== -1 && !set.has(above)) above = nodes[above]!.parent;
    if (above === -1) kept.push(node);
  }
  return kept.sort((a, b) => a - b);
}
