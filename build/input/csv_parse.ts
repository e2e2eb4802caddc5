/**
 * RFC 4180 CSV, as every CSV input of the build (browse trees, mapping table, lexicon, catalog) is read.
 *
 * Fields are separated by `,`, records by CRLF or LF; a field in double quotes may hold commas, line breaks
 * and `""` for a quote. A leading UTF-8 byte order mark is dropped. Blank lines are skipped. Every record
 * keeps the 1-based line number it starts on, so a BuildError can send a curator to the row. Malformed input
 * (an unterminated quote, a quote inside an unquoted field, text after a closing quote) is a BuildError.
 *
 * Curated files may open with metadata lines `# key: value` (see `splitCsvMetadata`); only the lines before
 * the header count as metadata, a `#` further down is data.
 */
import { BuildError } from "./build_error.ts";

/** One CSV record and the line it starts on. */
export interface CsvRow {
  /** 1-based line number of the record's first character in the file. */
  readonly line: number;
  readonly fields: readonly string[];
}

/** Leading metadata of a curated CSV file and where its CSV body starts. */
export interface CsvMetadata {
  /** `key: value` pairs of the leading `#` lines, in file order (keys and values trimmed). */
  readonly metadata: ReadonlyMap<string, string>;
  /** The text after the metadata lines. */
  readonly body: string;
  /** 1-based line number of the body's first line in the file. */
  readonly bodyLine: number;
}

/** A CSV file read against its header: each row's fields by column name. */
export interface CsvTable {
  readonly header: readonly string[];
  readonly rows: readonly CsvRecord[];
}

/** One data row of a CsvTable; `get` answers "" for a column the row is short of. */
export interface CsvRecord {
  readonly line: number;
  readonly fields: readonly string[];
  get(column: string): string;
}

/** Parses CSV text into records; `firstLine` is the file line `text` starts on (for metadata-prefixed files). */
export function parseCsv(text: string, file: string, firstLine = 1): CsvRow[] {
  const rows: CsvRow[] = [];
  let i = text.charCodeAt(0) === 0xfeff && firstLine === 1 ? 1 : 0;
  let line = firstLine;
  while (i < text.length) {
    const start = line;
    const fields: string[] = [];
    let field = "";
    let atRecordEnd = false;
    let blank = true;
    while (!atRecordEnd) {
      const ch = text[i];
      if (ch === undefined) break;
      if (ch === '"') {
        if (field !== "") throw new BuildError(file, `line ${line}`, "quote inside an unquoted field");
        blank = false;
        const quoteLine = line;
        i++;
        for (;;) {
          const quote = text.indexOf('"', i);
          if (quote === -1) {
            throw new BuildError(
              file,
              `line ${quoteLine}`,
              "unterminated quote (the file ends inside a quoted field)",
            );
          }
          line += newlines(text, i, quote);
          field += text.slice(i, quote);
          if (text[quote + 1] === '"') {
            field += '"';
            i = quote + 2;
            continue;
          }
          i = quote + 1;
          break;
        }
        const next = text[i];
        if (next !== undefined && next !== "," && next !== "\n" && !(next === "\r" && text[i + 1] === "\n")) {
          throw new BuildError(
            file,
            `line ${line}`,
            `unexpected ${JSON.stringify(next)} after a closing quote`,
          );
        }
        continue;
      }
      if (ch === ",") {
        fields.push(field);
        field = "";
        blank = false;
        i++;
        continue;
      }
      if (ch === "\n" || (ch === "\r" && text[i + 1] === "\n")) {
        i += ch === "\r" ? 2 : 1;
        line++;
        atRecordEnd = true;
        continue;
      }
      // An unquoted run, taken whole: adding it a character at a time made reading a large tree slow.
      const end = unquotedEnd(text, i);
      field += text.slice(i, end);
      blank = false;
      i = end;
    }
    fields.push(field);
    if (!blank) rows.push({ line: start, fields });
  }
  return rows;
}

/** Where the unquoted run starting at `from` ends: at a comma, a quote, a line end or the end of the text. */
function unquotedEnd(text: string, from: number): number {
  let at = from;
  for (; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x2c || code === 0x22 || code === 0x0a) break;
    if (code === 0x0d && text.charCodeAt(at + 1) === 0x0a) break;
  }
  return at;
}

/** How many line feeds `text` holds between `from` and `to`. */
function newlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf("\n", from); at !== -1 && at < to; at = text.indexOf("\n", at + 1)) count++;
  return count;
}

/**
 * Splits the leading `# key: value` lines (and `#` comment lines without a colon) off a curated file; a key
 * given twice is a BuildError naming `file` and the line, since silently keeping either value could be wrong.
 */
export function splitCsvMetadata(text: string, file: string): CsvMetadata {
  const metadata = new Map<string, string>();
  let offset = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (offset < text.length && text[offset] === "#") {
    const end = text.indexOf("\n", offset);
    const stop = end === -1 ? text.length : end;
    const content = text.slice(offset + 1, stop).replace(/\r$/, "");
    const colon = content.indexOf(":");
    if (colon !== -1) {
      const key = content.slice(0, colon).trim();
      if (metadata.has(key)) {
        throw new BuildError(file, `line ${line}`, `metadata key "${key}" is given twice`);
      }
      if (key !== "") metadata.set(key, content.slice(colon + 1).trim());
    }
    offset = end === -1 ? text.length : end + 1;
    line++;
  }
  return { metadata, body: text.slice(offset), bodyLine: line };
}

/**
 * Reads `rows` as a header plus data rows, requiring `columns` in the header (any order, extras allowed) and
 * exactly as many fields in every row as the header has.
 */
export function csvTable(rows: readonly CsvRow[], file: string, columns: readonly string[]): CsvTable {
  const first = rows[0];
  if (first === undefined) {
    throw new BuildError(file, "line 1", `has no header (expected ${columns.join(",")})`);
  }
  const header = first.fields.map((name) => name.trim());
  const index = new Map<string, number>();
  header.forEach((name, at) => {
    if (!index.has(name)) index.set(name, at);
  });
  const missing = columns.filter((column) => !index.has(column));
  if (missing.length > 0) {
    throw new BuildError(
      file,
      `line ${first.line}`,
      `header lacks column ${missing.map((m) => `"${m}"`).join(", ")}`,
    );
  }
  for (const row of rows.slice(1)) {
    // An unquoted comma in a note or a name would otherwise shift or drop fields without a word.
    if (row.fields.length !== header.length) {
      throw new BuildError(
        file,
        `line ${row.line}`,
        `has ${row.fields.length} fields, the header has ${header.length} (quote fields that hold a comma)`,
      );
    }
  }
  const records = rows.slice(1).map((row): CsvRecord => ({
    line: row.line,
    fields: row.fields,
    get(column: string): string {
      const at = index.get(column);
      return at === undefined ? "" : row.fields[at] ?? "";
    },
  }));
  return { header, rows: records };
}

/** Characters a version may hold: it is sent in response headers, so printable ASCII without spaces. */
const VERSION_SAFE = /^[\x21-\x7e]+$/;

/** The required `# key: <version>` metadata of a curated file; throws BuildError when absent or unsafe. */
export function requiredVersion(metadata: ReadonlyMap<string, string>, key: string, file: string): string {
  const version = metadata.get(key) ?? "";
  if (version === "") throw new BuildError(file, "metadata", `lacks the \`# ${key}: <version>\` line`);
  if (!VERSION_SAFE.test(version)) {
    throw new BuildError(file, "metadata", `${key} "${version}" must be printable ASCII without spaces`);
  }
  return version;
}
