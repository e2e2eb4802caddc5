/**
 * The category nodes of one country's catalog: every prefix of every listing's category path is a node
 * (`Pantry`, `Pantry > Bread`); levels compare by `nameKey`, and a node's display path keeps the most
 * frequent spelling of each level. Nodes are numbered in the order of their sorted keys, so the numbering is
 * a pure function of the set of paths.
 */
import { nameKey } from "../../src/format/name_key.ts";

/** One category node. */
export interface CategoryNode {
  /** Level keys joined by U+001F. */
  readonly key: string;
  /** Display levels, root first. */
  readonly levels: readonly string[];
  /** The display path, levels joined by " > ". */
  readonly path: string;
  /** Parent node, -1 for a root. */
  readonly parent: number;
  readonly depth: number;
  readonly children: readonly number[];
}

/** The nodes of the tree formed by `paths`, and the node of each path (by position in `paths`). */
export function buildCategoryNodes(
  paths: readonly (readonly string[])[],
): { nodes: CategoryNode[]; nodeOf: number[] } {
  const spellings = new Map<string, Map<string, number>>();
  const keysOf = paths.map((path) => {
    const keys: string[] = [];
    let key = "";
    for (const [at, level] of path.entries()) {
      key = at === 0 ? nameKey(level) : `${key}\u001f${nameKey(level)}`;
      keys.push(key);
      let counts = spellings.get(key);
      if (counts === undefined) spellings.set(key, counts = new Map());
      counts.set(level, (counts.get(level) ?? 0) + 1);
    }
    return keys;
  });
  const sorted = [...spellings.keys()].sort();
  const index = new Map(sorted.map((key, i) => [key, i]));
  const children: number[][] = sorted.map(() => []);
  const display = (key: string) => {
    let best = "", most = 0;
    for (const [spelling, count] of spellings.get(key)!) if (count > most) [best, most] = [spelling, count];
    return best;
  };
  const nodes: CategoryNode[] = sorted.map((key, i) => {
    const cut = key.lastIndexOf("\u001f");
    const parent = cut < 0 ? -1 : index.get(key.slice(0, cut))!;
    if (parent >= 0) children[parent]!.push(i);
    const levels = key.split("\u001f").map((_, at, all) => display(all.slice(0, at + 1).join("\u001f")));
    return { key, levels, path: levels.join(" > "), parent, depth: levels.length, children: children[i]! };
  });
  return { nodes, nodeOf: keysOf.map((keys) => index.get(keys[keys.length - 1]!)!) };
}

/** The node and every node under it. */
export function subtreeOf(nodes: readonly CategoryNode[], root: number): number[] {
  const out: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    out.push(node);
    stack.push(...nodes[node]!.children);
  }
  return out.sort((a, b) => a - b);
}
