/**
 * One browse tree compiled for one release: every node's effective mapping after inheritance, the coverage
 * figures, the stale rows (warnings unless the table was curated against a newer release), the SSSOM export
 * and what the build report says of the tree.
 */
import type { BuildWarning } from "../input/build_warning.ts";
import type { BuildFile } from "../dist/dist_writer.ts";
import type { Progress } from "../progress.ts";
import type { MappingTable } from "./mapping_table_reader.ts";
import { compileBrowseRecords } from "./mapping_inheritance.ts";
import { mappingCoverage } from "./mapping_coverage.ts";
import { sssomTsv } from "./sssom_export.ts";
import { type CarryForward, carryInto, type CurationOrigin } from "./carry_forward.ts";
import { staleWarnings } from "./stale_warnings.ts";
import type { ReadTree } from "./content_trees.ts";
import type { BrowseRecord, CodeRecord } from "../../src/format/shard_records.ts";

/** Version reported when an input is absent. */
export const NO_VERSION = "none";

/** One tree compiled for a release. */
export interface CompiledTree {
  readonly name: string;
  /** classify's `tree` value. */
  readonly request: string;
  readonly default: boolean;
  /** The table's declared map_version, or NO_VERSION. */
  readonly mapVersion: string;
  readonly browse: Map<string, BrowseRecord>;
  readonly counts: Record<string, number>;
  readonly coverage: Record<string, unknown>;
  /** The tree's part of the build report. */
  readonly report: Record<string, unknown>;
  readonly extras: BuildFile[];
  readonly warnings: BuildWarning[];
  /** The table and tree the curation report reads. */
  readonly table: MappingTable | undefined;
  /** How the table was carried into this release (undefined: curated for it). */
  readonly carry: CarryForward | undefined;
}

const encoder = new TextEncoder();

/** Compiles `tree` for the release `gpcRelease` whose codes are `codes`. */
export function compileTree(
  tree: ReadTree,
  codes: ReadonlyMap<string, CodeRecord>,
  gpcRelease: string,
  progress: Progress,
  noteCarry: (what: string, file: string, carry: CarryForward, stale: number, retitled: number) => void,
  origin?: CurationOrigin,
): CompiledTree {
  const nodes = tree.read.tree;
  const warnings: BuildWarning[] = [...tree.read.warnings];
  const counts: Record<string, number> = { browse_nodes: nodes.nodes.size };
  const report: Record<string, unknown> = {
    name: tree.name,
    request: tree.request,
    browse_tree: tree.read.report,
    duplicate_rows: tree.read.duplicate_rows,
    alternate_names: tree.read.alternate_names,
  };
  const table = tree.table ?? { source: "", metadata: new Map(), map_version: NO_VERSION, rows: [] };
  const carry = tree.table && carryInto(gpcRelease, table.metadata.get("gpc_release"), origin);
  if (tree.table !== undefined) counts.mapping_rows = table.rows.length;
  else {
    const warning = {
      file: tree.read.report.files === undefined ? tree.name : String(tree.read.report.files),
      where: "",
      message: `no mapping table for browse tree ${tree.name}: every node answers gpc null`,
    };
    warnings.push(warning);
    progress.line(`warning: ${warning.message}`);
  }
  const compiled = compileBrowseRecords(nodes, table, codes, carry);
  const figures = mappingCoverage(compiled.records, compiled.stale_rows);
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
    `browse tree ${tree.name} (tree=${tree.request}${
      tree.default ? ", default" : ""
    }): ${figures.nodes} nodes, ` +
      `${figures.self} mapped, ${figures.inherited} inherited, ${figures.unmapped} unmapped ` +
      `(${(figures.resolved_ratio * 100).toFixed(1)}% resolved, ${figures.by_level.brick} at brick level)`,
  );
  // Content curated against a newer release than this one (an older release served for pinning): its stale
  // rows are right for the release they were curated for and no curation could mend them here, so they are
  // counted and listed in the build report, not printed one by one nor warnings `--strict` fails on. Rows
  // gone stale in a newer release are curation work: each is printed and warns.
  if (carry?.backward !== true) {
    for (const stale of compiled.stale_rows) {
      progress.line(
        `stale mapping row: ${table.source} line ${stale.line}: browse_id ${stale.browse_id} → ` +
          `${stale.gpc_code} (${stale.reason} in ${gpcRelease})`,
      );
    }
    warnings.push(...staleWarnings(table.source, gpcRelease, compiled.stale_rows, []));
  }
  const extras: BuildFile[] = [];
  if (tree.table !== undefined) {
    extras.push({
      name: tree.default ? "mapping.sssom.tsv" : `mapping.${tree.request}.sssom.tsv`,
      bytes: encoder.encode(sssomTsv(nodes, table, compiled.records, {
        // GS1 publishes no IRIs for GPC codes and retailers none for browse nodes: URNs name them.
        mapping_set_id: table.metadata.get("mapping_set_id") ??
          `urn:gpc-reference:mapping:${tree.name}:${table.map_version}`,
        license: table.metadata.get("license") ?? "https://creativecommons.org/publicdomain/zero/1.0/",
        subject_prefix: tree.name.replace(/[^A-Za-z0-9]/g, "_"),
        subject_prefix_iri: `urn:gpc-reference:browse:${tree.name}:`,
        gpc_prefix_iri: "urn:gs1:gpc:",
        gpc_release: gpcRelease,
      })),
    });
  }
  return {
    name: tree.name,
    request: tree.request,
    default: tree.default,
    mapVersion: table.map_version,
    browse: compiled.records,
    counts,
    coverage: { ...figures },
    report,
    extras,
    warnings,
    table: tree.table,
    carry,
  };
}
