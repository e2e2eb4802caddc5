/**
 * Reads a retailer browse tree CSV (e.g. Amazon's US grocery nodes) into the tree model.
 *
 * Columns are found by header name: `node_id`, `parent_node_id` (empty for a root; several ids may be
 * separated by `;`) and `node_name`; any other column (depth, node_path) is ignored. A node with several
 * parents may appear on several rows, one per parent. Ids are 1 to 20 digits (surrounding spaces trimmed).
 *
 * Names: Amazon labels some nodes differently under different parents ("Powdered" under one category,
 * "Powdered Milk" under another). The node's name is the one on its first row; a different name under a
 * different parent is kept as an alternate name and reported. Two names for the same id under the same
 * parent contradict each other and are an error. A row whose node, parents and name were all read before
 * (Amazon lists a node once per path, and two paths may end in the same parent) adds nothing: it is
 * reported as a duplicate row.
 */
import { BuildError } from "../input/build_error.ts";
import { csvTable, parseCsv } from "../input/csv_parse.ts";
import { type BrowseEntry, type BrowseTree, buildBrowseTree } from "./browse_tree.ts";

/** A name a node carries on a later row under another parent, reported by the reader. */
export interface AlternateName {
  readonly id: string;
  readonly name: string;
  readonly alternate: string;
  readonly line: number;
}

/** A row that adds nothing: its node, every one of its parents and its name were read before. */
export interface DuplicateRow {
  readonly id: string;
  /** The row's parent_node_id as written (trimmed); "" for a root. */
  readonly parent_node_id: string;
  readonly line: number;
  /** The earlier rows that first gave its edges (one per parent, or the root row). */
  readonly earlier_lines: readonly number[];
}

/** A browse tree read from CSV, with the rows and names it dropped. */
export interface BrowseTreeRead {
  readonly tree: BrowseTree;
  readonly alternate_names: readonly AlternateName[];
  readonly duplicate_rows: readonly DuplicateRow[];
}

/** How often, in rows, the CSV reader reports progress. */
export const PROGRESS_ROWS = 65_536;

/** Pattern of a browse node id. */
export const BROWSE_ID = /^\d{1,20}$/;

interface NodeRows {
  readonly name: string;
  readonly line: number;
  /**
   * Per parent ("" for a root): the name under it and the line that first gave the edge. An array, not a
   * map: a node has few parents, and a million maps cost a million-node tree a third of its reading time.
   */
  readonly edges: { readonly parent: string; readonly name: string; readonly line: number }[];
}

/**
 * Parses browse tree CSV text; throws BuildError naming the file and line of any problem. `onFraction` hears
 * the share of rows read, every PROGRESS_ROWS rows (a million-node tree takes tens of seconds).
 */
export function parseBrowseTreeCsv(
  text: string,
  file: string,
  onFraction?: (fraction: number) => void,
): BrowseTreeRead {
  const table = csvTable(parseCsv(text, file), file, ["node_id", "parent_node_id", "node_name"]);
  const nodes = new Map<string, NodeRows>();
  const alternates: AlternateName[] = [];
  const duplicates: DuplicateRow[] = [];
  let read = 0;
  for (const row of table.rows) {
    if (read++ % PROGRESS_ROWS === 0) onFraction?.(read / table.rows.length);
    const id = row.get("node_id").trim();
    if (!BROWSE_ID.test(id)) {
      throw new BuildError(file, `line ${row.line}`, `node_id "${id}" is not 1 to 20 digits`);
    }
    const name = row.get("node_name").trim();
    if (name === "") throw new BuildError(file, `line ${row.line}`, `node ${id} has no node_name`);
    const parentField = row.get("parent_node_id").trim();
    // A root's one "edge" is keyed "", so a repeated root row is found like any other repeated edge.
    const parents = parentField === "" ? [""] : parentField.split(";").map((part) => part.trim());
    for (const parent of parentField === "" ? [] : parents) {
      if (!BROWSE_ID.test(parent)) {
        throw new BuildError(
          file,
          `line ${row.line}`,
          `parent_node_id "${parent}" of node ${id} is not 1 to 20 digits`,
        );
      }
    }
    let node = nodes.get(id);
    if (node === undefined) {
      node = { name, line: row.line, edges: [] };
      nodes.set(id, node);
    }
    let earlier: Set<number> | undefined;
    for (const parent of parents) {
      const edge = node.edges.find((known) => known.parent === parent);
      if (edge === undefined) node.edges.push({ parent, name, line: row.line });
      else if (edge.name !== name) {
        throw new BuildError(
          file,
          `line ${row.line}`,
          `node ${id} is named "${name}" here and "${edge.name}" on an earlier row under the same parent`,
        );
      } else if (edge.line !== row.line) (earlier ??= new Set()).add(edge.line);
    }
    if (earlier !== undefined && earlier.size === (parents.length === 1 ? 1 : new Set(parents).size)) {
      duplicates.push({
        id,
        parent_node_id: parentField,
        line: row.line,
        earlier_lines: [...earlier].sort((a, b) => a - b),
      });
    } else if (name !== node.name && !alternates.some((a) => a.id === id && a.alternate === name)) {
      alternates.push({ id, name: node.name, alternate: name, line: row.line });
    }
  }
  // Checked here rather than in buildBrowseTree so the message names the row that holds the edge.
  for (const [id, node] of nodes) {
    for (const edge of node.edges) {
      if (edge.parent !== "" && !nodes.has(edge.parent)) {
        throw new BuildError(
          file,
          `line ${edge.line}`,
          `parent ${edge.parent} of node ${id} is not a node of the tree`,
        );
      }
    }
  }
  const entries: BrowseEntry[] = [...nodes].map(([id, node]) => {
    const edges = node.edges.filter((edge) => edge.parent !== "");
    const parents = edges.map((edge) => edge.parent);
    // Most nodes are given by one row: their edges' line is the node's, and they need no map of lines.
    if (edges.every((edge) => edge.line === node.line)) {
      return { id, name: node.name, parents, line: node.line };
    }
    const parentLines = new Map(edges.map((edge) => [edge.parent, edge.line]));
    return { id, name: node.name, parents, line: node.line, parentLines };
  });
  return { tree: buildBrowseTree(file, entries), alternate_names: alternates, duplicate_rows: duplicates };
}
