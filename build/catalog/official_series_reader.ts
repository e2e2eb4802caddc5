/**
 * Reads the curated links from official average-price series to what the catalog and GPC call the same
 * product type (data/catalog/official_series.csv), so the inflation endpoint can show the agencies' levels
 * beside the catalog's own prices.
 *
 * Format: metadata lines `# table_version: <version>` (required) and `# gpc_release: <release>`, then RFC
 * 4180 CSV with the header `country,series,link,note`:
 * - `country`: us or ca;
 * - `series`: a series exactly as official_prices_reader.ts names it (`White bread, 675 grams`, `Apples,
 *   Fresh`);
 * - `link`: an 8-digit GPC code of the release, or a category path of that country's snapshots;
 * - `note`: why the two are the same product type (and where the category is broader).
 * A series may have several links; a (country, series, link) given twice, an unknown country or an empty
 * field is a BuildError naming the line. A link to a series the official files lack, a category no snapshot
 * holds or a code the release lacks is stale: reported, not linked.
 */
import { BuildError } from "../input/build_error.ts";
import { readCuratedTable, rowCountry } from "./curated_table.ts";
import type { CodeRecord } from "../../src/format/shard_records.ts";
import { type CatalogCountry, COUNTRY_CURRENCY } from "./catalog_snapshot_reader.ts";
import { type CatalogCategories, codeStaleReason } from "./category_gpc_reader.ts";

/** One live link of an official series. */
export interface OfficialSeriesLink {
  readonly country: CatalogCountry;
  readonly series: string;
  /** A GPC code or a category path. */
  readonly link: string;
  readonly link_kind: "gpc" | "category";
  readonly note: string;
  readonly line: number;
}

/** Why a link row links nothing. */
export type SeriesStaleReason =
  | "series_absent"
  | "category_absent"
  | "code_absent"
  | "code_inactive"
  | "code_not_a_node";

/** How many official series the table links, per country, and its stale rows. */
export interface OfficialSeriesReport {
  /** Series with at least one live link. */
  readonly linked_series: Readonly<Record<CatalogCountry, number>>;
  /** Series the official files hold. */
  readonly series: Readonly<Record<CatalogCountry, number>>;
  readonly stale_rows: readonly {
    readonly line: number;
    readonly country: CatalogCountry;
    readonly series: string;
    readonly link: string;
    readonly reason: SeriesStaleReason;
  }[];
}

/** A parsed series link table. */
export interface OfficialSeriesTable {
  readonly table_version: string;
  readonly links: readonly OfficialSeriesLink[];
  readonly report: OfficialSeriesReport;
}

const COLUMNS = ["country", "series", "link", "note"];

/** Parses the link table against the official series, the snapshots' categories and the release's codes. */
export function parseOfficialSeriesTable(
  text: string,
  file: string,
  series: ReadonlyMap<CatalogCountry, ReadonlySet<string>>,
  categories: CatalogCategories,
  codes: ReadonlyMap<string, CodeRecord>,
): OfficialSeriesTable {
  const { table_version: tableVersion, records } = readCuratedTable(text, file, COLUMNS);
  const links: OfficialSeriesLink[] = [];
  const stale: OfficialSeriesReport["stale_rows"][number][] = [];
  const lineOf = new Map<string, number>();
  for (const record of records) {
    const where = `line ${record.line}`;
    const country = rowCountry(record.get("country"), file, where), name = record.get("series").trim();
    const link = record.get("link").trim();
    if (name === "" || link === "") throw new BuildError(file, where, "series or link is empty");
    const key = `${country}\u001f${name}\u001f${link}`;
    const earlier = lineOf.get(key);
    if (earlier !== undefined) {
      throw new BuildError(
        file,
        where,
        `${country} series "${name}" is already linked to "${link}" on line ${earlier}`,
      );
    }
    lineOf.set(key, record.line);
    const row: OfficialSeriesLink = {
      country,
      series: name,
      link,
      link_kind: /^\d{8}$/.test(link) ? "gpc" : "category",
      note: record.get("note").trim(),
      line: record.line,
    };
    const reason: SeriesStaleReason | undefined = !series.get(row.country)?.has(name)
      ? "series_absent"
      : row.link_kind === "gpc"
      ? codeStaleReason(link, codes)
      : categories.get(row.country)?.has(link)
      ? undefined
      : "category_absent";
    if (reason === undefined) links.push(row);
    else stale.push({ line: row.line, country: row.country, series: name, link, reason });
  }
  const countries = Object.keys(COUNTRY_CURRENCY) as CatalogCountry[];
  const count = (f: (country: CatalogCountry) => number) =>
    Object.fromEntries(countries.map((c) => [c, f(c)])) as Record<CatalogCountry, number>;
  return {
    table_version: tableVersion,
    links,
    report: {
      linked_series: count((c) => new Set(links.filter((l) => l.country === c).map((l) => l.series)).size),
      series: count((c) => series.get(c)?.size ?? 0),
      stale_rows: stale,
    },
  };
}
