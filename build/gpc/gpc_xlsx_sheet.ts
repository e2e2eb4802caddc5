/**
 * The parts of an XLSX workbook the GPC and Browse Tree Guide readers need: the unzipped parts, its sheets
 * (and which is `Schema`), the shared strings, and a sheet's rows as cell values, parsed as a stream (saxes)
 * with line/column positions for errors.
 *
 * SpreadsheetML: `xl/workbook.xml` lists sheets by name and relationship id, `xl/_rels/workbook.xml.rels`
 * maps the id to the sheet's part; cells are `<c r="B7" t="s"><v>12</v></c>` where `t="s"` indexes the
 * shared strings, `inlineStr` holds `<is><t>`, `str` a formula's text, `b` a boolean and no type a number.
 * Empty cells are usually absent, so a cell's column comes from its `r` reference.
 */
import { SaxesParser, type SaxesTagPlain } from "npm:saxes@6.0.0";
import { unzipSync } from "npm:fflate@0.8.3";

type PlainOptions = { xmlns: false; position: true };
import { BuildError } from "../input/build_error.ts";
import type { ReadProgress } from "./gpc_model.ts";

/** One sheet row: its 1-based number and its cells by 0-based column (numbers for numeric cells). */
export interface SheetRow {
  readonly row: number;
  readonly cells: readonly (string | number | undefined)[];
}

/** The sheet to read: its name and its part in the zip. */
export interface SheetPart {
  readonly name: string;
  readonly part: string;
}

const CHUNK_BYTES = 1 << 20;

