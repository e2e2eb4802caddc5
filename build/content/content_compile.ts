/**
 * The service's own content, compiled against the GPC release: the browse tree with the curated mapping
 * table (every node's effective mapping after inheritance), the phrase lexicon, the SSSOM export and the
 * coverage report.
 */
import { BuildError } from "../input/build_error.ts";
import type { BuildWarning } from "../input/build_warning.ts";
import type { PlacementIndex } from "../gpc/gpc_placements.ts";
import type { BuildInputs } from "../input/build_inputs.ts";
import type { BuildFile } from "../dist/dist_writer.ts";
import type { Progress } from "../progress.ts";
import { readBrowseTreeFolder } from "./browse_tree_folder.ts";
import { type MappingTable, parseMappingTable } from "./mapping_table_reader.ts";
import { compileBrowseRecords } from "./mapping_inheritance.ts";
import { mappingCoverage } from "./mapping_coverage.ts";
import { sssomTsv } from "./sssom_export.ts";
import { type LexiconRow, parseLexicon } from "./lexicon_reader.ts";
import type { BrowseTree } from "./browse_tree.ts";
import { type CurationReport, curationReport } from "./curation_report.ts";
import { curationSummaryLines, curationWarnings } from "./curation_text.ts";
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

const encoder = new TextEncoder();

/** Reads and compiles the tree, mapping table and lexicon named by `inputs`. */
export async function compileContent(
  inputs: BuildInputs,
  codes: ReadonlyMap<string, CodeRecord>,
  gpcRelease: string,
  placements: PlacementIndex,
  progress: Progress,
): Promise<CompiledContent> {
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
  let curatedTree: BrowseTree | undefined;
  let curatedTable: MappingTable | undefined;
  let lexiconRows: readonly LexiconRow[] = [];

  if (inputs.mappingTable !== undefined && inputs.browseTree === undefined) {
    throw new BuildError(
      inputs.mappingTable,
      "file",
      "a mapping table needs a browse tree in data/browse/<name>/",
    );
  }
  if (inputs.browseTree !== undefined) {
    const { name, folder, files } = inputs.browseTree;
    const read = await readBrowseTreeFolder(name, folder, files, progress);
    const tree = read.tree;
    curatedTree = tree;
    counts.browse_nodes = tree.nodes.size;
    report.browse_tree = read.report;
    report.duplicate_rows = read.duplicate_rows;
    report.alternate_names = read.alternate_names;
    warnings.push(...read.warnings);
    let table: MappingTable = { source: "", metadata: new Map(), map_version: NO_VERSION, rows: [] };
    if (inputs.mappingTable !== undefined) {
      progress.step(`reading mapping table ${inputs.mappingTable}`);
      table = parseMappingTable(
        await Deno.readTextFile(inputs.mappingTable),
        inputs.mappingTable,
        tree,
        name,
      );
      const declaredRelease = table.metadata.get("gpc_release");
      if (declaredRelease !== undefined && declaredRelease !== gpcRelease) {
        warn({
          file: inputs.mappingTable,
          where: "metadata",
          message: `mapping table was curated against ${declaredRelease}, compiling against ${gpcRelease}`,
        });
      }
      mapVersion = table.map_version;
      counts.mapping_rows = table.rows.length;
      curatedTable = table;
    } else {
      warn({
        file: `${inputs.dataDir}/mappings`,
        where: "",
        message: `no mapping table in ${inputs.dataDir}/mappings: every browse node answers gpc null`,
      });
    }
    const compiled = compileBrowseRecords(tree, table, codes);
    browse = compiled.records;
    const figures = mappingCoverage(browse, compiled.stale_rows);
    coverage = { ...figures };
    report.coverage = figures;
    progress.line(
      `browse tree ${name}: ${figures.nodes} nodes, ${figures.self} mapped, ${figures.inherited} inherited, ` +
        `${figures.unmapped} unmapped (${(figures.resolved_ratio * 100).toFixed(1)}% resolved, ` +
        `${figures.by_level.brick} at brick level)`,
    );
    for (const stale of compiled.stale_rows) {
      progress.line(
        `stale mapping row: ${inputs.mappingTable} line ${stale.line}: browse_id ${stale.browse_id} → ` +
          `${stale.gpc_code} (${stale.reason})`,
      );
    }
    if (inputs.mappingTable !== undefined) {
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
  if (inputs.lexicon !== undefined) {
    progress.step(`reading lexicon ${inputs.lexicon}`);
    const compiled = parseLexicon(await Deno.readTextFile(inputs.lexicon), inputs.lexicon, codes);
    lexicon = compiled.records;
    lexiconVersion = compiled.lexicon_version;
    counts.lexicon_phrases = lexicon.size;
    report.lexicon_inactive_bricks = compiled.inactive_bricks;
    lexiconRows = compiled.rows;
    progress.line(`lexicon ${lexiconVersion}: ${lexicon.size} phrases`);
  }

  const curation = curationReport({
    codes,
    placements,
    tree: curatedTree,
    table: curatedTable,
    browse,
    lexicon: inputs.lexicon === undefined ? undefined : { file: inputs.lexicon, rows: lexiconRows },
  });
  report.curation = curation;
  for (const line of curationSummaryLines(curation)) progress.line(line);
  warnings.push(...curationWarnings(curation));

  extras.push({ name: "build-report.json", bytes: encoder.encode(`${JSON.stringify(report, null, 2)}\n`) });
  return { mapVersion, lexiconVersion, browse, lexicon, counts, coverage, extras, curation, warnings };
}
