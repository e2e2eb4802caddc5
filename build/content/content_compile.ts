/**
 * The service's own content, compiled against a GPC release: each browse tree with its curated mapping
 * table (every node's effective mapping after inheritance, tree_compile.ts), the phrase lexicon, the SSSOM
 * exports and the coverage report.
 *
 * The inputs are read once (`readContent`) and compiled for each served release (`compileReadContent`):
 * content curated against another release is carried into it (carry_forward.ts), its stale rows reported
 * and made warnings, so that `--strict` fails on them.
 */
import type { BuildWarning } from "../input/build_warning.ts";
import type { PlacementIndex } from "../gpc/gpc_placements.ts";
import type { BuildInputs } from "../input/build_inputs.ts";
import type { BuildFile } from "../dist/dist_writer.ts";
import type { Progress } from "../progress.ts";
import { readContentTrees, type ReadTree } from "./content_trees.ts";
import { type CompiledTree, compileTree, NO_VERSION } from "./tree_compile.ts";
import { type LexiconFile, parseLexiconFiles } from "./lexicon_files.ts";
import { type CurationReport, curationReport } from "./curation_report.ts";
import { curationSummaryLines, curationWarnings, placementsCoverRelease } from "./curation_text.ts";
import { type CarryForward, carryInto, carryLine, type CurationOrigin } from "./carry_forward.ts";
import { staleWarnings } from "./stale_warnings.ts";
import type { BrowseRecord, CodeRecord, LexiconRecord } from "../../src/format/shard_records.ts";

export { NO_VERSION };

/** The compiled content and what the build reports about it. */
export interface CompiledContent {
  /** The default tree's mapping table's declared map_version, or NO_VERSION. */
  readonly mapVersion: string;
  readonly lexiconVersion: string;
  /** The default tree's records. */
  readonly browse: Map<string, BrowseRecord>;
  /** Every tree, the default first (empty without a tree). */
  readonly trees: readonly CompiledTree[];
  readonly lexicon: Map<string, LexiconRecord>;
  /** The default tree's counts and the lexicon's. */
  readonly counts: Record<string, number>;
  /** The default tree's coverage. */
  readonly coverage: Record<string, unknown>;
  readonly extras: BuildFile[];
  /** The default tree's table and the lexicon against GS1's placements. */
  readonly curation: CurationReport;
  /** What `--strict` fails on. */
  readonly warnings: readonly BuildWarning[];
}

/** The content inputs, read and parsed once for every release they are compiled for. */
export interface ReadContent {
  readonly inputs: BuildInputs;
  /** Every tree with its table, the default first. */
  readonly trees: readonly ReadTree[];
  /** The lexicon's files (none: no lexicon). */
  readonly lexicon: readonly LexiconFile[];
}

const encoder = new TextEncoder();

/** Reads the trees, the mapping tables and the lexicon named by `inputs`. */
export async function readContent(inputs: BuildInputs, progress: Progress): Promise<ReadContent> {
  const trees = await readContentTrees(inputs, progress);
  const lexicon: LexiconFile[] = [];
  for (const file of inputs.lexicon) lexicon.push({ file, text: await Deno.readTextFile(file) });
  return { inputs, trees, lexicon };
}

/** Reads and compiles the tree, mapping table and lexicon named by `inputs` for one release. */
export async function compileContent(
  inputs: BuildInputs,
  codes: ReadonlyMap<string, CodeRecord>,
  gpcRelease: string,
  placements: PlacementIndex,
  progress: Progress,
  origin?: CurationOrigin,
): Promise<CompiledContent> {
  const read = await readContent(inputs, progress);
  return compileReadContent(read, codes, gpcRelease, placements, progress, origin);
}

/**
 * Compiles read content for the release whose codes are `codes`; `origin` gives the codes of the releases
 * the content may have been curated against (without it, content curated elsewhere is checked for absent
 * codes only).
 */
