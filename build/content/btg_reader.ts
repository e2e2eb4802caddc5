/**
 * A browse tree from Browse Tree Guide rows (`btg_rows.ts`): the union of every row of every guide read, with
 * the parents derived from the paths.
 *
 * A path's levels are separated by "/", as Amazon writes them ("Baby Products/Apparel & Accessories/Baby
 * Boys"); each level is trimmed, and an empty level is a BuildError. A node's name is the last level; its
 * parent is the node whose path is the row's path less its last level; a one-level path is a root. A node
 * reached by several paths has a row per path, and its parents are the union over its rows.
 *
 * What the paths leave open is reported, never guessed:
 * - an unknown parent path (no row has it) gives the node no parent. A node without any known parent and
 *   without a one-level path is an orphan: it is kept, as a root, so its id still answers and its own mapping
 *   row still applies. When a shorter prefix of the path is a node's, the report names that node: a level
 *   name holding "/" ("Snacks/Sweets") reads exactly like a missing level, and nothing tells the two apart.
 * - an ambiguous parent path (the path of several nodes) gives the node no parent either.
 * A node's name is the last level of its first row (in reading order: files by name, sheets in workbook
 * order, rows in order); another name on a later row is an alternate name. A row repeating a node and a path
 * already read is a duplicate row. Both are reported.
 */
import { BuildError } from "../input/build_error.ts";
import { type BrowseEntry, type BrowseTree, buildBrowseTree, type RowPlace } from "./browse_tree.ts";
import { type BtgSheet, btgWhere } from "./btg_rows.ts";

/**
 * A row of a guide, as reports name it: file, sheet (workbooks only) and line (CSV) or row (sheet). Reports
 * give a row's path with its levels trimmed and joined by "/".
 */
export interface BtgPlace {
  readonly file: string;
  readonly sheet?: string;
  readonly line: number;
}

/** A row whose parent path is no node's path. */
export interface UnknownParentPath extends BtgPlace {
  readonly id: string;
  readonly node_path: string;
  readonly parent_path: string;
  /** The longest shorter prefix that is a node's path, and that node: the parent if the rest is one name. */
  readonly nearest_known_path?: string;
  readonly nearest_known_id?: string;
}

/** A row whose parent path is the path of several nodes. */
export interface AmbiguousParentPath extends BtgPlace {
  readonly id: string;
  readonly node_path: string;
  readonly parent_path: string;
  readonly candidates: readonly string[];
}

/** A node none of whose paths has a known parent: kept as a root. Its place is its first row. */
export interface BtgOrphan extends BtgPlace {
  readonly id: string;
  readonly name: string;
}

/** A row repeating a node and a path already read. */
export interface BtgDuplicateRow extends BtgPlace {
  readonly id: string;
  readonly node_path: string;
  readonly earlier: BtgPlace;
}

/** A name a node carries on a later row (under another path). */
export interface BtgAlternateName extends BtgPlace {
  readonly id: string;
  readonly name: string;
  readonly alternate: string;
}

/** Figures of a union of guides, for the build report. */
export interface BtgCounts {
  readonly files: number;
  readonly sheets: number;
  readonly rows: number;
  readonly nodes: number;
  readonly roots: number;
  readonly multi_path_nodes: number;
  readonly multi_parent_nodes: number;
  readonly orphans: number;
  readonly unknown_parent_paths: number;
  readonly ambiguous_parent_paths: number;
  readonly duplicate_rows: number;
  readonly alternate_names: number;
}

/** The tree of a union of guides and everything the reader reports about it. */
export interface BtgRead {
  readonly tree: BrowseTree;
  readonly counts: BtgCounts;
  readonly unknown_parent_paths: readonly UnknownParentPath[];
  readonly ambiguous_parent_paths: readonly AmbiguousParentPath[];
  readonly orphans: readonly BtgOrphan[];
  readonly duplicate_rows: readonly BtgDuplicateRow[];
  readonly alternate_names: readonly BtgAlternateName[];
}

/** Rows are numbered across sheets in reading order: sheet index × 2^32 + line, so order compares plainly. */
const SHEET_SPAN = 2 ** 32;

interface NodeRows {
  readonly name: string;
  readonly line: number;
  /** Per path (its levels trimmed and joined by "/"): the row that first gave it. */
  readonly paths: Map<string, number>;
  /** Names set aside as alternates (most nodes have none). */
  alternates?: Set<string>;
}

