/**
 * The rows of a GS1 GPC XLSX `Schema` sheet merged into the hierarchy: one row per brick × attribute type ×
 * attribute value, columns found by header name. A node is created at its first row and checked at every
 * later one (same parent, same title); a repeated brick × attribute type × value row is an error naming the
 * row. gpc_xlsx_reader.ts turns the result into the normalised model.
 */
import { BuildError } from "../input/build_error.ts";
import type { GpcEntry } from "./gpc_model.ts";
import { eightDigitCode } from "./gpc_validate.ts";
import type { SheetRow } from "./gpc_xlsx_sheet.ts";

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

/** A hierarchy node as first seen. */
export interface Node {
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
/** A segment with its families, in the order of their first rows. */
export interface SegmentNode extends Node {
  families: FamilyNode[];
}

/** A node as the normalised model holds it. */
export function entry(node: Node): GpcEntry {
  return { code: node.code, title: node.title, definition: node.definition, active: node.active };
}

/** Builds the hierarchy row by row, merging rows that repeat a node. */
export class XlsxModel {
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
