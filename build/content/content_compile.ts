/**
 * The service's own content, compiled against a GPC release: the browse tree with the curated mapping
 * table (every node's effective mapping after inheritance), the phrase lexicon, the SSSOM export and the
 * coverage report.
 *
 * The inputs are read once (`readContent`) and compiled for each served release (`compileReadContent`):
 * content curated against another release is carried into it (carry_forward.ts), its stale rows reported
 * and made warnings, so that `--strict` fails on them.
 */
import { BuildError } from "../input/build_error.ts";
import type { BuildWarning } from "../input/build_warning.ts";
import type { PlacementIndex } from "../gpc/gpc_placements.ts";
import type { BuildInputs } from "../input/build_inputs.ts";
import type { BuildFile } from "../dist/dist_writer.ts";
import type { Progress } from "../progress.ts";
import { type BrowseTreeFolderRead, readBrowseTreeFolder } from "./browse_tree_folder.ts";
import { type MappingTable, parseMappingTable } from "./mapping_table_reader.ts";
import { compileBrowseRecords } from "./mapping_inheritance.ts";
import { mappingCoverage } from "./mapping_coverage.ts";
import { sssomTsv } from "./sssom_export.ts";
import { type LexiconFile, parseLexiconFiles } from "./lexicon_files.ts";
import { type CurationReport, curationReport } from "./curation_report.ts";
import { curationSummaryLines, curationWarnings } from "./curation_text.ts";
import { type CarryForward, carryInto, carryLine, type CurationOrigin } from "./carry_forward.ts";
import { staleWarnings } from "./stale_warnings.ts";
import type { BrowseRecord, CodeRecord, LexiconRecord } from "../../src/format/shard_records.ts";

/** Version reported when an input is absent. */
export const NO_VERSION = "none";

/** The compiled content and what the build reports about it. */
export interface CompiledContent {
  /** The mapping table's declared map_version, or NO_VERSION. */
  readonly mapVersion: string;
  readonly lexiconVersion: string;
  readonly browse: Map<string, BrowseRecord>;
  readonly lexicon: Map<string, LexiconRecord>;
  readonly counts: Record<string, number>;
  readonly coverage: Record<string, unknown>;
  readonly extras: BuildFile[];
  readonly curation: CurationReport;
  /** What `--strict` fails on. */
  readonly warnings: readonly BuildWarning[];
}

/** The content inputs, read and parsed once for every release they are compiled for. */
export interface ReadContent {
  readonly inputs: BuildInputs;
  readonly tree: { readonly name: string; readonly read: BrowseTreeFolderRead } | undefined;
  readonly table: MappingTable | undefined;
  /** The lexicon's files (none: no lexicon). */
  readonly lexicon: readonly LexiconFile[];
}

const encoder = new TextEncoder();