/** Builds the tree of the union of `sheets` (in reading order); `source` names it in messages. */
export function readBrowseTreeGuides(sheets: readonly BtgSheet[], source: string): BtgRead {
  const placeOf = (ordinal: number): BtgPlace => {
    const sheet = sheets[Math.floor(ordinal / SHEET_SPAN)]!;
    const line = ordinal % SHEET_SPAN;
    return sheet.sheet === undefined
      ? { file: sheet.file, line }
      : { file: sheet.file, sheet: sheet.sheet, line };
  };
  const nodes = new Map<string, NodeRows>();
  const idsByPath = new Map<string, string[]>();
  const duplicates: BtgDuplicateRow[] = [];
  const alternates: BtgAlternateName[] = [];
  let rows = 0;
  sheets.forEach((sheet, at) => {
    for (const row of sheet.rows) {
      rows++;
      const line = at * SHEET_SPAN + row.line;
      const key = pathKey(row.path, sheet, row.line);
      const name = key.slice(key.lastIndexOf("/") + 1);
      let node = nodes.get(row.id);
      if (node === undefined) {
        node = { name, line, paths: new Map() };
        nodes.set(row.id, node);
      }
      const earlier = node.paths.get(key);
      if (earlier !== undefined) {
        duplicates.push({ ...placeOf(line), id: row.id, node_path: key, earlier: placeOf(earlier) });
        continue;
      }
      node.paths.set(key, line);
      const ids = idsByPath.get(key);
      if (ids === undefined) idsByPath.set(key, [row.id]);
      else ids.push(row.id);
      if (name !== node.name && !node.alternates?.has(name)) {
        (node.alternates ??= new Set()).add(name);
        alternates.push({ ...placeOf(line), id: row.id, name: node.name, alternate: name });
      }
    }
  });

  const unknown: (UnknownParentPath & { ordinal: number })[] = [];
  const ambiguous: (AmbiguousParentPath & { ordinal: number })[] = [];
  const orphans: BtgOrphan[] = [];
  const entries: BrowseEntry[] = [];
  let multiPath = 0;
  for (const [id, node] of nodes) {
    const parentLines = new Map<string, number>();
    let root = false;
    for (const [key, line] of node.paths) {
      const cut = key.lastIndexOf("/");
      if (cut === -1) {
        root = true;
        continue;
      }
      const parentPath = key.slice(0, cut);
      const ids = idsByPath.get(parentPath);
      const row = { ...placeOf(line), id, node_path: key, parent_path: parentPath, ordinal: line };
      if (ids === undefined) unknown.push({ ...row, ...nearestKnown(parentPath, idsByPath) });
      else if (ids.length > 1) ambiguous.push({ ...row, candidates: ids });
      else if (!parentLines.has(ids[0]!)) parentLines.set(ids[0]!, line);
    }
    if (node.paths.size > 1) multiPath++;
    if (parentLines.size === 0 && !root) orphans.push({ ...placeOf(node.line), id, name: node.name });
    entries.push({ id, name: node.name, parents: [...parentLines.keys()], line: node.line, parentLines });
  }
  const tree = buildBrowseTree(source, entries, (ordinal): RowPlace => {
    const place = placeOf(ordinal);
    return { file: place.file, where: btgWhere(place.sheet, place.line) };
  });
  const byOrdinal = (a: { ordinal: number }, b: { ordinal: number }) => a.ordinal - b.ordinal;
  const unordinal = <T extends { ordinal: number }>({ ordinal: _, ...rest }: T) => rest;
  let multiParent = 0;
  for (const node of tree.nodes.values()) if (node.parents.length > 1) multiParent++;
  return {
    tree,
    counts: {
      files: new Set(sheets.map((sheet) => sheet.file)).size,
      sheets: sheets.length,
      rows,
      nodes: tree.nodes.size,
      roots: tree.roots.length,
      multi_path_nodes: multiPath,
      multi_parent_nodes: multiParent,
      orphans: orphans.length,
      unknown_parent_paths: unknown.length,
      ambiguous_parent_paths: ambiguous.length,
      duplicate_rows: duplicates.length,
      alternate_names: alternates.length,
    },
    unknown_parent_paths: unknown.sort(byOrdinal).map(unordinal),
    ambiguous_parent_paths: ambiguous.sort(byOrdinal).map(unordinal),
    orphans,
    duplicate_rows: duplicates,
    alternate_names: alternates,
  };
}

/** A path with its levels trimmed and joined by "/"; an empty level is a BuildError. */
function pathKey(path: string, sheet: BtgSheet, line: number): string {
  // Most paths are in this form already: splitting each one cost a third of the read.
  if (!MAYBE_UNTRIMMED.test(path)) return path;
  const levels = path.split("/").map((level) => level.trim());
  if (levels.includes("")) {
    throw new BuildError(sheet.file, btgWhere(sheet.sheet, line), `Node Path "${path}" has an empty level`);
  }
  return levels.join("/");
}

/** A path that may hold a level to trim or an empty one: a space or a "/" beside a "/", or either at an end. */
const MAYBE_UNTRIMMED = /\s\/|\/\s|\/\/|^[\s/]|[\s/]$/;

/** The longest proper prefix of `parentPath` that is exactly one node's path, if any. */
function nearestKnown(
  parentPath: string,
  idsByPath: ReadonlyMap<string, readonly string[]>,
): { nearest_known_path: string; nearest_known_id: string } | Record<never, never> {
  for (let cut = parentPath.lastIndexOf("/"); cut > 0; cut = parentPath.lastIndexOf("/", cut - 1)) {
    const prefix = parentPath.slice(0, cut);
    const ids = idsByPath.get(prefix);
    if (ids !== undefined) {
      return ids.length === 1 ? { nearest_known_path: prefix, nearest_known_id: ids[0]! } : {};
    }
  }
  return {};
}
