/**
 * The effective mapping of every browse node after inheritance: one finished BrowseRecord per node, so
 * classify answers every id, inherited or not, with a single lookup.
 *
 * Rules (design.md, "Semantics the interface leaves open"):
 *
 * - A node with its own servable row answers `match_source: "self"` with the row's precision and state.
 * - A node without one takes the mapping of its nearest mapped ancestor over all parent paths
 *   (`match_source: "inherited"`, `inherited_from` = that ancestor). Equally near ancestors are ranked by
 *   the level of their GPC node, most precise first (brick, class, family, segment), then by smallest
 *   numeric id. Precision is derived from the ancestor's own row only, never from an intermediate
 *   inherited one: exactMatch or narrowerThan → narrowerThan; closeMatch or broaderThan → inherited.
 *   State and attribute_count are the ancestor's.
 * - A node with no mapped ancestor has every field null and attribute_count 0.
 *
 * Stale rows (the build reports each one):
 * - the code is a hierarchy node but inactive in the release → the row still serves its GPC node, with
 *   `assurance_state: "stale"`, and descendants inherit it (with state stale): the node exists, it is just
 *   withdrawn, and saying so is more useful than hiding it;
 * - the code is absent from the release, or is an attribute type or value code → there is no GPC node to
 *   serve, so the node counts as unmapped: it inherits from its ancestors (or answers null) as if the row
 *   were not there, and its descendants look past it.
 */
import type { BrowseTree } from "./browse_tree.ts";
import { compareNumericIds, topologicalOrder } from "./browse_tree.ts";
import type { CuratedPrecision, MappingRow, MappingTable } from "./mapping_table_reader.ts";
import type {
  AssuranceState,
  BrowseRecord,
  CodeRecord,
  GpcLevel,
  GpcNodeView,
  MatchPrecision,
} from "../../src/format/shard_records.ts";

/** Why a mapping row is stale. */
export type StaleReason = "inactive" | "absent" | "attribute_type" | "attribute_value";

/** A stale row, as the build report lists it. */
export interface StaleRow {
  readonly browse_id: string;
  readonly gpc_code: string;
  readonly reason: StaleReason;
  readonly line: number;
}

/** The browse shard's records and what the build reports about them. */
export interface CompiledBrowse {
  /** One record per node of the tree, in numeric id order. */
  readonly records: Map<string, BrowseRecord>;
  /** Stale rows in file order. */
  readonly stale_rows: readonly StaleRow[];
}

/** Rank of a GPC level when equally near ancestors compete: the more precise level wins. */
export const LEVEL_RANK: Readonly<Record<GpcLevel, number>> = { brick: 0, class: 1, family: 2, segment: 3 };

/** Precision a descendant gets from an ancestor's own precision. */
export const INHERITED_PRECISION: Readonly<Record<CuratedPrecision, MatchPrecision>> = {
  exactMatch: "narrowerThan",
  narrowerThan: "narrowerThan",
  broaderThan: "inherited",
  closeMatch: "inherited",
};

/** A node's own servable mapping. */
interface Anchor {
  readonly id: string;
  readonly node: GpcNodeView;
  readonly precision: CuratedPrecision;
  readonly state: AssuranceState;
  readonly attributeCount: number;
}

/** Computes every node's record; pure: the same tree, table and codes give the same records. */
export function compileBrowseRecords(
  tree: BrowseTree,
  table: MappingTable,
  codes: ReadonlyMap<string, CodeRecord>,
): CompiledBrowse {
  const anchors = new Map<string, Anchor>();
  const stale: StaleRow[] = [];
  for (const row of table.rows) {
    const resolved = resolveRow(row, codes);
    if (resolved.stale !== undefined) {
      stale.push({
        browse_id: row.browse_id,
        gpc_code: row.gpc_code,
        reason: resolved.stale,
        line: row.line,
      });
    }
    if (resolved.anchor !== undefined) anchors.set(row.browse_id, resolved.anchor);
  }
  // Nearest anchor per node, parents first: the nearest anchor above a node is the best of its parents'
  // (one hop further), because the ranking is a total order on (distance, level, id).
  const nearest = new Map<string, { anchor: Anchor; distance: number }>();
  for (const id of topologicalOrder(tree)) {
    const own = anchors.get(id);
    if (own !== undefined) {
      nearest.set(id, { anchor: own, distance: 0 });
      continue;
    }
    let best: { anchor: Anchor; distance: number } | undefined;
    for (const parent of tree.nodes.get(id)!.parents) {
      const found = nearest.get(parent);
      if (found === undefined) continue;
      const candidate = { anchor: found.anchor, distance: found.distance + 1 };
      if (best === undefined || ranksBefore(candidate, best)) best = candidate;
    }
    if (best !== undefined) nearest.set(id, best);
  }
  const records = new Map<string, BrowseRecord>();
  for (const id of tree.nodes.keys()) records.set(id, recordOf(nearest.get(id)));
  return { records, stale_rows: stale };
}

function resolveRow(row: MappingRow, codes: ReadonlyMap<string, CodeRecord>): {
  anchor?: Anchor;
  stale?: StaleReason;
} {
  const code = codes.get(row.gpc_code);
  if (code === undefined) return { stale: "absent" };
  if (code.node === undefined) {
    return { stale: code.kind === "attribute_value" ? "attribute_value" : "attribute_type" };
  }
  const anchor: Anchor = {
    id: row.browse_id,
    node: code.node,
    precision: row.match_precision,
    state: code.active ? row.assurance_state : "stale",
    attributeCount: code.kind === "brick" ? code.attribute_count : 0,
  };
  return code.active ? { anchor } : { anchor, stale: "inactive" };
}

function ranksBefore(
  a: { anchor: Anchor; distance: number },
  b: { anchor: Anchor; distance: number },
): boolean {
  if (a.distance !== b.distance) return a.distance < b.distance;
  const levels = LEVEL_RANK[a.anchor.node.level] - LEVEL_RANK[b.anchor.node.level];
  if (levels !== 0) return levels < 0;
  return compareNumericIds(a.anchor.id, b.anchor.id) < 0;
}

function recordOf(found: { anchor: Anchor; distance: number } | undefined): BrowseRecord {
  if (found === undefined) {
    return {
      gpc: null,
      match_precision: null,
      match_source: null,
      inherited_from: null,
      assurance_state: null,
      attribute_count: 0,
    };
  }
  const { anchor, distance } = found;
  const self = distance === 0;
  return {
    gpc: anchor.node,
    match_precision: self ? anchor.precision : INHERITED_PRECISION[anchor.precision],
    match_source: self ? "self" : "inherited",
    inherited_from: self ? null : anchor.id,
    assurance_state: anchor.state,
    attribute_count: anchor.attributeCount,
  };
}
