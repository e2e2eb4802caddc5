/**
 * Reads a catalog snapshot: one CSV file of dated price observations for one country (format in
 * data/catalog/README.md).
 *
 * ```
 * # snapshot_version: 2
 * # country: ca
 * # currency: CAD
 * # source: Calgary (Seton) grocery flyers, see ca_calgary_flyers.SOURCE.md
 * observation_id,product,brand,retailer,country,category,price,currency,observed_at,unit,is_deal,valid_until,source_name
 * ca-flyer-000005,Lactantia Butter,Lactantia,Sobeys,ca,Dairy & Eggs > Butter,5.99,CAD,2025-12-17,,true,2025-12-24,"LACTANTIA BUTTER, 454 g"
 * ```
 *
 * Every value is checked here, so the statistics and later price analytics can trust every observation:
 * a problem is a BuildError naming the file and the row (with its line).
 */
import { BuildError } from "../input/build_error.ts";
import { csvTable, parseCsv, splitCsvMetadata } from "../input/csv_parse.ts";
import { parseObservedAt } from "./catalog_observed_at.ts";

/** The snapshot format version the project's tools write. */
export const SNAPSHOT_VERSION = "2";

/**
 * Every version this reader understands: 1 (the original columns) and 2 (adds `source_name`, the retailer's
 * own text of the offer when it differs from `product`, where pack sizes are often stated).
 */
export const SNAPSHOT_VERSIONS: readonly string[] = ["1", "2"];

/** Columns that need at least the given snapshot version. */
const COLUMN_SINCE: Readonly<Record<string, string>> = { source_name: "2" };

/** Separates the levels of a category path: `Pantry > Bread`. */
export const CATEGORY_SEPARATOR = " > ";

/** The currency every observation of a country is priced in. */
export const COUNTRY_CURRENCY = { us: "USD", ca: "CAD" } as const;

/** A country of the catalog. */
export type CatalogCountry = keyof typeof COUNTRY_CURRENCY;

/** Columns every snapshot has, in the order the project's tools write them. */
export const REQUIRED_COLUMNS = [
  "product",
  "brand",
  "retailer",
  "country",
  "category",
  "price",
  "currency",
  "observed_at",
] as const;

/** Columns a snapshot may add; any other column is refused so that a misspelt one cannot go unnoticed. */
export const OPTIONAL_COLUMNS = ["observation_id", "unit", "is_deal", "valid_until", "source_name"] as const;

/** Metadata keys a snapshot may carry (`generated` only when it is not observed data). */
export const METADATA_KEYS = ["snapshot_version", "country", "currency", "source", "generated"] as const;

/** The leading `# key: value` lines of a snapshot. */
export interface SnapshotMetadata {
  readonly snapshot_version: string;
  readonly country: CatalogCountry;
  readonly currency: string;
  readonly source: string;
  /** How the data was generated; undefined for observed data. */
  readonly generated: string | undefined;
}

/** One price observation: a product of a brand, at a retailer, in a category, priced on a day. */
export interface CatalogObservation {
  /** The 1-based line of the row in its file. */
  readonly line: number;
  /** The snapshot's id for the row, "" when the file has no observation_id column. */
  readonly observation_id: string;
  readonly product: string;
  /** "" when the brand is unknown. */
  readonly brand: string;
  readonly retailer: string;
  readonly country: CatalogCountry;
  /** The category path, root first, at least one level. */
  readonly category: readonly string[];
  /** The price as written, e.g. "10.00": kept as text so no rounding happens before analytics decide. */
  readonly price_text: string;
  readonly price: number;
  readonly currency: string;
  /** Milliseconds since the epoch. */
  readonly observed_at: number;
  /** What the price is for ("per pound"), "" when the price is per item as sold. */
  readonly unit: string;
  /** Whether the price is a promotion; undefined when the source does not say. */
  readonly is_deal: boolean | undefined;
  /** End of the price's validity in milliseconds since the epoch, undefined when not stated. */
  readonly valid_until: number | undefined;
  /** The retailer's own text of the offer when it differs from `product` (version 2), else "". */
  readonly source_name: string;
}

/** A validated snapshot file. */
export interface CatalogSnapshot {
  readonly file: string;
  readonly metadata: SnapshotMetadata;
  readonly observations: readonly CatalogObservation[];
}

/** Reads and validates the snapshot at `path`. */
export async function readSnapshot(path: string): Promise<CatalogSnapshot> {
  return parseSnapshot(await Deno.readTextFile(path), path);
}