export function compileReadContent(
  read: ReadContent,
  codes: ReadonlyMap<string, CodeRecord>,
  gpcRelease: string,
  placements: PlacementIndex,
  progress: Progress,
  origin?: CurationOrigin,
): CompiledContent {
  const extras: BuildFile[] = [];
  const counts: Record<string, number> = {};
  let coverage: Record<string, unknown> = {};
  let browse = new Map<string, BrowseRecord>();
  let mapVersion = NO_VERSION;
  const report: Record<string, unknown> = { gpc_release: gpcRelease };
  const warnings: BuildWarning[] = [];
  const warn = (warning: BuildWarning) => {
    warnings.push(warning);
    progress.line(`warning: ${warning.message}`);
  };
  // Content curated against another release: a warning when that release's publication is not here to check
  // moves and retitles against, a progress line otherwise.
  const noteCarry = (what: string, file: string, carry: CarryForward, stale: number, retitled: number) => {
    const line = carryLine(what, gpcRelease, carry, stale, retitled);
    if (carry.fromCodes === undefined) warn({ file, where: "metadata", message: line });
    else progress.line(line);
  };

  const trees = read.trees.map((tree) => compileTree(tree, codes, gpcRelease, progress, noteCarry, origin));
  const main = trees[0];
  if (main !== undefined) {
    mapVersion = main.mapVersion;
    browse = main.browse;
    coverage = main.coverage;
    Object.assign(counts, main.counts);
    const { name: _name, request: _request, ...mainReport } = main.report;
    Object.assign(report, mainReport);
    if (trees.length > 1) report.trees = trees.slice(1).map((tree) => tree.report);
  }
  for (const tree of trees) {
    warnings.push(...tree.warnings);
    extras.push(...tree.extras);
  }

  let lexicon = new Map<string, LexiconRecord>();
  let lexiconVersion = NO_VERSION;
  let lexiconRows: Parameters<typeof curationReport>[0]["lexicon"];
  let lexiconCarries: (CarryForward | undefined)[] = [];
  if (read.lexicon.length > 0) {
    progress.step(`compiling lexicon (${read.lexicon.length} files) for ${gpcRelease}`);
    const compiled = parseLexiconFiles(
      read.lexicon,
      codes,
      (declared) => carryInto(gpcRelease, declared, origin),
    );
    lexicon = compiled.records;
    lexiconVersion = compiled.lexicon_version;
    lexiconCarries = compiled.files.map((file) => file.carry);
    counts.lexicon_phrases = lexicon.size;
    counts.stale_lexicon_phrases = compiled.stale_phrases.length;
    report.lexicon_files = compiled.files.map(({ carry, ...file }) => ({
      ...file,
      carried_from: carry?.from ?? null,
    }));
    report.lexicon_inactive_bricks = compiled.inactive_bricks;
    // A file curated for a newer release names many bricks an older one lacks: its count is in
    // lexicon_files (stale), and listing each phrase would make the older release's report tens of MB.
    const backward = new Set(
      compiled.files.filter((file) => file.carry?.backward === true).map((f) => f.file),
    );
    report.lexicon_stale_phrases = compiled.stale_phrases.filter((phrase) => !backward.has(phrase.file));
    report.lexicon_retitled = compiled.retitled;
    const staleRows = new Set(compiled.stale_phrases.map((phrase) => `${phrase.file}:${phrase.line}`));
    // A stale phrase answers blank: the stale-row report covers it, not the curation checks.
    lexiconRows = compiled.rows.filter((row) => !staleRows.has(`${row.file}:${row.line}`));
    for (const file of compiled.files) {
      if (file.carry !== undefined) noteCarry("lexicon", file.file, file.carry, file.stale, file.retitled);
    }
    // As the mapping table's: phrases of a file curated against a newer release are counted, not warnings.
    for (const file of compiled.files) {
      if (file.carry?.backward === true) continue;
      const stale = compiled.stale_phrases.filter((phrase) => phrase.file === file.file);
      for (const phrase of stale) {
        const why = phrase.stale.map((code) => `${code.gpc_code} ${code.reason}`).join(", ");
        progress.line(
          `stale lexicon phrase: ${phrase.file} line ${phrase.line}: "${phrase.phrase}" answers blank (${why})`,
        );
      }
      warnings.push(...staleWarnings(file.file, gpcRelease, [], stale));
    }
    progress.line(`lexicon ${lexiconVersion}: ${lexicon.size} phrases from ${compiled.files.length} files`);
  }

  const curation = curationReport({
    codes,
    placements,
    tree: read.trees[0]?.read.tree,
    table: read.trees[0]?.table,
    browse,
    lexicon: lexiconRows,
  });
  report.curation = curation;
  // A marker may answer a flag raised by placements of a segment this build's publications lack.
  const stale = placementsCoverRelease(codes, placements);
  for (const line of curationSummaryLines(curation, stale)) progress.line(line);
  // Content curated against a newer release raises the flags it raises there: they warn there, not again
  // in an older release served for pinning (as its stale rows do not).
  const lexiconBack = lexiconCarries.every((carry) => carry?.backward === true);
  if (!(trees[0]?.carry?.backward === true && lexiconBack)) {
    warnings.push(...curationWarnings(curation, stale));
  }
  // The other trees' tables, each against the same placements (their flags warn as the default's do).
  for (const [at, tree] of trees.slice(1).entries()) {
    const treeCuration = curationReport({
      codes,
      placements,
      tree: read.trees[at + 1]!.read.tree,
      table: tree.table,
      browse: tree.browse,
      lexicon: undefined,
    });
    tree.report.curation = treeCuration;
    for (const line of curationSummaryLines(treeCuration, stale)) progress.line(`${tree.request}: ${line}`);
    if (tree.carry?.backward !== true) warnings.push(...curationWarnings(treeCuration, stale));
  }

  extras.push({ name: "build-report.json", bytes: encoder.encode(`${JSON.stringify(report, null, 2)}\n`) });
  return { mapVersion, lexiconVersion, browse, trees, lexicon, counts, coverage, extras, curation, warnings };
}
