/**
 * Reads a GS1 GPC XLSX publication into the normalised model.
 *
 * The workbook's sheet `Schema` (or its only sheet) is denormalised: one row per brick × attribute type ×
 * attribute value, a brick without attributes being one row with empty attribute columns. Columns are found
 * by header name, because files re-saved by users drop columns or add others (the November 2025 file has
 * only the hierarchy plus `*_AR` title columns): the code and title columns of segment, family, class and
 * brick are required, attribute and definition columns optional. Codes arrive as numbers or as shared
 * strings. XLSX has no active flag (every node is active) and no date (the release id comes from the file
 * name). Nodes keep the order of their first row; a code whose title or parent changes between rows, a
 * brick row without a class code and a repeated brick × attribute type × value row are errors naming the row
 * (a repeated row without a value adds nothing and is accepted).
 */
import { BuildError } from "../input/build_error.ts";
import type { GpcRelease, ReadProgress } from "./gpc_model.ts";
import { resolveReleaseId } from "./gpc_release_id.ts";
import { findSchemaSheet, readSharedStrings, readSheetRows, unzipXlsx } from "./gpc_xlsx_sheet.ts";
import { entry, XlsxModel } from "./gpc_xlsx_model.ts";

/** Reads a GPC XLSX file; throws BuildError naming the file and the row, part or cell of any problem. */
export async function readGpcXlsx(path: string, onProgress?: ReadProgress): Promise<GpcRelease> {
  const release = resolveReleaseId(path, undefined, "file name");
  const parts = unzipXlsx(await Deno.readFile(path), path);
  const sheet = findSchemaSheet(parts, path);
  const strings = readSharedStrings(parts, path);
  const model = new XlsxModel(path);
  readSheetRows(parts, sheet, strings, path, (row) => model.add(row), onProgress);
  if (model.columns === undefined) {
    throw new BuildError(path, `sheet "${sheet.name}"`, "is empty: no header row");
  }
  const segments = model.segments.map((s) => ({
    ...entry(s),
    families: s.families.map((f) => ({
      ...entry(f),
      classes: f.classes.map((c) => ({
        ...entry(c),
        bricks: c.bricks.map((b) => ({
          ...entry(b),
          definitionExcludes: b.definitionExcludes,
          attributes: b.attributes.map((t) => ({ ...entry(t), values: t.values.map(entry) })),
        })),
      })),
    })),
  }));
  return { release, language: "", source: path, segments };
}
