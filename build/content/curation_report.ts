/**
 * The curation report: every mapping row and lexicon row whose node name or phrase GS1 places somewhere
 * (with the bricks), and every flag the checks of curation_checks.ts raise, with the curator's review if
 * the row's note holds one (curation_review.ts). It is written into build-report.json as `curation` and
 * printed by `deno task curation`; `--strict` fails a build that has unreviewed flags.
 */
import type { BrowseRecord, CodeRecord, GpcLevel } from "../../src/format/shard_records.ts";
import { findPlacements, type FoundPlacements, type PlacementIndex } from "../gpc/gpc_placements.ts";
import type { BrowseTree } from "./browse_tree.ts";
import type { CuratedPrecision, MappingTable } from "./mapping_table_reader.ts";
import type { LexiconRow } from "./lexicon_reader.ts";
import { lexiconRowFlags, mappingRowFlags, pathOf, type RawFlag } from "./curation_checks.ts";
import { type CurationKind, KIND_ORDER, reviewMarkers } from "./curation_review.ts";
import { qualifiedParents } from "./curation_qualifier.ts";
import { contentOutsideTarget } from "./content_rule.ts";

/** A curated target as the report shows it. */
export interface TargetView {
  readonly code: string;
  readonly title: string;
  readonly level: GpcLevel;
  /** The row's match_precision; null for a lexicon brick. */
  readonly precision: CuratedPrecision | null;
}

/** A brick GS1 places the name in, and the attribute type that places it. */
export interface PlacementView {
  readonly code: string;
  readonly title: string;
  readonly attribute_type: string;
}

/** The browse node of a mapping row. */
export interface NodeView {
  readonly id: string;
  readonly name: string;
  /** Names from the root, along first parents. */
  readonly path: string;
}

/** What every row of the report carries: where it is, what it says, what GS1 says. */
export interface ReportedRow {
  readonly file: string;
  readonly line: number;
  /** The GPC family whose curator owns the row (the target's, else the first placement's). */
  readonly family: string | null;
  readonly node: NodeView | null;
  readonly phrase: string | null;
  readonly target: readonly TargetView[];
  /** The placement values the name or phrase equals, as GS1 writes them. */
  readonly placed_as: readonly string[];
  /** The name's last words that equal them when the whole name does not ("compotes"), else null. */
  readonly placed_by_head: string | null;
  readonly placements: readonly PlacementView[];
}

/** One flag on one row. */
export interface CurationFlag extends ReportedRow {
  readonly kind: CurationKind;
  readonly problem: string;
  readonly suggestion: string | null;
  /** The curator's reason from the row's `reviewed <kind>:` marker, or null. */
  readonly reviewed: string | null;
}

/** A row whose name or phrase GS1 places, flagged or not. */
export interface PlacementMatch extends ReportedRow {
  readonly flags: readonly CurationKind[];
  /** Parents whose product the node's name was read as qualifying, so no mismatch was raised. */
  readonly qualifier_of: readonly string[];
}

/** A review marker on a row that does not have that flag (any more). */
export interface StaleReview {
  readonly file: string;
  readonly line: number;
  readonly kind: CurationKind;
  readonly reason: string;
}

/** Counts of one group of flags. */
export interface FlagCounts {
  flags: number;
  unreviewed: number;
}

/** The report's figures. */
export interface CurationSummary {
  readonly placement_index: { attribute_types: number; values: number; links: number };
  readonly matched_rows: number;
  readonly flags: number;
  readonly unreviewed: number;
  readonly stale_reviews: number;
  readonly by_kind: Record<CurationKind, FlagCounts>;
  /** Every family of the release, with its flags by kind. */
  readonly by_family: Record<string, FlagCounts & { title: string; by_kind: Record<string, FlagCounts> }>;
}

/** The whole report, as build-report.json holds it under `curation`. */
export interface CurationReport {
  readonly summary: CurationSummary;
  readonly flags: readonly CurationFlag[];
  readonly matches: readonly PlacementMatch[];
  readonly stale_reviews: readonly StaleReview[];
}

/** The curated content the report reads, and the release it holds it against. */
export interface CurationInputs {
  readonly codes: ReadonlyMap<string, CodeRecord>;
  readonly placements: PlacementIndex;
  readonly tree: BrowseTree | undefined;
  readonly table: MappingTable | undefined;
  readonly browse: ReadonlyMap<string, BrowseRecord>;
  /** The lexicon's rows, each naming its file. */
  readonly lexicon: readonly LexiconRow[] | undefined;
}

