/**
 * The precision rule over a node's whole content: a mapping row `exactMatch` or `narrowerThan` node T claims
 * that everything under the browse node lies within T, so every descendant's own row must map to T or a
 * node under T. A descendant mapped elsewhere ("Chips & Crisps" narrowerThan the Chips brick while its child
 * "Pita" maps to Dried Breads) breaks the claim for the parent and for every node that inherits it: the
 * parent belongs at the lowest common node of its content, or `closeMatch` (no claim).
 */
import type { CodeRecord } from "../../src/format/shard_records.ts";
import type { BrowseTree } from "./browse_tree.ts";
import type { MappingRow } from "./mapping_table_reader.ts";
import { commonAncestor, type RawFlag } from "./curation_checks.ts";

/** The content_outside_target flag of `row`, when a descendant's own row maps outside its target. */
export function contentOutsideTarget(
  row: MappingRow,
  tree: BrowseTree,
  rows: ReadonlyMap<string, MappingRow>,
  codes: ReadonlyMap<string, CodeRecord>,
): RawFlag | undefined {
  if (row.match_precision !== "exactMatch" && row.match_precision !== "narrowerThan") return undefined;
  const outside: MappingRow[] = [];
  const seen = new Set<string>();
  const stack = [...(tree.nodes.get(row.browse_id)?.children ?? [])];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const own = rows.get(id);
    if (own !== undefined && codes.has(own.gpc_code) && !within(codes, own.gpc_code, row.gpc_code)) {
      outside.push(own);
    }
    stack.push(...(tree.nodes.get(id)?.children ?? []));
  }
  if (outside.length === 0) return undefined;
  outside.sort((a, b) => a.line - b.line);
  const named = outside.slice(0, 3).map((own) =>
    `${own.browse_id} "${tree.nodes.get(own.browse_id)!.name}" → ${own.gpc_code} ${
      codes.get(own.gpc_code)!.title
    }`
  ).join("; ");
  const common = commonAncestor(codes, [row.gpc_code, ...outside.map((own) => own.gpc_code)]);
  return {
    kind: "content_outside_target",
    problem: `${row.match_precision} ${row.gpc_code} claims everything under the node, but ` +
      `${outside.length} descendant${outside.length === 1 ? " maps" : "s map"} outside it: ${named}` +
      (outside.length > 3 ? "; …" : ""),
    suggestion: common === ""
      ? "closeMatch: the content spans segments"
      : `narrowerThan ${common} ${codes.get(common)!.title} (the lowest node holding the node's content), ` +
        "or closeMatch",
  };
}

function within(codes: ReadonlyMap<string, CodeRecord>, code: string, target: string): boolean {
  return codes.get(code)?.path?.includes(target) ?? false;
}
