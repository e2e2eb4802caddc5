/**
 * A browse tree from its categories' full paths, as Google's taxonomy writes them and as a self-describing
 * mapping table does (a `path` column): a category's name is the last step of its path (steps are separated
 * by " > "), and its parent is the category whose path is the path without that step; a path of one step is
 * a root. An id or a path seen twice, or a path whose prefix is not a category, is a BuildError naming the line.
 */
import { BuildError } from "../input/build_error.ts";
import { csvTable, parseCsv, splitCsvMetadata } from "../input/csv_parse.ts";
import { type BrowseEntry, type BrowseTree, buildBrowseTree } from "./browse_tree.ts";
import { BROWSE_ID } from "./browse_tree_reader.ts";

/** The separator of a path's steps. */
export const PATH_STEP = " > ";

/** One category as a file lists it. */
export interface PathCategory {
  readonly id: string;
  readonly path: string;
  readonly line: number;
}

/** The tree of `categories` (read from `file`); throws BuildError naming the line of a problem. */
export function treeFromPaths(file: string, categories: readonly PathCategory[]): BrowseTree {
  const idByPath = new Map<string, string>();
  const seenIds = new Set<string>();
  for (const { id, path, line } of categories) {
    if (seenIds.has(id)) throw new BuildError(file, `line ${line}`, `category id ${id} appears twice`);
    if (idByPath.has(path)) {
      throw new BuildError(file, `line ${line}`, `path "${path}" is also category ${idByPath.get(path)}`);
    }
    seenIds.add(id);
    idByPath.set(path, id);
  }
  const entries: BrowseEntry[] = categories.map(({ id, path, line }) => {
    const cut = path.lastIndexOf(PATH_STEP);
    const name = cut === -1 ? path : path.slice(cut + PATH_STEP.length);
    if (cut === -1) return { id, name, parents: [], line };
    const parentPath = path.slice(0, cut);
    const parent = idByPath.get(parentPath);
    if (parent === undefined) {
      throw new BuildError(
        file,
        `line ${line}`,
        `parent path "${parentPath}" of category ${id} is not a category`,
      );
    }
    return { id, name, parents: [parent], line };
  });
  return buildBrowseTree(file, entries);
}

/** Whether a mapping table's header has a `path` column: the table then describes its own tree. */
export function hasPathColumn(text: string, file: string): boolean {
  const { body, bodyLine } = splitCsvMetadata(text, file);
  const header = parseCsv(body.slice(0, body.indexOf("\n") + 1 || body.length), file, bodyLine)[0];
  return header?.fields.some((field) => field.trim() === "path") ?? false;
}

/** The tree a mapping table with `browse_id` and `path` columns describes, one row per category. */
export function treeOfPathTable(text: string, file: string): BrowseTree {
  const { body, bodyLine } = splitCsvMetadata(text, file);
  const table = csvTable(parseCsv(body, file, bodyLine), file, ["browse_id", "path"]);
  return treeFromPaths(
    file,
    table.rows.map((row) => {
      const id = row.get("browse_id").trim();
      if (!BROWSE_ID.test(id)) {
        throw new BuildError(file, `line ${row.line}`, `browse_id "${id}" is not 1 to 20 digits`);
      }
      const path = row.get("path");
      if (path.trim() === "" || path.split(PATH_STEP).some((step) => step.trim() === "")) {
        throw new BuildError(file, `line ${row.line}`, `path "${path}" has an empty step`);
      }
      return { id, path, line: row.line };
    }),
  );
}