/** Runs every check over the mapping table and the lexicon; throws BuildError on a malformed review marker. */
export function curationReport(inputs: CurationInputs): CurationReport {
  const { codes, placements: index, tree, table, browse, lexicon } = inputs;
  const flags: CurationFlag[] = [];
  const matches: PlacementMatch[] = [];
  const staleReviews: StaleReview[] = [];
  const record = (row: ReportedRow, raw: RawFlag[], note: string, qualifierOf: readonly string[]) => {
    const reviews = reviewMarkers(note, row.file, row.line);
    raw.sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
    for (const flag of raw) {
      flags.push({
        kind: flag.kind,
        ...row,
        problem: flag.problem,
        suggestion: flag.suggestion,
        reviewed: reviews.get(flag.kind) ?? null,
      });
    }
    for (const [kind, reason] of reviews) {
      if (!raw.some((flag) => flag.kind === kind)) {
        staleReviews.push({ file: row.file, line: row.line, kind, reason });
      }
    }
    if (row.placements.length > 0) {
      matches.push({ ...row, flags: raw.map((flag) => flag.kind), qualifier_of: qualifierOf });
    }
  };

  const rowsById = new Map((table?.rows ?? []).map((row) => [row.browse_id, row]));
  for (const row of table?.rows ?? []) {
    const target = codes.get(row.gpc_code);
    const node = tree?.nodes.get(row.browse_id);
    // A stale row (no GPC node) is the stale-row report's business.
    if (target?.node === undefined || node === undefined || tree === undefined) continue;
    const found = inSegmentOf(codes, row.gpc_code, findPlacements(index, node.name));
    const qualifies = qualifiedParents(tree, browse, codes, node.id, row.gpc_code);
    const { flags: raw, qualifier_of } = mappingRowFlags({ row, found, qualifies }, codes, index);
    const content = contentOutsideTarget(row, tree, rowsById, codes);
    if (content !== undefined) raw.push(content);
    const reported = {
      file: table!.source,
      line: row.line,
      family: pathOf(codes, row.gpc_code)[1] ?? familyOf(codes, found),
      node: { id: node.id, name: node.name, path: nodePath(tree, node.id) },
      phrase: null,
      target: [{
        code: row.gpc_code,
        title: target.title,
        level: target.node.level,
        precision: row.match_precision,
      }],
      ...placementsOf(found),
    };
    record(reported, raw, row.note, qualifier_of);
  }

  for (const row of lexicon ?? []) {
    const found = findPlacements(index, row.phrase);
    const reported = {
      file: row.file,
      line: row.line,
      family: pathOf(codes, row.gpc_codes[0] ?? "")[1] ?? familyOf(codes, found),
      node: null,
      phrase: row.phrase,
      target: row.gpc_codes.map((code) => ({
        code,
        title: codes.get(code)?.title ?? "",
        level: "brick" as const,
        precision: null,
      })),
      ...placementsOf(found),
    };
    record(reported, lexiconRowFlags(row.gpc_codes, found, codes, index), row.note, []);
  }

  return {
    summary: summarise(codes, index, flags, matches.length, staleReviews.length),
    flags,
    matches,
    stale_reviews: staleReviews,
  };
}

/**
 * The placements of a browse node's name in the segment of its row's target. A tree gives its node names a
 * context: "Stocks" under Soups is broth, whatever GS1 places under Type of Bricks/Blocks, and "Beef" under
 * Meat & Seafood is meat, not a pet food's flavour. The curator chose the segment; GS1's placements decide
 * within it. (A lexicon phrase has no context: every placement counts.)
 */
function inSegmentOf(
  codes: ReadonlyMap<string, CodeRecord>,
  target: string,
  found: FoundPlacements,
): FoundPlacements {
  const segment = pathOf(codes, target)[0];
  const placements = found.placements.filter((placement) => pathOf(codes, placement.brick)[0] === segment);
  if (placements.length === found.placements.length) return found;
  const values = found.values.filter((value) => placements.some((placement) => placement.value === value));
  return { values, placements, head: placements.length === 0 ? null : found.head };
}

function placementsOf(
  found: FoundPlacements,
): Pick<ReportedRow, "placed_as" | "placed_by_head" | "placements"> {
  return {
    placed_as: found.values,
    placed_by_head: found.head,
    placements: found.placements.map((p) => ({
      code: p.brick,
      title: p.brick_title,
      attribute_type: p.attribute_type_title,
    })),
  };
}

function familyOf(codes: ReadonlyMap<string, CodeRecord>, found: FoundPlacements): string | null {
  return pathOf(codes, found.placements[0]?.brick ?? "")[1] ?? null;
}

/** The names from a root to the node, along first parents (bounded by the tree's size). */
function nodePath(tree: BrowseTree, id: string): string {
  const names: string[] = [];
  let at: string | undefined = id;
  for (let step = 0; at !== undefined && step < tree.nodes.size; step++) {
    const node = tree.nodes.get(at);
    if (node === undefined) break;
    names.unshift(node.name);
    at = node.parents[0];
  }
  return names.join(" > ");
}

function summarise(
  codes: ReadonlyMap<string, CodeRecord>,
  index: PlacementIndex,
  flags: readonly CurationFlag[],
  matched: number,
  stale: number,
): CurationSummary {
  const counts = (): FlagCounts => ({ flags: 0, unreviewed: 0 });
  const byKind = Object.fromEntries(KIND_ORDER.map((kind) => [kind, counts()])) as Record<
    CurationKind,
    FlagCounts
  >;
  const byFamily: CurationSummary["by_family"] = {};
  const families = [...codes].filter(([, record]) => record.kind === "family").sort(([a], [b]) =>
    a < b ? -1 : 1
  );
  for (const [code, record] of families) {
    byFamily[code] = { title: record.title, ...counts(), by_kind: {} };
  }
  for (const flag of flags) {
    const family = byFamily[flag.family ?? ""] ??= { title: "", ...counts(), by_kind: {} };
    const kindOfFamily = family.by_kind[flag.kind] ??= counts();
    for (const group of [byKind[flag.kind], family, kindOfFamily]) {
      group.flags++;
      if (flag.reviewed === null) group.unreviewed++;
    }
  }
  const types = new Set(index.readings.filter((r) => r.role === "places").map((r) => r.attribute_type));
  return {
    placement_index: {
      attribute_types: types.size,
      values: index.values.size,
      links: [...index.values.values()].reduce((sum, list) => sum + list.length, 0),
    },
    matched_rows: matched,
    flags: flags.length,
    unreviewed: flags.filter((flag) => flag.reviewed === null).length,
    stale_reviews: stale,
    by_kind: byKind,
    by_family: byFamily,
  };
}
