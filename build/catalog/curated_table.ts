/**
 * What the curated tables of data/catalog/ (category_gpc.csv, official_series.csv) share: leading metadata
 * with a required `# table_version:` (printable ASCII without spaces), an RFC 4180 body read against its
 * header, and a `country` column holding us or ca.
 */
import { BuildError } from "../input/build_error.ts";
import { type CsvRecord, csvTable, parseCsv, requiredVersion, splitCsvMetadata } from "../input/csv_parse.ts";
import { type CatalogCountry, COUNTRY_CURRENCY } from "./catalog_snapshot_reader.ts";

/** A curated table read: its metadata, declared version and data rows. */
export interface CuratedTable {
  readonly metadata: ReadonlyMap<string, string>;
  readonly table_version: string;
  readonly records: readonly CsvRecord[];
}

/** Reads a curated table whose header holds `columns`; BuildError naming the file on a problem. */
export function readCuratedTable(text: string, file: string, columns: readonly string[]): CuratedTable {
  const { metadata, body, bodyLine } = splitCsvMetadata(text, file);
  const tableVersion = requiredVersion(metadata, "table_version", file);
  return {
    metadata,
    table_version: tableVersion,
    records: csvTable(parseCsv(body, file, bodyLine), file, columns).rows,
  };
}

/** The country of a row (`value` trimmed); BuildError naming the row when it is not us or ca. */
export function rowCountry(value: string, file: string, where: string): CatalogCountry {
  const country = value.trim();
  if (!Object.hasOwn(COUNTRY_CURRENCY, country)) {
    throw new BuildError(
      file,
      where,
      `country "${country}" is not one of ${Object.keys(COUNTRY_CURRENCY).join(", ")}`,
    );
  }
  return country as CatalogCountry;
}
