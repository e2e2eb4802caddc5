/**
 * Reads a Statistics Canada web-table CSV export of table 18-10-0245-01 ("Monthly average retail prices for
 * selected products"), the wide layout the site downloads:
 *
 * ```
 * "Monthly average retail prices for selected products 1 2 3 4"     title, then its footnote markers
 * "Frequency: Monthly" / "Table: 18-10-0245-01" / "Release date: 2025-12-03" / "Geography: ..."
 * "Geography","Alberta",,,
 * "Products","January 2025","February 2025",...                     one column per month
 * ,"Dollars",,,                                                      the unit of every value
 * "Beef stewing cuts, per kilogram 5","18.91","19.80",...            product, its footnote markers, values
 * (blank line) Footnotes: / 1,"Average price estimates ..." / ...   notes, one a line
 * "How to cite: ..." and the table's address
 * ```
 *
 * Product names lose their trailing footnote markers (`Oranges, 1.36 kilograms 4 5` → `Oranges, 1.36
 * kilograms`; only numbers that are footnotes of the file count) and runs of spaces. The footnotes are read
 * line by line, not as CSV: the export does not double the quotes of the HTML links inside them. A value
 * `..`, `...`, `x`, `F` or empty is missing (StatCan's symbols for not available, suppressed, too unreliable);
 * any other value that is not a decimal number is a BuildError.
 */
import { BuildError } from "../input/build_error.ts";
import { parseCsv } from "../input/csv_parse.ts";

/** StatCan's caveat on this table (footnote 1 of both embedded exports), quoted exactly. */
export const STATCAN_AVERAGE_PRICE_CAVEAT =
  "Average price estimates for these products are derived using transaction data from Canadian grocery " +
  "retailers. The composition of a given product category may change over time due to evolving consumer " +
  "purchasing patterns and product availability. Therefore, users should exercise caution when comparing " +
  "average prices over time as average prices may not be fully comparable from one month to another and " +
  "should not be used as a representative measure of pure price change through time. Note: Data are " +
  "subject to revision.";

/** One product row: its name without footnote markers, the markers, and one value per period. */
export interface StatcanProduct {
  readonly name: string;
  readonly footnotes: readonly number[];
  readonly line: number;
  /** Aligned with `StatcanTable.periods`; undefined where the export has no value. */
  readonly values: readonly (number | undefined)[];
}

