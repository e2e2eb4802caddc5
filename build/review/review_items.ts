/**
 * The items of a review sample: nodes of a browse tree with the answer classify gives each (its own row or
 * the one it inherits), and lexicon phrases with their bricks. Drawn without replacement by a seeded
 * sequence, so the same seed and content give the same sample on every machine.
 */
import { seededRandom } from "../catalog/seeded_random.ts";
import type { CompiledContent } from "../content/content_compile.ts";
import type { BrowseTree } from "../content/browse_tree.ts";
import type { GpcNodeView } from "../../src/format/shard_records.ts";

/** A browse node and its answer. */
export interface NodeItem {
  readonly kind: "node";
  readonly tree: string;
  readonly id: string;
  /** Names from a root to the node. */
  readonly path: string;
  /** The node's own name. */
  readonly name: string;
  readonly gpc: GpcNodeView | null;
  readonly match_precision: string | null;
  readonly match_source: string | null;
  /** The path of the ancestor it inherits from, if it does. */
  readonly inherited_from: string | null;
}

/** A phrase and its bricks. */
export interface PhraseItem {
  readonly kind: "phrase";
  readonly phrase: string;
  readonly bricks: readonly GpcNodeView[];
}

/** `count` of `population`, drawn without replacement by `random`, in draw order. */
export function draw<T>(population: readonly T[], count: number, random: () => number): T[] {
  const pool = [...population];
  const out: T[] = [];
  while (out.length < count && pool.length > 0) {
    const at = Math.floor(random() * pool.length);
    out.push(pool[at]!);
    pool[at] = pool[pool.length - 1]!;
    pool.pop();
  }
  return out;
}

/** Names from a root to `id`, along first parents. */
export function pathOf(tree: BrowseTree, id: string): string {
  const names: string[] = [];
  for (let at: string | undefined = id, step = 0; at !== undefined && step < tree.nodes.size; step++) {
    const node = tree.nodes.get(at);
    if (node === undefined) break;
    names.unshift(node.name);
    at = node.parents[0];
  }
  return names.join(" > ");
}

/**
 * `count` nodes of `tree` (classify's name) with their answers; `ownRowsOnly` draws only among nodes with a
 * mapping of their own (a crosswalk's rows).
 */
export function nodeItems(
  content: CompiledContent,
  trees: ReadonlyMap<string, BrowseTree>,
  tree: string,
  count: number,
  seed: number,
  ownRowsOnly = false,
): NodeItem[] {
  const compiled = content.trees.find((one) => one.request === tree);
  const nodes = trees.get(tree);
  if (compiled === undefined || nodes === undefined) throw new TypeError(`no tree "${tree}" in the content`);
  const ids = [...compiled.browse.keys()].filter((id) =>
    !ownRowsOnly || compiled.browse.get(id)!.match_source === "self"
  );
  return draw(ids, count, seededRandom(seed)).map((id) => {
    const record = compiled.browse.get(id)!;
    return {
      kind: "node",
      tree,
      id,
      path: pathOf(nodes, id),
      name: nodes.nodes.get(id)!.name,
      gpc: record.gpc,
      match_precision: record.match_precision,
      match_source: record.match_source,
      inherited_from: record.inherited_from === null ? null : pathOf(nodes, record.inherited_from),
    };
  });
}

/** `count` phrases of the lexicon (as written in the files) with their bricks. */
export function phraseItems(content: CompiledContent, count: number, seed: number): PhraseItem[] {
  const rows: [string, readonly GpcNodeView[]][] = [...content.lexicon].map((
    [key, record],
  ) => [key, record.gpc]);
  return draw(rows, count, seededRandom(seed ^ 0x5bd1e995)).map(([phrase, bricks]) => ({
    kind: "phrase",
    phrase,
    bricks,
  }));
}
