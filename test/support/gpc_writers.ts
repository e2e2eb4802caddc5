/**
 * Writes a normalised GPC release back in GS1's published JSON (build/scale/gpc_json_writer.ts) and XLSX shapes, so the readers can be
 * tested against files no one typed by hand (no complete official JSON or XLSX with attributes is at hand).
 *
 * JSON: exactly the fields GS1 writes (`LanguageCode`, `DateUtc`, `Schema`; per node `Level`, `Code` as a
 * number, `Title`, `Definition`, `DefinitionExcludes`, `Active`, `Childs`). XLSX: sheet `Schema` with the 19
 * official columns, one row per brick × attribute type × value; codes alternate between shared strings and
 * numbers so a reader must accept both, as files re-saved by users mix them.
 */
import { strToU8, zipSync } from "npm:fflate@0.8.3";
import type { GpcRelease } from "../../build/gpc/gpc_model.ts";

import { GPC_XLSX_COLUMNS } from "../../build/gpc/gpc_xlsx_model.ts";
import { writeGpcJson } from "../../build/scale/gpc_json_writer.ts";

export { GPC_XLSX_COLUMNS, writeGpcJson };

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"\r]/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\r": "&#xD;" })[c]!,
  );
}

function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** A cell: text goes to the shared strings, a number is written as a numeric cell, undefined is absent. */
export type XlsxCell = string | number | undefined;

/** The release as GS1's XLSX publication (sheet `Schema`, 19 columns), zipped. */
export function writeGpcXlsx(release: GpcRelease): Uint8Array {
  const rows: XlsxCell[][] = [[...GPC_XLSX_COLUMNS]];
  // Codes: even rows as numbers, odd rows as shared strings, so both cell kinds occur in every code column.
  const code = (text: string): XlsxCell => (rows.length + 1) % 2 === 0 ? Number(text) : text;
  for (const s of release.segments) {
    for (const f of s.families) {
      for (const c of f.classes) {
        for (const b of c.bricks) {
          const hierarchy = () => [
            code(s.code),
            s.title,
            s.definition,
            code(f.code),
            f.title,
            f.definition,
            code(c.code),
            c.title,
            c.definition,
            code(b.code),
            b.title,
            b.definition,
            b.definitionExcludes,
          ];
          if (b.attributes.length === 0) rows.push(hierarchy());
          for (const t of b.attributes) {
            if (t.values.length === 0) rows.push([...hierarchy(), code(t.code), t.title, t.definition]);
            for (const v of t.values) {
              rows.push([
                ...hierarchy(),
                code(t.code),
                t.title,
                t.definition,
                code(v.code),
                v.title,
                v.definition,
              ]);
            }
          }
        }
      }
    }
  }
  return writeXlsxSheet(rows);
}

/** A one-sheet workbook holding `rows` (the first is the header), zipped; "" cells are left out. */
export function writeXlsxSheet(rows: readonly (readonly XlsxCell[])[], sheetName = "Schema"): Uint8Array {
  return writeXlsxWorkbook([{ name: sheetName, rows }]);
}

/** A workbook of several sheets, in order, zipped; the sheets share one string table as Excel writes it. */
export function writeXlsxWorkbook(
  sheets: readonly { readonly name: string; readonly rows: readonly (readonly XlsxCell[])[] }[],
): Uint8Array {
  const strings: string[] = [];
  const stringIndex = new Map<string, number>();
  const shared = (text: string) => {
    let index = stringIndex.get(text);
    if (index === undefined) {
      index = strings.length;
      strings.push(text);
      stringIndex.set(text, index);
    }
    return index;
  };
  const sheetXml = sheets.map(({ rows }) =>
    rows.map((cells, at) => {
      const r = at + 1;
      const xml = cells.map((value, column) => {
        if (value === undefined || value === "") return "";
        const ref = `${columnName(column)}${r}`;
        if (typeof value === "number") return `<c r="${ref}"><v>${value}</v></c>`;
        return `<c r="${ref}" t="s"><v>${shared(value)}</v></c>`;
      });
      return `<row r="${r}">${xml.join("")}</row>`;
    })
  );
  const main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
  const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  const sst = strings.map((text) => `<si><t xml:space="preserve">${escapeXml(text)}</t></si>`).join("");
  return zipSync({
    "[Content_Types].xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        sheets.map((_, at) =>
          `<Override PartName="/xl/worksheets/sheet${
            at + 1
          }.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`
        ).join("") +
        `<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>` +
        `</Types>`,
    ),
    "_rels/.rels": strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    "xl/workbook.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<workbook xmlns="${main}" xmlns:r="${rel}">` +
        `<sheets>${
          sheets.map((sheet, at) =>
            `<sheet name="${escapeXml(sheet.name)}" sheetId="${at + 1}" r:id="rId${at + 1}"/>`
          )
            .join("")
        }</sheets></workbook>`,
    ),
    "xl/_rels/workbook.xml.rels": strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        sheets.map((_, at) =>
          `<Relationship Id="rId${at + 1}" Type="${rel}/worksheet" Target="worksheets/sheet${at + 1}.xml"/>`
        ).join("") +
        `<Relationship Id="rId${
          sheets.length + 1
        }" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    "xl/sharedStrings.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<sst xmlns="${main}" count="${strings.length}" uniqueCount="${strings.length}">${sst}</sst>`,
    ),
    ...Object.fromEntries(sheetXml.map((rows, at) => [
      `xl/worksheets/sheet${at + 1}.xml`,
      strToU8(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<worksheet xmlns="${main}" xmlns:r="${rel}"><sheetData>${
          rows.join("")
        }</sheetData></worksheet>`,
      ),
    ])),
  });
}