/** Validates snapshot `text`; `file` names it in errors. */
export function parseSnapshot(text: string, file: string): CatalogSnapshot {
  const { metadata: pairs, body, bodyLine } = splitCsvMetadata(text, file);
  const metadata = readMetadata(pairs, file);
  const rows = parseCsv(body, file, bodyLine);
  const headerLine = rows[0]?.line ?? bodyLine;
  const table = csvTable(rows, file, REQUIRED_COLUMNS);
  checkHeader(table.header, file, headerLine, metadata.snapshot_version);
  if (table.rows.length === 0) {
    throw new BuildError(file, `line ${headerLine}`, "has a header but no observations");
  }
  const ids = new Map<string, number>();
  const observations = table.rows.map((record, index): CatalogObservation => {
    const where = `row ${index + 1} (line ${record.line})`;
    const fail = (problem: string): never => {
      throw new BuildError(file, where, problem);
    };
    const value = (column: string) => record.get(column).trim();
    const observationId = value("observation_id");
    if (table.header.includes("observation_id")) {
      if (observationId === "") fail("observation_id is empty");
      const earlier = ids.get(observationId);
      if (earlier !== undefined) fail(`observation_id "${observationId}" repeats row ${earlier}`);
      ids.set(observationId, index + 1);
    }
    const product = value("product");
    if (product === "") fail("product is empty");
    const retailer = value("retailer");
    if (retailer === "") fail("retailer is empty");
    const country = value("country");
    if (!isCountry(country)) fail(`country "${country}" is not one of ${countryList()}`);
    if (country !== metadata.country) {
      fail(`country "${country}" differs from the file's country "${metadata.country}"`);
    }
    const currency = value("currency");
    if (currency !== COUNTRY_CURRENCY[metadata.country]) {
      fail(
        `currency "${currency}" is not ${
          COUNTRY_CURRENCY[metadata.country]
        }, the currency of ${metadata.country}`,
      );
    }
    const category = splitCategoryPath(value("category"));
    if (category === undefined) fail(`category "${value("category")}" is not a path like "Pantry > Bread"`);
    const priceText = value("price");
    const price = /^\d+(\.\d+)?$/.test(priceText) ? Number(priceText) : Number.NaN;
    if (!(price > 0)) fail(`price "${priceText}" is not a decimal number greater than 0`);
    const observedAt = parseObservedAt(value("observed_at"));
    if (observedAt === undefined) {
      fail(`observed_at "${value("observed_at")}" is not an ISO 8601 date or date-time`);
    }
    const isDeal = value("is_deal");
    if (isDeal !== "" && isDeal !== "true" && isDeal !== "false") {
      fail(`is_deal "${isDeal}" is not true, false or empty`);
    }
    const validUntilText = value("valid_until");
    const validUntil = validUntilText === "" ? undefined : parseObservedAt(validUntilText);
    if (validUntilText !== "" && validUntil === undefined) {
      fail(`valid_until "${validUntilText}" is not an ISO 8601 date or date-time`);
    }
    return {
      line: record.line,
      observation_id: observationId,
      product,
      brand: value("brand"),
      retailer,
      country: metadata.country,
      category: category!,
      price_text: priceText,
      price,
      currency,
      observed_at: observedAt!,
      unit: value("unit"),
      is_deal: isDeal === "" ? undefined : isDeal === "true",
      valid_until: validUntil,
      source_name: value("source_name"),
    };
  });
  return { file, metadata, observations };
}

/** The levels of a category path, or undefined when a level is empty. */
export function splitCategoryPath(path: string): string[] | undefined {
  const levels = path.split(CATEGORY_SEPARATOR.trim()).map((level) => level.trim().replace(/\s+/g, " "));
  return levels.every((level) => level !== "") ? levels : undefined;
}

function readMetadata(pairs: ReadonlyMap<string, string>, file: string): SnapshotMetadata {
  const where = "metadata";
  for (const key of pairs.keys()) {
    if (!(METADATA_KEYS as readonly string[]).includes(key)) {
      throw new BuildError(file, where, `unknown key "${key}" (known: ${METADATA_KEYS.join(", ")})`);
    }
  }
  const required = (key: string): string => {
    const value = pairs.get(key);
    if (value === undefined || value === "") throw new BuildError(file, where, `lacks "# ${key}: …"`);
    return value;
  };
  const version = required("snapshot_version");
  if (!SNAPSHOT_VERSIONS.includes(version)) {
    throw new BuildError(
      file,
      where,
      `snapshot_version "${version}" is not one of ${SNAPSHOT_VERSIONS.join(", ")}`,
    );
  }
  const country = required("country");
  if (!isCountry(country)) {
    throw new BuildError(file, where, `country "${country}" is not one of ${countryList()}`);
  }
  const currency = required("currency");
  if (currency !== COUNTRY_CURRENCY[country]) {
    throw new BuildError(
      file,
      where,
      `currency "${currency}" is not ${COUNTRY_CURRENCY[country]}, the currency of ${country}`,
    );
  }
  const generated = pairs.get("generated");
  if (generated === "") {
    throw new BuildError(file, where, `"# generated:" is empty; say how the data was generated`);
  }
  return { snapshot_version: version, country, currency, source: required("source"), generated };
}

function checkHeader(header: readonly string[], file: string, line: number, version: string): void {
  const known: readonly string[] = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS];
  const seen = new Set<string>();
  for (const column of header) {
    if (!known.includes(column)) {
      throw new BuildError(file, `line ${line}`, `unknown column "${column}" (known: ${known.join(", ")})`);
    }
    const since = COLUMN_SINCE[column];
    if (since !== undefined && Number(version) < Number(since)) {
      throw new BuildError(
        file,
        `line ${line}`,
        `column "${column}" needs snapshot_version ${since} or later (the file says ${version})`,
      );
    }
    if (seen.has(column)) throw new BuildError(file, `line ${line}`, `column "${column}" appears twice`);
    seen.add(column);
  }
}

function isCountry(value: string): value is CatalogCountry {
  return Object.hasOwn(COUNTRY_CURRENCY, value);
}

function countryList(): string {
  return Object.keys(COUNTRY_CURRENCY).join(", ");
}
