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
 *   State, attribute_count and attribute_schema are the ancestor's.
 * - A node with no mapped ancestor has every field null and attribute_count 0.
 * - attribute_count is the number of attribute types of the matched brick's known schema; 0 for a class,
 *   family or segment, for gpc null, and for a brick whose schema is unknown (attribute_schema says which).
 *
 * Stale rows (the build reports each one, and `--strict` fails on them):
 * - the code is a hierarchy node but inactive in the release, or (content curated against another release,
 *   carry_forward.ts) placed under another ancestry than in the curated release → the row still serves its
 *   GPC node, with `assurance_state: "stale"`, and descendants inherit it (with state stale): the node
 *   exists, and saying so is more useful than hiding it;
 * - the code is not in the release (retired, or absent), or is an attribute type or value code → there is no
 *   GPC node to serve: the node answers what it would without the row (its nearest mapped ancestor's
 *   mapping, or gpc null), with `assurance_state: "stale"`; so do the descendants whose inheritance passes
 *   through it, because the curated row that should have answered them is the stale one.
 *
 * A retitled code (curated against another release) carries over unchanged and is listed in `retitled`.
 */
import type { BrowseTree } from "./browse_tree.ts";
import { compareNumericIds, topologicalOrder } from "./browse_tree.ts";
import type { CuratedPrecision, MappingRow, MappingTable } from "./mapping_table_reader.ts";
import { carriedCode, type CarryForward, type RetitledCode } from "./carry_forward.ts";
import type {
  AssuranceState,
  AttributeSchemaState,
  BrowseRecord,
  CodeRecord,
  GpcLevel,
  GpcNodeView,
  MatchPrecision,
} from "../../src/format/shard_records.ts";

/** Why a mapping row is stale. */
export type StaleReason = "inactive" | "moved" | "retired" | "absent" | "attribute_type" | "attribute_value";

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
  /** Rows whose code the release retitled (content curated against another release), in file order. */
  readonly retitled_rows: readonly (RetitledCode & { readonly browse_id: string; readonly line: number })[];
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
  readonly attributeSchema: AttributeSchemaState | null;
}

/** What answers a node: its nearest anchor (none: gpc null), and whether a stale row lies on the way. */
interface Nearest {
  readonly anchor: Anchor | undefined;
  readonly distance: number;
  /** The node's own row, or a row its inheritance passes through, names no node of the release. */
  readonly staleVia: boolean;
}

/**
 * Computes every node's record; pure: the same tree, table, codes and carry give the same records. `carry`
 * says which release the table was curated against, when that is not the one of `codes`.
 */
export function compileBrowseRecords(
  tree: BrowseTree,
  table: MappingTable,
  codes: ReadonlyMap<string, CodeRecord>,
  carry?: CarryForward,
): CompiledBrowse {
  const anchors = new Map<string, Anchor>();
  const voids = new Set<string>();
  const stale: StaleRow[] = [];
  const retitled: CompiledBrowse["retitled_rows"][number][] = [];
  for (const row of table.rows) {
    const resolved = resolveRow(row, codes, carry);
    const { browse_id, gpc_code, line } = row;
    if (resolved.stale !== undefined) stale.push({ browse_id, gpc_code, reason: resolved.stale, line });
    if (resolved.retitled !== undefined) retitled.push({ browse_id, ...resolved.retitled, line });
    if (resolved.anchor !== undefined) anchors.set(browse_id, resolved.anchor);
    else if (resolved.stale !== undefined) voids.add(browse_id);
  }
  // Nearest anchor per node, parents first: the nearest anchor above a node is the best of its parents'
  // (one hop further), because the ranking is a total order on (anchor or none, distance, level, id, stale).
  const nearest = new Map<string, Nearest>();
  for (const id of topologicalOrder(tree)) {
    const own = anchors.get(id);
    if (own !== undefined) {
      nearest.set(id, { anchor: own, distance: 0, staleVia: false });
      continue;
    }
    let best: Nearest | undefined;
    for (const parent of tree.nodes.get(id)!.parents) {
      const found = nearest.get(parent);
      if (found === undefined) continue;
      const candidate = { ...found, distance: found.distance + 1 };
      if (best === undefined || ranksBefore(candidate, best)) best = candidate;
    }
    if (voids.has(id)) best = { anchor: best?.anchor, distance: best?.distance ?? 0, staleVia: true };
    if (best !== undefined) nearest.set(id, best);
  }
  const records = new Map<string, BrowseRecord>();
  for (const id of tree.nodes.keys()) records.set(id, recordOf(nearest.get(id)));
  return { records, stale_rows: stale, retitled_rows: retitled };
}

function resolveRow(row: MappingRow, codes: ReadonlyMap<string, CodeRecord>, carry?: CarryForward): {
  anchor?: Anchor;
  stale?: StaleReason;
  retitled?: RetitledCode;
} {
  const carried = carriedCode(row.gpc_code, codes, carry);
  const code = codes.get(row.gpc_code);
  if (code === undefined) return { stale: carried.stale ?? "absent" };
  if (code.node === undefined) {
    return { stale: code.kind === "attribute_value" ? "attribute_value" : "attribute_type" };
  }
  const reason = !code.active ? "inactive" : carried.stale;
  const anchor: Anchor = {
    id: row.browse_id,
    node: code.node,
    precision: row.match_precision,
    state: reason === undefined ? row.assurance_state : "stale",
    attributeCount: code.kind === "brick" ? code.attribute_count : 0,
    attributeSchema: code.kind === "brick" ? code.attribute_schema ?? "published" : null,
  };
  return {
    anchor,
    ...(reason === undefined ? {} : { stale: reason }),
    ...(carried.retitled === undefined ? {} : { retitled: carried.retitled }),
  };
}

function ranksBefore(a: Nearest, b: Nearest): boolean {
  if (a.anchor === undefined || b.anchor === undefined) {
    return b.anchor === undefined && a.anchor !== undefined;
  }
  if (a.distance !== b.distance) return a.distance < b.distance;
  const levels = LEVEL_RANK[a.anchor.node.level] - LEVEL_RANK[b.anchor.node.level];
  if (levels !== 0) return levels < 0;
  const ids = compareNumericIds(a.anchor.id, b.anchor.id);
  if (ids !== 0) return ids < 0;
  return !a.staleVia && b.staleVia;
}

function recordOf(found: Nearest | undefined): BrowseRecord {
  if (found?.anchor === undefined) {
    return {
      gpc: null,
      match_precision: null,
      match_source: null,
      inherited_from: null,
      assurance_state: found?.staleVia === true ? "stale" : null,
      attribute_count: 0,
      attribute_schema: null,
    };
  }
  const { anchor, distance } = found;
  const self = distance === 0;
  return {
    gpc: anchor.node,
    match_precision: self ? anchor.precision : INHERITED_PRECISION[anchor.precision],
    match_source: self ? "self" : "inherited",
    inherited_from: self ? null : anchor.id,
    assurance_state: found.staleVia ? "stale" : anchor.state,
    attribute_count: anchor.attributeCount,
    attribute_schema: anchor.attributeSchema,
  };
}
