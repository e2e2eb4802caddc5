/**
 * A full-scale mapping table: 200,000 rows over the scale tree, every root, department and aisle mapped
 * (so every node inherits something) and the rest drawn at random from the deeper levels. Shallow nodes map
 * to families and classes, deep ones mostly to bricks, with the precisions and assurance states curated
 * tables show. Written in the mapping-table format the build reads, rows sorted by browse_id.
 */
import { nodeId, type ScaleTree } from "./scale_tree.ts";
import { pick } from "./scale_words.ts";

/** Rows of the scale mapping table. */
export const MAPPING_ROWS = 200_000;

/** GPC codes by level, to map onto. */
export interface CodesByLevel {
  readonly segment: readonly string[];
  readonly family: readonly string[];
  readonly class: readonly string[];
  readonly brick: readonly string[];
}

const PRECISIONS = [
  "narrowerThan",
  "narrowerThan",
  "narrowerThan",
  "exactMatch",
  "closeMatch",
  "broaderThan",
];

/** The mapping table's CSV text, for `tree` onto `codes`. */
export function scaleMappingTable(random: () => number, tree: ScaleTree, codes: CodesByLevel): string {
  const total = tree.level.length;
  const chosen = new Uint8Array(total);
  const shallow = tree.levelStart[3]!;
  for (let i = 0; i < shallow; i++) chosen[i] = 1;
  let rows = shallow;
  while (rows < MAPPING_ROWS) {
    const i = shallow + Math.floor(random() * (total - shallow));
    if (chosen[i] === 0) {
      chosen[i] = 1;
      rows++;
    }
  }
  const lines = [
    "# map_version: scale.1",
    "# browse_tree: scale-tree",
    "# gpc_release: v20251127",
    "browse_id,gpc_code,match_precision,assurance_state,note",
  ];
  for (let i = 0; i < total; i++) {
    if (chosen[i] === 0) continue;
    const depth = tree.level[i]!;
    const code = depth === 0
      ? pick(random, codes.segment)
      : depth === 1
      ? pick(random, codes.family)
      : depth === 2 || random() < 0.15
      ? pick(random, codes.class)
      : pick(random, codes.brick);
    const precision = depth === 0 ? "narrowerThan" : pick(random, PRECISIONS);
    const state = random() < 0.7 ? "verified" : "provisional";
    lines.push(`${nodeId(i)},${code},${precision},${state},generated scale row`);
  }
  return `${lines.join("\n")}\n`;
}
