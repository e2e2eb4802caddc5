/**
 * The coverage report of the effective mapping, written beside the shards and summarised in the manifest:
 * how many browse nodes classify answers with their own mapping, an inherited one or null, and at which GPC
 * level, precision and assurance state. Counts by level, precision and state cover resolved nodes (self and
 * inherited); `resolved_ratio` is (self + inherited) / nodes rounded to 4 decimals (0 for an empty tree).
 */
import type { StaleRow } from "./mapping_inheritance.ts";
import type {
  AssuranceState,
  BrowseRecord,
  GpcLevel,
  MatchPrecision,
} from "../../src/format/shard_records.ts";

/** Coverage of the effective mapping over a browse tree. */
export interface MappingCoverage {
  readonly nodes: number;
  readonly self: number;
  readonly inherited: number;
  readonly unmapped: number;
  readonly resolved_ratio: number;
  readonly by_level: Record<GpcLevel, number>;
  readonly by_precision: Record<MatchPrecision, number>;
  readonly by_state: Record<AssuranceState, number>;
  readonly stale_rows: readonly StaleRow[];
}

/** Counts the records of every node of the tree (the records map holds exactly one per node). */
export function mappingCoverage(
  records: ReadonlyMap<string, BrowseRecord>,
  staleRows: readonly StaleRow[],
): MappingCoverage {
  const byLevel: Record<GpcLevel, number> = { brick: 0, class: 0, family: 0, segment: 0 };
  const byPrecision: Record<MatchPrecision, number> = {
    exactMatch: 0,
    narrowerThan: 0,
    broaderThan: 0,
    closeMatch: 0,
    inherited: 0,
  };
  const byState: Record<AssuranceState, number> = { verified: 0, provisional: 0, stale: 0 };
  let self = 0;
  let inherited = 0;
  for (const record of records.values()) {
    if (record.gpc === null) continue;
    if (record.match_source === "self") self++;
    else inherited++;
    byLevel[record.gpc.level]++;
    if (record.match_precision !== null) byPrecision[record.match_precision]++;
    if (record.assurance_state !== null) byState[record.assurance_state]++;
  }
  const nodes = records.size;
  return {
    nodes,
    self,
    inherited,
    unmapped: nodes - self - inherited,
    resolved_ratio: nodes === 0 ? 0 : Math.round(((self + inherited) / nodes) * 10000) / 10000,
    by_level: byLevel,
    by_precision: byPrecision,
    by_state: byState,
    stale_rows: staleRows,
  };
}
