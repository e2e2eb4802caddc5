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
 * parent contradict each other and are an error.
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

/** A browse tree read from CSV, with the alternate names it dropped. */
export interface BrowseTreeRead {
  readonly tree: BrowseTree;
  readonly alternate_names: readonly AlternateName[];
}

/** Pattern of a browse node id. */
export const BROWSE_ID = /^\d{1,20}$/;

/** Parses browse tree CSV text; throws BuildError naming the file and line of any problem. */
export function parseBrowseTreeCsv(text: string, file: string): BrowseTreeRead {
  const table = csvTable(parseCsv(text, file), file, ["node_id", "parent_node_id", "node_name"]);
  const nodes = new Map<
    string,
    { name: string; line: number; parents: string[]; names: Map<string, string> }
  >();
  const alternates: AlternateName[] = [];
  const edges: { id: string; parents: string[]; line: number }[] = [];
  for (const row of table.rows) {
    const where = `line ${row.line}`;
    const id = row.get("node_id").trim();
    if (!BROWSE_ID.test(id)) throw new BuildError(file, where, `node_id "${id}" is not 1 to 20 digits`);
    const name = row.get("node_name").trim();
    if (name === "") throw new BuildError(file, where, `node ${id} has no node_name`);
    const parentField = row.get("parent_node_id").trim();
    const parents = parentField === "" ? [] : parentField.split(";").map((part) => part.trim());
    for (const parent of parents) {
      if (!BROWSE_ID.test(parent)) {
        throw new BuildError(file, where, `parent_node_id "${parent}" of node ${id} is not 1 to 20 digits`);
      }
    }
    let node = nodes.get(id);
    if (node === undefined) {
      node = { name, line: row.line, parents: [], names: new Map() };
      nodes.set(id, node);
    }
    for (const parent of parents.length === 0 ? [""] : parents) {
      const earlier = node.names.get(parent);
      if (earlier !== undefined && earlier !== name) {
        throw new BuildError(
          file,
          where,
          `node ${id} is named "${name}" here and "${earlier}" on an earlier row under the same parent`,
        );
      }
      node.names.set(parent, name);
    }
    if (name !== node.name && !alternates.some((a) => a.id === id && a.alternate === name)) {
      alternates.push({ id, name: node.name, alternate: name, line: row.line });
    }
    node.parents.push(...parents);
    edges.push({ id, parents, line: row.line });
  }
  // Checked here rather than in buildBrowseTree so the message names the row that holds the edge.
  for (const edge of edges) {
    for (const parent of edge.parents) {
      if (!nodes.has(parent)) {
        throw new BuildError(
          file,
          `line ${edge.line}`,
          `parent ${parent} of node ${edge.id} is not a node of the tree`,
        );
      }
    }
  }
  const entries: BrowseEntry[] = [...nodes].map(([id, node]) => ({
    id,
    name: node.name,
    parents: node.parents,
    where: `line ${node.line}`,
  }));
  return { tree: buildBrowseTree(file, entries), alternate_names: alternates };
}
