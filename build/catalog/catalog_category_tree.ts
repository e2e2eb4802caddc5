/**
 * The category tree of the catalog: the union of every observation's category path, where each prefix of a
 * path is a node ("Produce > Fruit > Fresh" makes Produce, Produce > Fruit and Produce > Fruit > Fresh).
 * Levels compare by `nameKey`, so "Dairy" and "DAIRY" are one node. Roots are at depth 1.
 */
import { nameKey } from "../../src/format/name_key.ts";

/** The figures of a category tree that the stats endpoint serves. */
export interface CategoryTreeFigures {
  /** Distinct nodes, intermediate ones included. */
  readonly total: number;
  /** Nodes without children. */
  readonly leaves: number;
  /** Levels of the longest path (0 for an empty tree). */
  readonly max_depth: number;
}

/** Counts nodes, leaves and depth of the tree formed by `paths` (each root first). */
export function categoryTreeFigures(paths: Iterable<readonly string[]>): CategoryTreeFigures {
  const nodes = new Set<string>();
  const parents = new Set<string>();
  let maxDepth = 0;
  for (const path of paths) {
    let key = "";
    path.forEach((level, at) => {
      if (at > 0) parents.add(key);
      // The unit separator cannot occur in a level, so joined keys cannot collide.
      key = at === 0 ? nameKey(level) : `${key}\u001f${nameKey(level)}`;
      nodes.add(key);
    });
    maxDepth = Math.max(maxDepth, path.length);
  }
  return { total: nodes.size, leaves: nodes.size - parents.size, max_depth: maxDepth };
}
