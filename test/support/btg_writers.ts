/**
 * Writes a parent-id browse tree CSV back as Amazon's Browse Tree Guides, so the guide reader is tested on
 * files shaped like Amazon's (the real guides are not at hand).
 *
 * Amazon publishes one guide per category, one row per path of a node (a node under two parents, or under a
 * node reached two ways, has a row per path), columns `Node ID`, `Node Path` (levels joined by "/", no spaces
 * around it) and, in US guides, `Query`; a workbook opens with an instructions sheet. Here the guides are cut
 * by a level of the path (`guidesOf`), the levels are the names the CSV gives a node under each parent, and
 * rows go in path order.
 */
import { csvTable, parseCsv } from "../../build/input/csv_parse.ts";
import { writeXlsxWorkbook, type XlsxCell } from "./gpc_writers.ts";

/** One guide: its file name stem, its category, and its rows of id and path. */
export interface Guide {
  readonly stem: string;
  readonly category: string;
  readonly rows: readonly { readonly id: string; readonly path: string }[];
}

/**
 * The guides of a parent-id tree CSV, in file name order: one per category, a category being a distinct
 * name at `level` of the paths (1: the categories under a single root, each guide repeating the root's row;
 * 0: one guide per root).
 */
export function guidesOf(csv: string, prefix: string, level = 1): Guide[] {
  const table = csvTable(parseCsv(csv, "tree.csv"), "tree.csv", ["node_id", "parent_node_id", "node_name"]);
  // Per node: the name under each parent ("" for a root), first row first.
  const under = new Map<string, Map<string, string>>();
  for (const row of table.rows) {
    const id = row.get("node_id").trim();
    const edges = under.get(id) ?? new Map<string, string>();
    under.set(id, edges);
    const parents = row.get("parent_node_id").trim();
    for (const parent of parents === "" ? [""] : parents.split(";")) {
      if (!edges.has(parent)) edges.set(parent, row.get("node_name").trim());
    }
  }
  const paths = new Map<string, string[]>();
  const pathsOf = (id: string): string[] => {
    let known = paths.get(id);
    if (known === undefined) {
      known = [];
      for (const [parent, name] of under.get(id)!) {
        if (parent === "") known.push(name);
        else for (const above of pathsOf(parent)) known.push(`${above}/${name}`);
      }
      paths.set(id, known);
    }
    return known;
  };
  const rows = [...under.keys()].flatMap((id) => pathsOf(id).map((path) => ({ id, path })));
  const heads = rows.filter((row) => row.path.split("/").length <= level);
  const byCategory = new Map<string, { id: string; path: string }[]>();
  for (const row of rows) {
    const category = row.path.split("/")[level];
    if (category === undefined) continue;
    const list = byCategory.get(category) ?? [...heads];
    list.push(row);
    byCategory.set(category, list);
  }
  return [...byCategory].map(([category, list]) => ({
    stem: `${prefix}${slug(category)}`,
    category,
    rows: list.sort((a, b) => comparePaths(a.path, b.path)),
  })).sort((a, b) => a.stem < b.stem ? -1 : a.stem > b.stem ? 1 : 0);
}

/** A guide as CSV, the way a spreadsheet program saves its category sheet. */
export function guideCsv(guide: Guide): string {
  const quote = (text: string) => /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  const lines = guide.rows.map((row) => `${row.id},${quote(row.path)},${query(row.path)}`);
  return `Node ID,Node Path,Query\r\n${lines.join("\r\n")}\r\n`;
}

/** A guide as Amazon's workbook: an instructions sheet, then the category's sheet with numeric Node IDs. */
export function guideXlsx(guide: Guide): Uint8Array {
  const rows: XlsxCell[][] = [["Node ID", "Node Path", "Query"]];
  for (const row of guide.rows) rows.push([Number(row.id), row.path, query(row.path)]);
  return writeXlsxWorkbook([
    {
      name: "Instructions",
      rows: [["Browse Tree Guide"], ["Find the node that fits the product and enter its Node ID."]],
    },
    // Excel caps sheet names at 31 characters.
    { name: guide.category.slice(0, 31), rows },
  ]);
}

/** US guides give an item type keyword for each leaf-like path; its content does not matter to the reader. */
function query(path: string): string {
  return `item_type_keyword:${slug(path.slice(path.lastIndexOf("/") + 1))}`;
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");
}

/** Paths compared level by level, as a guide sorts them (a parent before its children). */
function comparePaths(a: string, b: string): number {
  const x = a.split("/");
  const y = b.split("/");
  for (let at = 0; at < Math.min(x.length, y.length); at++) {
    if (x[at] !== y[at]) return x[at]! < y[at]! ? -1 : 1;
  }
  return x.length - y.length;
}
