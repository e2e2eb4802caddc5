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
import { unzipSync } from "npm:fflate@0.8.3";
import { BuildError } from "../input/build_error.ts";
import type { GpcEntry, GpcRelease, ReadProgress } from "./gpc_model.ts";
import { resolveReleaseId } from "./gpc_release_id.ts";
import { eightDigitCode } from "./gpc_validate.ts";
import { findSchemaSheet, readSharedStrings, readSheetRows, type SheetRow } from "./gpc_xlsx_sheet.ts";

const REQUIRED = [
  "SegmentCode",
  "SegmentTitle",
  "FamilyCode",
  "FamilyTitle",
  "ClassCode",
  "ClassTitle",
  "BrickCode",
  "BrickTitle",
] as const;

/** The official columns of GS1's XLSX publication, in GS1's order; any others are ignored. */
export const GPC_XLSX_COLUMNS = [
  "SegmentCode",
  "SegmentTitle",
  "SegmentDefinition",
  "FamilyCode",
  "FamilyTitle",
  "FamilyDefinition",
  "ClassCode",
  "ClassTitle",
  "ClassDefinition",
  "BrickCode",
  "BrickTitle",
  "BrickDefinition_Includes",
  "BrickDefinition_Excludes",
  "AttributeCode",
  "AttributeTitle",
  "AttributeDefinition",
  "AttributeValueCode",
  "AttributeValueTitle",
  "AttributeValueDefinition",
] as const;

type Column = typeof GPC_XLSX_COLUMNS[number];

const KINDS = ["segment", "family", "class", "brick", "attribute type", "attribute value"];
const CODE_COLUMNS = [
  "SegmentCode",
  "FamilyCode",
  "ClassCode",
  "BrickCode",
  "AttributeCode",
  "AttributeValueCode",
];

interface Node {
  code: string;
  title: string;
  definition: string;
  active: true;
  /** Where the node was first seen, for messages. */
  row: number;
  parent: string;
}
interface ValueNode extends Node {}
interface TypeNode extends Node {
  values: ValueNode[];
  valueCodes: Set<string>;
}
interface BrickNode extends Node {
  definitionExcludes: string;
  attributes: TypeNode[];
  types: Map<string, TypeNode>;
}
interface ClassNode extends Node {
  bricks: BrickNode[];
}
interface FamilyNode extends Node {
  classes: ClassNode[];
}
interface SegmentNode extends Node {
  families: FamilyNode[];
}

