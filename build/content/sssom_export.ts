/**
 * Exports the effective mapping (after inheritance) as SSSOM TSV, so the mapping can be reviewed and reused
 * with the usual mapping tools.
 *
 * The file is a `#`-prefixed YAML metadata block (curie_map, mapping_set_id, mapping_set_version = the
 * table's map_version, license, object_source_version = the GPC release, mapping_date only when the table's
 * metadata has `mapping_date: YYYY-MM-DD`: never the clock, so identical inputs give identical bytes), then
 * one row per resolved browse node, by numeric id, with the columns of `SSSOM_COLUMNS`. Unmapped nodes have
 * no row. Predicates follow `PRECISION_DIRECTION` (source = browse node):
 *
 * | match_precision | predicate_id      | why |
 * |-----------------|-------------------|-----|
 * | exactMatch      | skos:exactMatch   | same scope |
 * | narrowerThan    | skos:broadMatch   | the GPC node is broader than the browse node |
 * | broaderThan     | skos:narrowMatch  | the GPC node is narrower than the browse node |
 * | closeMatch      | skos:closeMatch   | similar scope |
 * | inherited       | skos:relatedMatch | borrowed from an ancestor whose relation does not carry over: only an association is known |
 *
 * mapping_justification is semapv:ManualMappingCuration for a node's own row and semapv:MappingChaining for
 * an inherited one (derived by chaining the node → ancestor link with the ancestor's curated mapping).
 * confidence is a fixed number per assurance state (`SSSOM_CONFIDENCE`). Tabs and line breaks inside a
 * value become spaces.
 */
import type { BrowseTree } from "./browse_tree.ts";
import { compareNumericIds } from "./browse_tree.ts";
import { type MappingTable, PRECISION_DIRECTION } from "./mapping_table_reader.ts";
import type { AssuranceState, BrowseRecord, MatchPrecision } from "../../src/format/shard_records.ts";

/** Where the export's identifiers live and under which terms it is published. */
export interface SssomOptions {
  /** IRI of the mapping set. */
  readonly mapping_set_id: string;
  /** IRI of the licence of the mapping set. */
  readonly license: string;
  /** CURIE prefix of the browse tree's ids (e.g. `amzn`) and the IRI it expands to. */
  readonly subject_prefix: string;
  readonly subject_prefix_iri: string;
  /** IRI the `gpc:` prefix expands to. */
  readonly gpc_prefix_iri: string;
  /** The GPC release the objects come from (`v<YYYYMMDD>`). */
  readonly gpc_release: string;
}

/** The columns of the export, in order. */
export const SSSOM_COLUMNS = [
  "subject_id",
  "subject_label",
  "predicate_id",
  "object_id",
  "object_label",
  "mapping_justification",
  "confidence",
  "comment",
] as const;

/** Predicate of every precision a record can carry. */
export const SSSOM_PREDICATE: Readonly<Record<MatchPrecision, string>> = {
  exactMatch: PRECISION_DIRECTION.exactMatch.skos,
  narrowerThan: PRECISION_DIRECTION.narrowerThan.skos,
  broaderThan: PRECISION_DIRECTION.broaderThan.skos,
  closeMatch: PRECISION_DIRECTION.closeMatch.skos,
  inherited: "skos:relatedMatch",
};

/** Confidence per assurance state: reviewed, curated but unreviewed, pointing at a withdrawn GPC node. */
export const SSSOM_CONFIDENCE: Readonly<Record<AssuranceState, string>> = {
  verified: "0.95",
  provisional: "0.75",
  stale: "0.5",
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Renders the SSSOM TSV of the records of `tree` (as compileBrowseRecords made them from `table`). */
export function sssomTsv(
  tree: BrowseTree,
  table: MappingTable,
  records: ReadonlyMap<string, BrowseRecord>,
  options: SssomOptions,
): string {
  const prefix = options.subject_prefix;
  const curies: [string, string][] = [
    [prefix, options.subject_prefix_iri],
    ["gpc", options.gpc_prefix_iri],
    ["semapv", "https://w3id.org/semapv/vocab/"],
    ["skos", "http://www.w3.org/2004/02/skos/core#"],
  ];
  const date = table.metadata.get("mapping_date") ?? "";
  const yaml = [
    "curie_map:",
    ...curies.map(([name, iri]) => `  ${name}: ${JSON.stringify(iri)}`),
    `mapping_set_id: ${JSON.stringify(options.mapping_set_id)}`,
    `mapping_set_version: ${JSON.stringify(table.map_version)}`,
    `license: ${JSON.stringify(options.license)}`,
    `object_source_version: ${JSON.stringify(options.gpc_release)}`,
    ...(DATE.test(date) ? [`mapping_date: ${JSON.stringify(date)}`] : []),
  ];
  const notes = new Map(table.rows.map((row) => [row.browse_id, row.note]));
  const lines = yaml.map((line) => `#${line}`);
  lines.push(SSSOM_COLUMNS.join("\t"));
  const ids = [...records.keys()].sort(compareNumericIds);
  for (const id of ids) {
    const record = records.get(id)!;
    if (record.gpc === null || record.match_precision === null || record.assurance_state === null) continue;
    const from = record.inherited_from;
    const comment = from === null
      ? notes.get(id) ?? ""
      : `inherited from ${prefix}:${from} (${tree.nodes.get(from)?.name ?? ""})`;
    const cells = [
      `${prefix}:${id}`,
      tree.nodes.get(id)?.name ?? "",
      SSSOM_PREDICATE[record.match_precision],
      `gpc:${record.gpc.code}`,
      record.gpc.title,
      from === null ? "semapv:ManualMappingCuration" : "semapv:MappingChaining",
      SSSOM_CONFIDENCE[record.assurance_state],
      comment,
    ];
    lines.push(cells.map((cell) => cell.replace(/[\t\r\n]+/g, " ")).join("\t"));
  }
  return lines.join("\n") + "\n";
}
