/**
 * Reads the curated links from catalog categories to GS1 GPC nodes (data/catalog/category_gpc.csv), with the
 * discipline of the mapping table (data/mappings/): reviewed rows, a stated relation and review state, and a
 * report of what stays unlinked.
 *
 * Format: metadata lines `# table_version: <version>` (required, printable ASCII without spaces) and
 * `# gpc_release: <release>` (the release the rows were checked against), then RFC 4180 CSV with the header
 * `country,category,gpc_code,match_precision,assurance_state,note`:
 * - `country`: us or ca;
 * - `category`: a category path exactly as the country's snapshots write it (`Pantry > Bread`);
 * - `gpc_code`: 8 digits, a segment, family, class or brick of the release;
 * - `match_precision`: exactMatch | narrowerThan | broaderThan | closeMatch, source = the catalog category,
 *   target = the GPC node (the mapping table's vocabulary);
 * - `assurance_state`: verified (the GPC node's Includes/Excludes were read against the category's products)
 *   or provisional;
 * - `note`: what decided the row.
 * A malformed row, an unknown country or a (country, category) given twice is a BuildError naming the line. A
 * row whose category no snapshot of the country holds, or whose code the release lacks (or holds as an
 * attribute, or inactive), is stale: reported, not linked, and the build goes on, so a new snapshot or GPC
 * release never blocks a build.
 */
import { BuildError } from "../input/build_error.ts";
import type { CodeRecord } from "../../src/format/shard_records.ts";
import {
  type CatalogCountry,
  type CatalogSnapshot,
  CATEGORY_SEPARATOR,
  COUNTRY_CURRENCY,
} from "./catalog_snapshot_reader.ts";
import { readCuratedTable, rowCountry } from "./curated_table.ts";

/** A relation a curator may state, read from the catalog category to the GPC node. */
export type CategoryPrecision = "exactMatch" | "narrowerThan" | "broaderThan" | "closeMatch";

/** One linked category. */
export interface CategoryGpcRow {
  readonly country: CatalogCountry;
  /** The category path as the snapshots write it. */
  readonly category: string;
  readonly gpc_code: string;
  readonly match_precision: CategoryPrecision;
  readonly assurance_state: "verified" | "provisional";
  readonly note: string;
  readonly line: number;
}

/** Why a row links nothing. */
export type CategoryStaleReason = "category_absent" | "code_absent" | "code_inactive" | "code_not_a_node";

/** What the table links and leaves unlinked, per country. */
export interface CategoryGpcReport {
  /** Categories with a live row. */
  readonly linked: Readonly<Record<CatalogCountry, number>>;
  /** Observations in linked categories. */
  readonly linked_observations: Readonly<Record<CatalogCountry, number>>;
  /** Categories without a live row, most observations first (then by path). */
  readonly unlinked: Readonly<
    Record<CatalogCountry, readonly { readonly category: string; readonly observations: number }[]>
  >;
  readonly stale_rows: readonly {
    readonly line: number;
    readonly country: CatalogCountry;
    readonly category: string;
    readonly gpc_code: string;
    readonly reason: CategoryStaleReason;
  }[];
}

/** The category paths of each country and how many observations each holds. */
export type CatalogCategories = ReadonlyMap<CatalogCountry, ReadonlyMap<string, number>>;

/** A parsed link table: its live rows and the report. */
export interface CategoryGpcTable {
  readonly table_version: string;
  readonly gpc_release: string;
  readonly rows: readonly CategoryGpcRow[];
  readonly report: CategoryGpcReport;
}

const COLUMNS = ["country", "category", "gpc_code", "match_precision", "assurance_state", "note"];
const PRECISIONS = ["exactMatch", "narrowerThan", "broaderThan", "closeMatch"];
const STATES = ["verified", "provisional"];

/** The category paths of `snapshots` by country, with their observation counts. */
export function catalogCategories(snapshots: readonly CatalogSnapshot[]): CatalogCategories {
  const categories = new Map<CatalogCountry, Map<string, number>>();
  for (const snapshot of snapshots) {
    const paths = categories.get(snapshot.metadata.country) ?? new Map<string, number>();
    categories.set(snapshot.metadata.country, paths);
    for (const row of snapshot.observations) {
      const path = row.category.join(CATEGORY_SEPARATOR);
      paths.set(path, (paths.get(path) ?? 0) + 1);
    }
  }
  return categories;
}

