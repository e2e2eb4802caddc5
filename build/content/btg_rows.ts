/**
 * The rows of Amazon's Browse Tree Guides (BTG) as Amazon publishes them: a `Node ID` and a `Node Path`
 * column, in an XLSX workbook or a CSV file.
 *
 * Amazon publishes one guide per category (Baby, Beauty, Grocery, ...): a workbook whose first sheet holds
 * instructions and whose next sheet, named after the category, has a header row with `Node ID`, `Node Path`
 * and, in US guides, `Query` (the item type keyword), then one row per path of a node. The header is found
 * by name (case, spaces and underscores aside) in the first HEADER_SEARCH_ROWS rows, so a title row above it
 * is skipped; other columns are ignored. Every sheet with such a header is read, in workbook order; the
 * others (the instructions) are skipped, and a workbook with none is a BuildError listing its sheets.
 * Node IDs come as text or as numbers (a numeric cell past 2^53 has lost digits and is a BuildError). A row
 * with neither an id nor a path is blank and skipped; a row with only one of them is a BuildError.
 */
import { BuildError } from "../input/build_error.ts";
import { parseCsv } from "../input/csv_parse.ts";
import {
  readSharedStrings,
  readSheetRows,
  type SheetRow,
  unzipXlsx,
  workbookSheets,
} from "../gpc/gpc_xlsx_sheet.ts";
import { BROWSE_ID } from "./browse_tree_reader.ts";

/** One row of a guide: the node's id, its path as written, and its line (CSV) or row (sheet) number. */
export interface BtgRow {
  readonly id: string;
  readonly path: string;
  readonly line: number;
}

/** The rows of one guide sheet (or CSV file). */
export interface BtgSheet {
  readonly file: string;
  /** The sheet's name, for a workbook. */
  readonly sheet?: string;
  readonly rows: readonly BtgRow[];
}

/** How many leading rows of a sheet or CSV file may hold the header row. */
export const HEADER_SEARCH_ROWS = 10;

type Cell = string | number | undefined;

/** A header name as compared: lower case, runs of spaces and underscores as one space, trimmed. */
export function headerKey(name: string): string {
  return name.trim().toLowerCase().replace(/[\s_]+/g, " ");
}

/** Where a guide row is, as messages name it: `line 12` in a CSV file, `sheet "Baby" row 12` in a workbook. */
export function btgWhere(sheet: string | undefined, line: number): string {
  return sheet === undefined ? `line ${line}` : `sheet "${sheet}" row ${line}`;
}

/** Columns of the header row: where `Node ID` and `Node Path` are, or undefined if the row is no header. */
function headerColumns(cells: readonly Cell[]): { id: number; path: number } | undefined {
  const keys = cells.map((cell) => typeof cell === "string" ? headerKey(cell) : "");
  const id = keys.indexOf("node id");
  const path = keys.indexOf("node path");
  return id === -1 || path === -1 ? undefined : { id, path };
}

/** Reads a guide's rows from sheet or CSV rows; `sheet` is undefined for a CSV file. */
class GuideRows {
  private columns: { id: number; path: number } | undefined;
  private headerLength = 0;
  private seen = 0;
  readonly rows: BtgRow[] = [];

  constructor(private readonly file: string, private readonly sheet: string | undefined) {}

  get found(): boolean {
    return this.columns !== undefined;
  }

  add(line: number, cells: readonly Cell[]): void {
    if (this.columns === undefined) {
      if (this.seen++ < HEADER_SEARCH_ROWS) this.columns = headerColumns(cells);
      this.headerLength = cells.length;
      return;
    }
    const where = btgWhere(this.sheet, line);
    // In CSV, an unquoted comma in a path ("Dairy, Cheese & Eggs") would otherwise cut the path short.
    if (this.sheet === undefined && cells.length > this.headerLength) {
      throw new BuildError(
        this.file,
        where,
        `has ${cells.length} fields, the header has ${this.headerLength} (quote fields that hold a comma)`,
      );
    }
    const id = this.idText(cells[this.columns.id], where);
    const path = cellText(cells[this.columns.path]).trim();
    if (id === "" && path === "") return;
    if (id === "") throw new BuildError(this.file, where, `Node Path "${path}" has no Node ID`);
    if (!BROWSE_ID.test(id)) throw new BuildError(this.file, where, `Node ID "${id}" is not 1 to 20 digits`);
    if (path === "") throw new BuildError(this.file, where, `Node ID ${id} has no Node Path`);
    this.rows.push({ id, path, line });
  }

  private idText(cell: Cell, where: string): string {
    if (typeof cell === "number" && !Number.isSafeInteger(cell)) {
      throw new BuildError(
        this.file,
        where,
        `Node ID ${cell} is stored as a number too large to hold every digit: store the column as text`,
      );
    }
    return cellText(cell).trim();
  }
}

function cellText(cell: Cell): string {
  return cell === undefined ? "" : String(cell);
}

/** The guide rows of a CSV file; a file without a `Node ID`, `Node Path` header row is a BuildError. */
export function btgCsvRows(text: string, file: string): BtgSheet {
  const guide = new GuideRows(file, undefined);
  for (const row of parseCsv(text, file)) guide.add(row.line, row.fields);
  if (!guide.found) throw missingHeader(file, "");
  return { file, rows: guide.rows };
}

/** The guide rows of every sheet of a workbook that has a `Node ID`, `Node Path` header row. */
export function btgXlsxRows(
  bytes: Uint8Array,
  file: string,
  onFraction?: (fraction: number) => void,
): BtgSheet[] {
  const parts = unzipXlsx(bytes, file);
  const sheets = workbookSheets(parts, file).filter((sheet) => parts[sheet.part] !== undefined);
  const strings = readSharedStrings(parts, file);
  const read: BtgSheet[] = [];
  sheets.forEach((sheet, at) => {
    const guide = new GuideRows(file, sheet.name);
    readSheetRows(
      parts,
      sheet,
      strings,
      file,
      (row: SheetRow) => guide.add(row.row, row.cells),
      (done, total) => onFraction?.((at + done / total) / sheets.length),
    );
    if (guide.found) read.push({ file, sheet: sheet.name, rows: guide.rows });
  });
  if (read.length === 0) {
    throw missingHeader(file, ` (sheets: ${sheets.map((sheet) => `"${sheet.name}"`).join(", ") || "none"})`);
  }
  return read;
}

function missingHeader(file: string, sheets: string): BuildError {
  return new BuildError(
    file,
    "header",
    `no header row with "Node ID" and "Node Path" in the first ${HEADER_SEARCH_ROWS} rows${sheets}: ` +
      "not a Browse Tree Guide",
  );
}
