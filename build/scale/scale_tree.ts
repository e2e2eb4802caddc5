/**
 * A full-scale retailer browse tree: 1,000,000 nodes on 9 levels (24 roots, then levels growing the way
 * retail taxonomies do: a few hundred departments, thousands of aisles, and most nodes in the deepest four
 * levels). Each node below the roots hangs under a random node of the level above; 2 % of the nodes from
 * level 3 down have a second parent on that level, as Amazon's multi-path nodes do. Written as the browse
 * tree CSV the build reads (`node_id,parent_node_id,node_name`, several parents as `a;b`).
 */
import { words } from "./scale_words.ts";

/** Nodes per level, root level first (sum: 1,000,000). */
export const LEVEL_SIZES = [24, 320, 3_200, 16_000, 60_000, 140_000, 230_000, 280_000, 270_456] as const;
/** Share of nodes (level 3 down) with a second parent. */
export const SECOND_PARENT_SHARE = 0.02;
/** The first node id; node i has id FIRST_ID + i. */
export const FIRST_ID = 100_000_000;

/** The generated tree: its CSV text and, per node, its level (0 = root) and first parent (-1 for roots). */
export interface ScaleTree {
  readonly csv: string;
  readonly level: Uint8Array;
  readonly parent: Int32Array;
  /** Index of the first node of each level, and the total at the end. */
  readonly levelStart: readonly number[];
}

/** The id of node `i`. */
export const nodeId = (i: number): string => String(FIRST_ID + i);

/** Generates the tree from `random`. */
export function scaleBrowseTree(random: () => number): ScaleTree {
  const total = LEVEL_SIZES.reduce((sum, size) => sum + size, 0);
  const level = new Uint8Array(total);
  const parent = new Int32Array(total).fill(-1);
  const levelStart: number[] = [0];
  const lines: string[] = ["node_id,parent_node_id,node_name"];
  let i = 0;
  for (const [depth, size] of LEVEL_SIZES.entries()) {
    const above = depth === 0 ? 0 : levelStart[depth - 1]!;
    const aboveSize = depth === 0 ? 0 : LEVEL_SIZES[depth - 1]!;
    for (let k = 0; k < size; k++, i++) {
      level[i] = depth;
      let parents = "";
      if (depth > 0) {
        const first = above + Math.floor(random() * aboveSize);
        parent[i] = first;
        parents = nodeId(first);
        if (depth >= 2 && random() < SECOND_PARENT_SHARE) {
          const second = above + Math.floor(random() * aboveSize);
          if (second !== first) parents += `;${nodeId(second)}`;
        }
      }
      lines.push(`${nodeId(i)},${parents},${words(random, depth < 2 ? 1 : 2)}`);
    }
    levelStart.push(i);
  }
  return { csv: `${lines.join("\n")}\n`, level, parent, levelStart };
}