/** Parses the link table against the snapshots' categories and the release's codes. */
export function parseCategoryGpcTable(
  text: string,
  file: string,
  categories: CatalogCategories,
  codes: ReadonlyMap<string, CodeRecord>,
): CategoryGpcTable {
  const { metadata, table_version: tableVersion, records } = readCuratedTable(text, file, COLUMNS);
  const rows: CategoryGpcRow[] = [];
  const stale: CategoryGpcReport["stale_rows"][number][] = [];
  const lineOf = new Map<string, number>();
  for (const record of records) {
    const where = `line ${record.line}`;
    const value = (column: string) => record.get(column).trim();
    const country = rowCountry(value("country"), file, where);
    const category = value("category"), code = value("gpc_code");
    const precision = value("match_precision"), state = value("assurance_state");
    if (category === "") throw new BuildError(file, where, "category is empty");
    const key = `${country}\u001f${category}`;
    const earlier = lineOf.get(key);
    if (earlier !== undefined) {
      throw new BuildError(
        file,
        where,
        `${country} category "${category}" is already linked on line ${earlier}`,
      );
    }
    lineOf.set(key, record.line);
    if (!/^\d{8}$/.test(code)) throw new BuildError(file, where, `gpc_code "${code}" is not 8 digits`);
    if (!PRECISIONS.includes(precision)) {
      throw new BuildError(
        file,
        where,
        `match_precision "${precision}" is not one of ${PRECISIONS.join(", ")}`,
      );
    }
    if (!STATES.includes(state)) {
      throw new BuildError(file, where, `assurance_state "${state}" is not one of ${STATES.join(", ")}`);
    }
    const row: CategoryGpcRow = {
      country,
      category,
      gpc_code: code,
      match_precision: precision as CategoryPrecision,
      assurance_state: state as CategoryGpcRow["assurance_state"],
      note: value("note"),
      line: record.line,
    };
    const reason = staleReason(row, categories, codes);
    if (reason === undefined) rows.push(row);
    else stale.push({ line: row.line, country: row.country, category, gpc_code: code, reason });
  }
  return {
    table_version: tableVersion,
    gpc_release: metadata.get("gpc_release") ?? "",
    rows,
    report: report(rows, stale, categories),
  };
}

function staleReason(
  row: CategoryGpcRow,
  categories: CatalogCategories,
  codes: ReadonlyMap<string, CodeRecord>,
): CategoryStaleReason | undefined {
  if (!categories.get(row.country)?.has(row.category)) return "category_absent";
  return codeStaleReason(row.gpc_code, codes);
}

/** Why `code` cannot be linked to (absent, an attribute, inactive), or undefined when it is a live node. */
export function codeStaleReason(
  code: string,
  codes: ReadonlyMap<string, CodeRecord>,
): "code_absent" | "code_not_a_node" | "code_inactive" | undefined {
  const record = codes.get(code);
  if (record === undefined) return "code_absent";
  if (record.node === undefined) return "code_not_a_node";
  return record.active ? undefined : "code_inactive";
}

function report(
  rows: readonly CategoryGpcRow[],
  stale: CategoryGpcReport["stale_rows"],
  categories: CatalogCategories,
): CategoryGpcReport {
  const countries = Object.keys(COUNTRY_CURRENCY) as CatalogCountry[];
  const linked = {} as Record<CatalogCountry, number>;
  const observations = {} as Record<CatalogCountry, number>;
  const unlinked = {} as Record<CatalogCountry, { category: string; observations: number }[]>;
  for (const country of countries) {
    const live = new Set(rows.filter((row) => row.country === country).map((row) => row.category));
    const paths = [...(categories.get(country) ?? new Map<string, number>())];
    linked[country] = live.size;
    observations[country] = paths.filter(([path]) => live.has(path)).reduce(
      (sum, [, count]) => sum + count,
      0,
    );
    unlinked[country] = paths
      .filter(([path]) => !live.has(path))
      .map(([category, count]) => ({ category, observations: count }))
      .sort((a, b) =>
        b.observations - a.observations || (a.category < b.category ? -1 : a.category > b.category ? 1 : 0)
      );
  }
  return { linked, linked_observations: observations, unlinked, stale_rows: stale };
}