/** Reads a GPC XLSX file; throws BuildError naming the file and the row, part or cell of any problem. */
export async function readGpcXlsx(path: string, onProgress?: ReadProgress): Promise<GpcRelease> {
  const release = resolveReleaseId(path, undefined, "file name");
  const parts = unzipParts(await Deno.readFile(path), path);
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

function entry(node: Node): GpcEntry {
  return { code: node.code, title: node.title, definition: node.definition, active: node.active };
}

/** Builds the hierarchy row by row, merging rows that repeat a node. */
class XlsxModel {
  columns: Map<Column, number> | undefined;
  readonly segments: SegmentNode[] = [];
  private readonly nodes = new Map<string, Node>();
  constructor(private readonly path: string) {}

  add({ row, cells }: SheetRow): void {
    if (cells.every((cell) => cell === undefined || cell === "")) return;
    if (this.columns === undefined) {
      this.columns = this.header(row, cells);
      return;
    }
    const where = `row ${row}`;
    const read = (column: Column): string => {
      const index = this.columns!.get(column);
      const value = index === undefined ? undefined : cells[index];
      return value === undefined ? "" : String(value).trim() === "" ? "" : String(value);
    };
    const code = (column: Column): string | undefined => {
      const index = this.columns!.get(column);
      const value = index === undefined ? undefined : cells[index];
      if (value === undefined || (typeof value === "string" && value.trim() === "")) return undefined;
      return eightDigitCode(value, this.path, `${where} column ${column}`);
    };
    const levels = [
      code("SegmentCode"),
      code("FamilyCode"),
      code("ClassCode"),
      code("BrickCode"),
      code("AttributeCode"),
      code("AttributeValueCode"),
    ];
    const depth = levels.findLastIndex((level) => level !== undefined) + 1;
    const missing = levels.slice(0, depth).findIndex((level) => level === undefined);
    if (missing !== -1) {
      throw new BuildError(
        this.path,
        where,
        `${KINDS[depth - 1]} ${levels[depth - 1]} has no ${CODE_COLUMNS[missing]} (a ${
          KINDS[depth - 1]
        } must be ` +
          `inside a ${KINDS[depth - 2]})`,
      );
    }
    const [s, f, c, b, t, v] = levels;
    if (s === undefined) return;
    const segment = this.node<SegmentNode>(
      "segment",
      s,
      "",
      row,
      read("SegmentTitle"),
      read("SegmentDefinition"),
      () => this.segments,
      { families: [] },
    );
    if (f === undefined) return;
    const family = this.node<FamilyNode>(
      "family",
      f,
      s,
      row,
      read("FamilyTitle"),
      read("FamilyDefinition"),
      () => segment.families,
      { classes: [] },
    );
    if (c === undefined) return;
    const klass = this.node<ClassNode>(
      "class",
      c,
      f,
      row,
      read("ClassTitle"),
      read("ClassDefinition"),
      () => family.classes,
      { bricks: [] },
    );
    if (b === undefined) return;
    const brick = this.node<BrickNode>(
      "brick",
      b,
      c,
      row,
      read("BrickTitle"),
      read("BrickDefinition_Includes"),
      () => klass.bricks,
      { definitionExcludes: read("BrickDefinition_Excludes"), attributes: [], types: new Map() },
    );
    if (t === undefined) return;
    let type = brick.types.get(t);
    const typeTitle = read("AttributeTitle");
    if (type === undefined) {
      type = {
        ...this.fresh(t, b, row, typeTitle, read("AttributeDefinition")),
        values: [],
        valueCodes: new Set(),
      };
      brick.types.set(t, type);
      brick.attributes.push(type);
    } else if (type.title !== typeTitle) {
      throw this.retitled(where, "attribute type", t, typeTitle, type);
    }
    if (v === undefined) return;
    if (type.valueCodes.has(v)) {
      throw new BuildError(this.path, where, `repeats brick ${b} attribute type ${t} value ${v}`);
    }
    type.valueCodes.add(v);
    type.values.push(this.fresh(v, t, row, read("AttributeValueTitle"), read("AttributeValueDefinition")));
  }

  private header(row: number, cells: readonly (string | number | undefined)[]): Map<Column, number> {
    const columns = new Map<Column, number>();
    const known = new Set<string>(GPC_XLSX_COLUMNS);
    cells.forEach((cell, index) => {
      const name = String(cell ?? "").trim();
      if (known.has(name) && !columns.has(name as Column)) columns.set(name as Column, index);
    });
    const absent = REQUIRED.filter((name) => !columns.has(name));
    if (absent.length > 0) {
      throw new BuildError(this.path, `row ${row}`, `header lacks the column(s) ${absent.join(", ")}`);
    }
    for (
      const [code, title] of [["AttributeCode", "AttributeTitle"], [
        "AttributeValueCode",
        "AttributeValueTitle",
      ]] as const
    ) {
      if (columns.has(code) && !columns.has(title)) {
        throw new BuildError(this.path, `row ${row}`, `header has ${code} but not ${title}`);
      }
    }
    return columns;
  }

  private fresh(code: string, parent: string, row: number, title: string, definition: string): Node {
    if (title === "") throw new BuildError(this.path, `row ${row}`, `code ${code} has no title`);
    return { code, title, definition, active: true, row, parent };
  }

  /** The hierarchy node `code`, created under `parent` on first sight, else checked against this row. */
  private node<T extends Node>(
    kind: string,
    code: string,
    parent: string,
    row: number,
    title: string,
    definition: string,
    siblings: () => T[],
    extra: Omit<T, keyof Node>,
  ): T {
    const known = this.nodes.get(`${kind} ${code}`);
    if (known === undefined) {
      const created = { ...this.fresh(code, parent, row, title, definition), ...extra } as T;
      this.nodes.set(`${kind} ${code}`, created);
      siblings().push(created);
      return created;
    }
    if (known.parent !== parent) {
      throw new BuildError(
        this.path,
        `row ${row}`,
        `${kind} ${code} is under ${parent} here but under ${known.parent} on row ${known.row}`,
      );
    }
    if (known.title !== title) throw this.retitled(`row ${row}`, kind, code, title, known);
    return known as T;
  }

  private retitled(where: string, kind: string, code: string, title: string, known: Node): BuildError {
    return new BuildError(
      this.path,
      where,
      `${kind} ${code} is titled "${title}" here but "${known.title}" on row ${known.row}`,
    );
  }
}

function unzipParts(bytes: Uint8Array, path: string): Record<string, Uint8Array> {
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