/** Reads the tree, the mapping table and the lexicon named by `inputs`. */
export async function readContent(inputs: BuildInputs, progress: Progress): Promise<ReadContent> {
  if (inputs.mappingTable !== undefined && inputs.browseTree === undefined) {
    throw new BuildError(
      inputs.mappingTable,
      "file",
      "a mapping table needs a browse tree in data/browse/<name>/",
    );
  }
  let tree: ReadContent["tree"];
  let table: MappingTable | undefined;
  if (inputs.browseTree !== undefined) {
    const { name, folder, files } = inputs.browseTree;
    tree = { name, read: await readBrowseTreeFolder(name, folder, files, progress) };
    if (inputs.mappingTable !== undefined) {
      progress.step(`reading mapping table ${inputs.mappingTable}`);
      const text = await Deno.readTextFile(inputs.mappingTable);
      table = parseMappingTable(text, inputs.mappingTable, tree.read.tree, name);
    }
  }
  const lexicon: LexiconFile[] = [];
  for (const file of inputs.lexicon) lexicon.push({ file, text: await Deno.readTextFile(file) });
  return { inputs, tree, table, lexicon };
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
  const { inputs } = read;
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

  if (read.tree !== undefined) {
    const { name, read: treeRead } = read.tree;
    const tree = treeRead.tree;
    counts.browse_nodes = tree.nodes.size;
    report.browse_tree = treeRead.report;
    report.duplicate_rows = treeRead.duplicate_rows;
    report.alternate_names = treeRead.alternate_names;
    warnings.push(...treeRead.warnings);
    const table = read.table ?? { source: "", metadata: new Map(), map_version: NO_VERSION, rows: [] };
    const carry = read.table && carryInto(gpcRelease, table.metadata.get("gpc_release"), origin);
    if (read.table !== undefined) {
      mapVersion = table.map_version;
      counts.mapping_rows = table.rows.length;
    } else {
      warn({
        file: `${inputs.dataDir}/mappings`,
        where: "",
        message: `no mapping table in ${inputs.dataDir}/mappings: every browse node answers gpc null`,
      });
    }
    const compiled = compileBrowseRecords(tree, table, codes, carry);
    browse = compiled.records;
    const figures = mappingCoverage(browse, compiled.stale_rows);
    coverage = { ...figures };
    report.coverage = figures;
    counts.stale_mapping_rows = compiled.stale_rows.length;
    if (carry !== undefined) {
      report.mapping_carried_from = carry.from;
      report.mapping_retitled = compiled.retitled_rows;
      noteCarry(
        "mapping table",
        table.source,
        carry,
        compiled.stale_rows.length,
        compiled.retitled_rows.length,
      );
    }
    progress.line(
      `browse tree ${name}: ${figures.nodes} nodes, ${figures.self} mapped, ${figures.inherited} inherited, ` +
        `${figures.unmapped} unmapped (${(figures.resolved_ratio * 100).toFixed(1)}% resolved, ` +
        `${figures.by_level.brick} at brick level)`,
    );
    // Content curated against a newer release than this one (an older release served for pinning): its
    // stale rows are right for the release they were curated for and no curation could mend them here, so
    // they are counted and listed in the build report, not printed one by one nor warnings `--strict`
    // fails on. Rows gone stale in a newer release are curation work: each is printed and warns.
    if (carry?.backward !== true) {
      for (const stale of compiled.stale_rows) {
        progress.line(
          `stale mapping row: ${inputs.mappingTable} line ${stale.line}: browse_id ${stale.browse_id} → ` +
            `${stale.gpc_code} (${stale.reason} in ${gpcRelease})`,
        );
      }
      warnings.push(...staleWarnings(table.source, gpcRelease, compiled.stale_rows, []));
    }
    if (read.table !== undefined) {
      extras.push({
        name: "mapping.sssom.tsv",
        bytes: encoder.encode(sssomTsv(tree, table, browse, {
          // GS1 publishes no IRIs for GPC codes and retailers none for browse nodes: URNs name them.
          mapping_set_id: table.metadata.get("mapping_set_id") ??
            `urn:gpc-reference:mapping:${name}:${table.map_version}`,
          license: table.metadata.get("license") ?? "https://creativecommons.org/publicdomain/zero/1.0/",
          subject_prefix: name.replace(/[^A-Za-z0-9]/g, "_"),
          subject_prefix_iri: `urn:gpc-reference:browse:${name}:`,
          gpc_prefix_iri: "urn:gs1:gpc:",
          gpc_release: gpcRelease,
        })),
      });
    }
  }

  let lexicon = new Map<string, LexiconRecord>();
  let lexiconVersion = NO_VERSION;
  let lexiconRows: Parameters<typeof curationReport>[0]["lexicon"];
  if (read.lexicon.length > 0) {
    progress.step(`compiling lexicon (${read.lexicon.length} files) for ${gpcRelease}`);
    const compiled = parseLexiconFiles(
      read.lexicon,
      codes,
      (declared) => carryInto(gpcRelease, declared, origin),
    );
    lexicon = compiled.records;
    lexiconVersion = compiled.lexicon_version;
    counts.lexicon_phrases = lexicon.size;
    counts.stale_lexicon_phrases = compiled.stale_phrases.length;
    report.lexicon_files = compiled.files.map(({ carry, ...file }) => ({
      ...file,
      carried_from: carry?.from ?? null,
    }));
    report.lexicon_inactive_bricks = compiled.inactive_bricks;
    report.lexicon_stale_phrases = compiled.stale_phrases;
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
    tree: read.tree?.read.tree,
    table: read.table,
    browse,
    lexicon: lexiconRows,
  });
  report.curation = curation;
  for (const line of curationSummaryLines(curation)) progress.line(line);
  warnings.push(...curationWarnings(curation));

  extras.push({ name: "build-report.json", bytes: encoder.encode(`${JSON.stringify(report, null, 2)}\n`) });
  return { mapVersion, lexiconVersion, browse, lexicon, counts, coverage, extras, curation, warnings };
}