/** Feeds `bytes` (UTF-8 XML of `part`) to saxes in chunks; malformed XML is a BuildError at line/column. */
function parsePart(
  bytes: Uint8Array,
  part: string,
  path: string,
  setup: (parser: SaxesParser<PlainOptions>) => void,
  onChunk?: (done: number) => void,
): void {
  const parser = new SaxesParser<PlainOptions>({ xmlns: false, position: true });
  setup(parser);
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const where = () => `${part} line ${parser.line} column ${parser.column}`;
  try {
    for (let start = 0; start < bytes.length; start += CHUNK_BYTES) {
      const end = Math.min(bytes.length, start + CHUNK_BYTES);
      parser.write(decoder.decode(bytes.subarray(start, end), { stream: end < bytes.length }));
      onChunk?.(end);
    }
    parser.close();
  } catch (error) {
    if (error instanceof BuildError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new BuildError(path, where(), `malformed XML: ${message.replace(/^\d+:\d+: /, "")}`);
  }
}

/** The sheet named `Schema`, or the only sheet of a one-sheet workbook. */
export function findSchemaSheet(parts: Record<string, Uint8Array>, path: string): SheetPart {
  const sheets = workbookSheets(parts, path);
  const chosen = sheets.find((sheet) => sheet.name === "Schema") ??
    (sheets.length === 1 ? sheets[0] : undefined);
  if (chosen === undefined) {
    const names = sheets.map((sheet) => `"${sheet.name}"`).join(", ") || "none";
    throw new BuildError(path, "xl/workbook.xml", `has no sheet "Schema" (sheets: ${names})`);
  }
  if (parts[chosen.part] === undefined) {
    throw new BuildError(path, `sheet "${chosen.name}"`, `its part ${chosen.part} is missing`);
  }
  return chosen;
}

/** Every sheet of the workbook, in workbook order, with the zip part that holds it (which may be absent). */
export function workbookSheets(parts: Record<string, Uint8Array>, path: string): SheetPart[] {
  const workbook = parts["xl/workbook.xml"];
  if (workbook === undefined) {
    throw new BuildError(path, "xl/workbook.xml", "is missing: not an XLSX workbook");
  }
  const sheets: { name: string; id: string }[] = [];
  parsePart(workbook, "xl/workbook.xml", path, (parser) => {
    parser.on("opentag", (tag: SaxesTagPlain) => {
      if (tag.name === "sheet" || tag.name.endsWith(":sheet")) {
        sheets.push({ name: tag.attributes.name ?? "", id: tag.attributes["r:id"] ?? "" });
      }
    });
  });
  const targets = new Map<string, string>();
  const rels = parts["xl/_rels/workbook.xml.rels"];
  if (rels !== undefined) {
    parsePart(rels, "xl/_rels/workbook.xml.rels", path, (parser) => {
      parser.on("opentag", (tag: SaxesTagPlain) => {
        const { Id, Target } = tag.attributes;
        if (tag.name === "Relationship" && Id !== undefined && Target !== undefined) targets.set(Id, Target);
      });
    });
  }
  return sheets.map((sheet, at) => {
    const target = targets.get(sheet.id);
    const part = target === undefined
      ? `xl/worksheets/sheet${at + 1}.xml`
      : target.startsWith("/")
      ? target.slice(1)
      : `xl/${target}`;
    return { name: sheet.name, part };
  });
}

/**
 * The parts of an XLSX file the sheet readers use, unzipped. A file that is not a zip archive is a
 * BuildError; an Excel 97-2003 workbook (a compound file, whatever its extension) is named as such.
 */
export function unzipXlsx(bytes: Uint8Array, path: string): Record<string, Uint8Array> {
  if (bytes.length >= 4 && bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) {
    throw new BuildError(path, "file", `is an Excel 97-2003 workbook (.xls), not XLSX: ${RESAVE_XLS}`);
  }
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) {
    throw new BuildError(path, "file", "is not an XLSX workbook (not a zip archive)");
  }
  try {
    return unzipSync(bytes, {
      filter: (file) =>
        file.name === "xl/workbook.xml" || file.name === "xl/_rels/workbook.xml.rels" ||
        file.name === "xl/sharedStrings.xml" || file.name.startsWith("xl/worksheets/"),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new BuildError(path, "file", `is not a readable XLSX workbook (zip): ${message}`);
  }
}

/**
 * What to do with an Excel 97-2003 (.xls, BIFF) workbook, which the build does not read: no maintained npm
 * package reads BIFF (SheetJS publishes its fixed versions outside npm; exceljs reads XLSX only).
 */
export const RESAVE_XLS = "open it in a spreadsheet program and save it as .xlsx (or each sheet as .csv)";

/** The shared strings table (rich-text runs joined, phonetic runs left out); [] when the part is absent. */
export function readSharedStrings(parts: Record<string, Uint8Array>, path: string): string[] {
  const bytes = parts["xl/sharedStrings.xml"];
  if (bytes === undefined) return [];
  const strings: string[] = [];
  parsePart(bytes, "xl/sharedStrings.xml", path, (parser) => {
    let current: string[] | undefined;
    let inText = false;
    let phonetic = 0;
    parser.on("opentag", (tag: SaxesTagPlain) => {
      if (tag.name === "si") current = [];
      else if (tag.name === "rPh") phonetic++;
      else if (tag.name === "t" && phonetic === 0) inText = true;
    });
    parser.on("text", (text: string) => {
      if (inText) current?.push(text);
    });
    parser.on("closetag", (tag) => {
      if (tag.name === "t") inText = false;
      else if (tag.name === "rPh") phonetic--;
      else if (tag.name === "si") {
        strings.push((current ?? []).join(""));
        current = undefined;
      }
    });
  });
  return strings;
}

/** 0-based column of a cell reference such as `AB12`, or undefined if it has no letters. */
function columnOf(reference: string): number | undefined {
  let column = 0;
  let letters = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
    letters++;
  }
  return letters === 0 ? undefined : column - 1;
}

/** Calls `onRow` for every row of the sheet, in order; reports progress in bytes of the sheet part. */
export function readSheetRows(
  parts: Record<string, Uint8Array>,
  sheet: SheetPart,
  strings: readonly string[],
  path: string,
  onRow: (row: SheetRow) => void,
  onProgress?: ReadProgress,
): void {
  const bytes = parts[sheet.part]!;
  parsePart(bytes, sheet.part, path, (parser) => {
    let rowNumber = 0;
    let cells: (string | number | undefined)[] = [];
    let column = -1;
    let type = "n";
    // A cell's text is every <v> or <t> inside it, joined: an inline rich string comes in several runs.
    // Phonetic runs (<rPh>) are readings, not text.
    let parts: string[] | undefined;
    let capturing = false;
    let phonetic = false;
    let cellRef = "";
    parser.on("opentag", (tag: SaxesTagPlain) => {
      switch (tag.name) {
        case "row": {
          const r = Number(tag.attributes.r);
          rowNumber = Number.isInteger(r) && r > 0 ? r : rowNumber + 1;
          cells = [];
          column = -1;
          break;
        }
        case "c": {
          cellRef = tag.attributes.r ?? "";
          column = columnOf(cellRef) ?? column + 1;
          type = tag.attributes.t ?? "n";
          parts = undefined;
          break;
        }
        case "rPh":
          phonetic = true;
          break;
        case "v":
        case "t":
          if (!phonetic) {
            capturing = true;
            parts ??= [];
          }
      }
    });
    parser.on("text", (value: string) => {
      if (capturing) parts?.push(value);
    });
    parser.on("closetag", (tag) => {
      if (tag.name === "v" || tag.name === "t") {
        capturing = false;
      } else if (tag.name === "rPh") {
        phonetic = false;
      } else if (tag.name === "c" && parts !== undefined) {
        cells[column] = cellValue(
          parts.join(""),
          type,
          strings,
          () => `row ${rowNumber} cell ${cellRef || column + 1}`,
          path,
        );
      } else if (tag.name === "row") {
        onRow({ row: rowNumber, cells });
      }
    });
  }, (done) => onProgress?.(done, bytes.length));
}

function cellValue(
  raw: string,
  type: string,
  strings: readonly string[],
  where: () => string,
  path: string,
): string | number {
  switch (type) {
    case "s": {
      const shared = strings[Number(raw)];
      if (shared === undefined) throw new BuildError(path, where(), `shared string ${raw} does not exist`);
      return shared;
    }
    case "n": {
      const number = Number(raw);
      if (raw.trim() === "" || Number.isNaN(number)) {
        throw new BuildError(path, where(), `"${raw}" is not a number`);
      }
      return number;
    }
    case "b":
      return raw === "1" ? "TRUE" : "FALSE";
    case "e":
      throw new BuildError(path, where(), `holds the spreadsheet error ${raw}`);
    default:
      return raw;
  }
}
