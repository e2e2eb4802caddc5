/**
 * The curation report in words: the build's summary lines, the warnings `--strict` fails on, and the
 * listing `deno task curation` prints for curators (grouped by GPC family, then file order).
 */
import type { BuildWarning } from "../input/build_warning.ts";
import type { CurationFlag, CurationReport, PlacementView } from "./curation_report.ts";
import type { PlacementIndex } from "../gpc/gpc_placements.ts";
import type { CodeRecord } from "../../src/format/shard_records.ts";
import { CURATION_KINDS, type CurationKind, KIND_ORDER } from "./curation_review.ts";

/** Which flags a listing shows. */
export interface ListingFilter {
  readonly family?: string;
  readonly kind?: CurationKind;
  /** Show reviewed flags too. */
  readonly all?: boolean;
}

/**
 * The lines the build prints about the report; `complete`: its placements hold every segment of the release
 * (placementsCoverRelease), so a marker naming no flag is stale for certain.
 */
export function curationSummaryLines(report: CurationReport, complete = false): string[] {
  const s = report.summary;
  const index = s.placement_index;
  const lines = [
    `curation: placement index ${index.attribute_types} attribute types, ${index.values} values, ` +
    `${index.links} brick links; ${s.matched_rows} rows name a placed product`,
    `curation: ${s.flags} flags, ${s.unreviewed} unreviewed: ` +
    KIND_ORDER.map((kind) => `${kind} ${s.by_kind[kind].unreviewed}`).join(", "),
  ];
  // The families with flags (a release of every segment has 162 families, most of them without any).
  const flagged = Object.entries(s.by_family).filter(([, family]) => family.flags > 0);
  if (flagged.length > 0) {
    lines.push(
      `curation: unreviewed by family: ${
        flagged.map(([code, family]) => `${code} ${family.unreviewed}`).join(", ")
      }`,
    );
  }
  if (s.stale_reviews > 0) {
    lines.push(
      complete
        ? `curation: ${s.stale_reviews} stale review markers: the row has no such flag (any more); remove them`
        : `curation: ${s.stale_reviews} review markers name a flag the row does not have with these placements ` +
          "(a marker may answer a flag of another segment's placements: `deno task curation --reference FILE` " +
          "judges them with every segment's)",
    );
  }
  if (s.unreviewed > 0) {
    lines.push("curation: `deno task curation` lists them; build-report.json holds every row");
  }
  return lines;
}

/**
 * One warning per unreviewed flag. A review marker naming a flag the row does not have is a warning only
 * when `staleReviews` says the report had every placement a marker may answer (the curation command with a
 * full reference publication): the build reads only data/'s publications, and a marker written against the
 * placements of every segment would look stale to it.
 */
export function curationWarnings(report: CurationReport, staleReviews = false): BuildWarning[] {
  return [
    ...report.flags.filter((flag) => flag.reviewed === null).map((flag) => ({
      file: flag.file,
      where: `line ${flag.line}`,
      message: `unreviewed ${flag.kind}: ${subject(flag)}: ${flag.problem}`,
    })),
    ...(staleReviews ? report.stale_reviews : []).map((review) => ({
      file: review.file,
      where: `line ${review.line}`,
      message: `stale review: the row has no ${review.kind} flag (any more); remove the marker`,
    })),
  ];
}

/**
 * Whether `placements` hold every segment of the release `codes` describe (a segment with no brick carrying
 * attribute data has none): then a review marker that names no flag is stale for certain.
 */
export function placementsCoverRelease(
  codes: ReadonlyMap<string, CodeRecord>,
  placements: PlacementIndex,
): boolean {
  const placed = new Set<string>();
  for (const brick of placements.brick_types.keys()) placed.add(codes.get(brick)?.path?.[0] ?? "");
  for (const record of codes.values()) {
    if (record.kind === "segment" && record.path !== undefined && !placed.has(record.path[0]!)) return false;
  }
  return true;
}

/** The flags a filter shows, in report order. */
export function shownFlags(report: CurationReport, filter: ListingFilter): CurationFlag[] {
  return report.flags.filter((flag) =>
    (filter.family === undefined || flag.family === filter.family) &&
    (filter.kind === undefined || flag.kind === filter.kind) &&
    (filter.all === true || flag.reviewed === null)
  );
}

/** The listing for curators: the kinds' meanings, then each family's flags. */
export function curationListing(report: CurationReport, filter: ListingFilter = {}): string {
  const shown = shownFlags(report, filter);
  const out: string[] = [
    `${report.summary.flags} flags, ${report.summary.unreviewed} unreviewed; showing ${shown.length}` +
    (filter.all === true ? "" : " unreviewed (--all shows reviewed ones too)"),
    "",
    ...KIND_ORDER.map((kind) => `  ${kind.padEnd(28)}${CURATION_KINDS[kind]}`),
  ];
  for (const [code, family] of Object.entries(report.summary.by_family)) {
    const flags = shown.filter((flag) => (flag.family ?? "") === code);
    if (flags.length === 0) continue;
    out.push("", `== ${code} ${family.title}: ${family.flags} flags, ${family.unreviewed} unreviewed`);
    for (const flag of flags) out.push("", ...flagLines(flag));
  }
  for (const review of report.stale_reviews) {
    out.push(
      "",
      `stale review ${review.file} line ${review.line}: reviewed ${review.kind}: ${review.reason}`,
    );
  }
  return `${out.join("\n")}\n`;
}

function flagLines(flag: CurationFlag): string[] {
  const lines = [`[${flag.kind}] ${flag.file} line ${flag.line}`];
  if (flag.node !== null) lines.push(`  node      ${flag.node.id} ${flag.node.name} (${flag.node.path})`);
  if (flag.phrase !== null) lines.push(`  phrase    "${flag.phrase}"`);
  lines.push(
    `  curated   ${
      flag.target.map((t) =>
        `${t.precision === null ? "" : `${t.precision} `}${t.code} ${t.title} (${t.level})`
      )
        .join("; ")
    }`,
  );
  if (flag.placements.length > 0) {
    const by = flag.placed_by_head === null ? "" : ` (the name's head "${flag.placed_by_head}")`;
    lines.push(`  GS1       ${flag.placed_as.join(", ")}${by} is a value of`);
    for (const [type, bricks] of byType(flag.placements)) {
      lines.push(`              ${type}: ${bricks.map((b) => `${b.code} ${b.title}`).join(", ")}`);
    }
  }
  lines.push(`  problem   ${flag.problem}`);
  if (flag.suggestion !== null) lines.push(`  fix       ${flag.suggestion}`);
  if (flag.reviewed !== null) lines.push(`  reviewed  ${flag.reviewed}`);
  else lines.push(`  or keep   write "reviewed ${flag.kind}: <why>" in the row's note`);
  return lines;
}

function subject(flag: CurationFlag): string {
  return flag.node !== null ? `${flag.node.id} "${flag.node.name}"` : `"${flag.phrase}"`;
}

function byType(placements: readonly PlacementView[]): Map<string, PlacementView[]> {
  const groups = new Map<string, PlacementView[]>();
  for (const placement of placements) {
    groups.set(placement.attribute_type, [...groups.get(placement.attribute_type) ?? [], placement]);
  }
  return groups;
}
