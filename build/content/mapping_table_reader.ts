/**
 * Reads the curated mapping table: browse node → GPC node, with the relation and its review state.
 *
 * Format: leading metadata lines `# key: value` (`map_version` required: the curators' version, printable
 * ASCII without spaces because it goes into the X-Map-Version header; `browse_tree` names the tree the ids
 * belong to, `gpc_release` the release they were checked against), then RFC 4180 CSV with the header
 * `browse_id,gpc_code,match_precision,assurance_state,note`.
 *
 * - `browse_id`: a node of the browse tree (1 to 20 digits), at most one row per node;
 * - `gpc_code`: 8 digits (whether the release knows it is decided later: an unknown code makes the row
 *   stale, not the build fail, so a new GPC release never blocks a build);
 * - `match_precision`: exactMatch | narrowerThan | broaderThan | closeMatch, read with the browse node as
 *   the source and the GPC node as the target (see `PRECISION_DIRECTION`);
 * - `assurance_state`: verified | provisional;
 * - `note`: free text for curators.
 *
 * A table may also describe its tree: with a `path` column it holds one row per node of the tree (the tree is
 * derived from the paths, path_tree.ts), and a row with empty `gpc_code`, `match_precision` and
 * `assurance_state` names a node without a mapping of its own (it inherits; its note may say why).
 *
 * Anything else is a BuildError naming the file and the line of the row. A table written for another tree
 * (its `browse_tree` names another tree, or most of its rows name ids this tree lacks) fails with one
 * message saying so and counting the foreign rows, rather than on its first foreign row.
 */
import { GPC_CODE } from "../gpc/gpc_validate.ts";
import { BuildError } from "../input/build_error.ts";
import { csvTable, parseCsv, requiredVersion, splitCsvMetadata } from "../input/csv_parse.ts";
import { BROWSE_ID } from "./browse_tree_reader.ts";
import type { BrowseTree } from "./browse_tree.ts";
import { hasPathColumn } from "./path_tree.ts";

/** A relation a curator may state (`inherited` is only ever derived). */
export type CuratedPrecision = "exactMatch" | "narrowerThan" | "broaderThan" | "closeMatch";

/** A state a curator may state (`stale` is only ever derived). */
export type CuratedState = "verified" | "provisional";

/** One row of the mapping table. */
export interface MappingRow {
  readonly browse_id: string;
  readonly gpc_code: string;
  readonly match_precision: CuratedPrecision;
  readonly assurance_state: CuratedState;
  readonly note: string;
  /** Line the row starts on. */
  readonly line: number;
}

/** A parsed and checked mapping table. */
export interface MappingTable {
  readonly source: string;
  readonly metadata: ReadonlyMap<string, string>;
  readonly map_version: string;
  /** Rows in file order. */
  readonly rows: readonly MappingRow[];
}

/**
 * What each precision says, source = browse node, target = GPC node, and its SKOS predicate. Pinned by a
 * test: it is the meaning of every mapping row.
 */
export const PRECISION_DIRECTION: Readonly<Record<CuratedPrecision, { meaning: string; skos: string }>> = {
  exactMatch: { meaning: "the browse node and the GPC node have the same scope", skos: "skos:exactMatch" },
  narrowerThan: { meaning: "the browse node is narrower than the GPC node", skos: "skos:broadMatch" },
  broaderThan: { meaning: "the browse node is broader than the GPC node", skos: "skos:narrowMatch" },
  closeMatch: { meaning: "similar scope, not interchangeable", skos: "skos:closeMatch" },
};

const COLUMNS = ["browse_id", "gpc_code", "match_precision", "assurance_state", "note"];
const PRECISIONS = new Set<string>(Object.keys(PRECISION_DIRECTION));
const STATES = new Set<string>(["verified", "provisional"]);

/**
 * Parses the mapping table against the browse tree named `treeName` (its folder name; without it, the
 * `browse_tree` line is not compared); throws BuildError naming the row of any problem.
 */
export function parseMappingTable(
  text: string,
  file: string,
  tree: BrowseTree,
  treeName?: string,
): MappingTable {
  const { metadata, body, bodyLine } = splitCsvMetadata(text, file);
  const mapVersion = requiredVersion(metadata, "map_version", file);
  const table = csvTable(parseCsv(body, file, bodyLine), file, COLUMNS);
  const foreign = table.rows.filter((row) => {
    const id = row.get("browse_id").trim();
    return BROWSE_ID.test(id) && !tree.nodes.has(id);
  }).length;
  const thisTree = treeName === undefined ? tree.source : `"${treeName}" (${tree.source})`;
  const declared = metadata.get("browse_tree");
  if (treeName !== undefined && declared !== undefined && declared !== treeName) {
    throw new BuildError(
      file,
      "metadata",
      `browse_tree "${declared}" is not this tree ${thisTree}: ${foreign} of the table's ` +
        `${table.rows.length} rows name ids that are not nodes of this tree`,
    );
  }
  if (foreign * 2 > table.rows.length) {
    throw new BuildError(
      file,
      "rows",
      `the table's browse_tree is not this tree ${thisTree}: ${foreign} of its ${table.rows.length} rows ` +
        "name ids that are not nodes of this tree",
    );
  }
  const rows: MappingRow[] = [];
  const lineOf = new Map<string, number>();
  const describesTree = hasPathColumn(text, file);
  for (const row of table.rows) {
    const where = `line ${row.line}`;
    const browseId = row.get("browse_id").trim();
    const gpcCode = row.get("gpc_code").trim();
    const precision = row.get("match_precision").trim();
    const state = row.get("assurance_state").trim();
    if (describesTree && gpcCode === "" && precision === "" && state === "") continue;
    if (!BROWSE_ID.test(browseId)) {
      throw new BuildError(file, where, `browse_id "${browseId}" is not 1 to 20 digits`);
    }
    if (!tree.nodes.has(browseId)) {
      throw new BuildError(
        file,
        where,
        `browse_id ${browseId} is not a node of the browse tree ${tree.source}` +
          (foreign > 1
            ? ` (${foreign} of the table's ${table.rows.length} rows name ids absent from the tree; this is the first)`
            : ""),
      );
    }
    const earlier = lineOf.get(browseId);
    if (earlier !== undefined) {
      throw new BuildError(file, where, `browse_id ${browseId} is already mapped on line ${earlier}`);
    }
    if (!GPC_CODE.test(gpcCode)) throw new BuildError(file, where, `gpc_code "${gpcCode}" is not 8 digits`);
    if (!PRECISIONS.has(precision)) {
      throw new BuildError(
        file,
        where,
        `match_precision "${precision}" is not one of ${[...PRECISIONS].join(", ")}`,
      );
    }
    if (!STATES.has(state)) {
      throw new BuildError(file, where, `assurance_state "${state}" is not one of ${[...STATES].join(", ")}`);
    }
    lineOf.set(browseId, row.line);
    rows.push({
      browse_id: browseId,
      gpc_code: gpcCode,
      match_precision: precision as CuratedPrecision,
      assurance_state: state as CuratedState,
      note: row.get("note").trim(),
      line: row.line,
    });
  }
  return { source: file, metadata, map_version: mapVersion, rows };
}