/** A parsed StatCan wide export. */
export interface StatcanTable {
  readonly file: string;
  readonly title: string;
  /** "18-10-0245-01". */
  readonly table: string;
  /** "2025-12-03". */
  readonly release: string;
  /** The geography of every value, e.g. "Alberta", "Canada". */
  readonly geography: string;
  /** The unit row's text, e.g. "Dollars". */
  readonly unit: string;
  /** "2025-01" for "January 2025", "2022" for an annual column. */
  readonly periods: readonly string[];
  readonly products: readonly StatcanProduct[];
  readonly footnotes: ReadonlyMap<number, string>;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const MISSING = new Set(["", "..", "...", "x", "X", "F"]);

/** Parses a StatCan wide export; `file` names it in errors. */
export function parseStatcanTable(text: string, file: string): StatcanTable {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const notesAt = lines.findIndex((line) => line.trim() === "Footnotes:");
  const footnotes = readFootnotes(notesAt === -1 ? [] : lines.slice(notesAt + 1), notesAt + 2, file);
  const rows = parseCsv((notesAt === -1 ? lines : lines.slice(0, notesAt)).join("\n"), file);
  const meta = (label: string): string => {
    const row = rows.find((r) => r.fields.length === 1 && r.fields[0]!.startsWith(`${label}:`));
    if (row === undefined) throw new BuildError(file, "header", `lacks the "${label}: ..." line`);
    return row.fields[0]!.slice(label.length + 1).replace(/\s+/g, " ").trim();
  };
  const headerAt = rows.findIndex((r) => r.fields[0] === "Products");
  const header = rows[headerAt];
  const unitRow = rows[headerAt + 1];
  const geography = rows.find((r) => r.fields[0] === "Geography" && r.fields.length > 1);
  if (header === undefined || unitRow === undefined || geography === undefined) {
    throw new BuildError(file, "header", `lacks the "Geography", "Products" and unit rows of a wide export`);
  }
  const periods = header.fields.slice(1).map((label) => periodOf(label, file, header.line));
  const products: StatcanProduct[] = [];
  for (const row of rows.slice(headerAt + 2)) {
    const where = `line ${row.line}`;
    if (row.fields.length !== header.fields.length) {
      throw new BuildError(
        file,
        where,
        `has ${row.fields.length} fields, the header has ${header.fields.length}`,
      );
    }
    const { name, markers } = splitMarkers(row.fields[0]!, footnotes);
    if (name === "") throw new BuildError(file, where, "has no product name");
    const values = row.fields.slice(1).map((value) => {
      const trimmed = value.trim();
      if (MISSING.has(trimmed)) return undefined;
      if (!/^\d+(\.\d+)?$/.test(trimmed)) {
        throw new BuildError(
          file,
          where,
          `value "${value}" is not a decimal number or a missing-value symbol`,
        );
      }
      return Number(trimmed);
    });
    products.push({ name, footnotes: markers, line: row.line, values });
  }
  if (products.length === 0) throw new BuildError(file, "body", "has no product rows");
  return {
    file,
    title: splitMarkers(rows[0]?.fields[0] ?? "", footnotes).name,
    table: meta("Table"),
    release: meta("Release date"),
    geography: geography.fields[1]!.trim(),
    unit: unitRow.fields.slice(1).find((f) => f.trim() !== "")?.trim() ?? "",
    periods,
    products,
    footnotes,
  };
}

/** The average of a product's values (missing ones left out), undefined when it has none. */
export function averageOf(product: StatcanProduct): number | undefined {
  const present = product.values.filter((v): v is number => v !== undefined);
  return present.length === 0 ? undefined : present.reduce((a, b) => a + b, 0) / present.length;
}

/** The footnote of `table` that carries StatCan's caveat on average prices, or undefined when absent. */
export function statcanCaveat(table: StatcanTable): string | undefined {
  return [...table.footnotes.values()].find((note) => note === STATCAN_AVERAGE_PRICE_CAVEAT);
}

function readFootnotes(lines: readonly string[], firstLine: number, file: string): Map<number, string> {
  const notes = new Map<number, string>();
  lines.forEach((line, at) => {
    const match = /^(\d+),"(.*)"\s*$/.exec(line);
    if (match === null) return;
    if (notes.has(Number(match[1]))) {
      throw new BuildError(file, `line ${firstLine + at}`, `footnote ${match[1]} is given twice`);
    }
    notes.set(Number(match[1]), match[2]!.trim());
  });
  return notes;
}

function splitMarkers(
  label: string,
  footnotes: ReadonlyMap<number, string>,
): { name: string; markers: number[] } {
  let name = label.replace(/\s+/g, " ").trim();
  const markers: number[] = [];
  for (let match = / (\d{1,2})$/.exec(name); match !== null; match = / (\d{1,2})$/.exec(name)) {
    if (!footnotes.has(Number(match[1]))) break;
    markers.unshift(Number(match[1]));
    name = name.slice(0, match.index).trim();
  }
  return { name, markers };
}

function periodOf(label: string, file: string, line: number): string {
  const text = label.trim();
  const month = /^([A-Z][a-z]+) (\d{4})$/.exec(text);
  if (month !== null && MONTHS.includes(month[1]!)) {
    return `${month[2]}-${String(MONTHS.indexOf(month[1]!) + 1).padStart(2, "0")}`;
  }
  if (/^\d{4}$/.test(text)) return text;
  throw new BuildError(file, `line ${line}`, `column "${label}" is not a month ("January 2025") or a year`);
}
