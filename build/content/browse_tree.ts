/**
 * The tree model every browse-tree reader (retailer CSV, Google-style taxonomy text) produces.
 *
 * A "tree" here is a rooted DAG: a node may have several parents (Amazon lists a node under every category
 * that shows it). `buildBrowseTree` checks the edges (every parent is a node, no cycle) and fixes an order:
 * nodes, roots, parents and children are sorted by numeric id, so everything computed from a tree is
 * independent of row order. Depth is the length of the longest path from a root, a root being depth 1.
 */
import { BuildError } from "../input/build_error.ts";

/** One node of a browse tree. */
export interface BrowseNode {
  readonly id: string;
  readonly name: string;
  /** Parent ids, by numeric id; empty for a root. */
  readonly parents: readonly string[];
  /** Child ids, by numeric id; empty for a leaf. */
  readonly children: readonly string[];
}

/** A checked browse tree. */
export interface BrowseTree {
  /** The file it was read from (the folder, when read from several files), for messages. */
  readonly source: string;
  /** Every node by id, in numeric id order. */
  readonly nodes: ReadonlyMap<string, BrowseNode>;
  /** Root ids, by numeric id. */
  readonly roots: readonly string[];
}

/** What a reader found: one node (its name and the line defining it) and its parent edges. */
export interface BrowseEntry {
  readonly id: string;
  readonly name: string;
  readonly parents: readonly string[];
  /** The line of the file that defines the node, for messages. */
  readonly line: number;
  /** The line that first gives each parent edge, when not `line` (a node listed once per parent). */
  readonly parentLines?: ReadonlyMap<string, number>;
}

/** Shape figures of a tree, as the catalog statistics report them. */
export interface TreeShape {
  readonly nodes: number;
  readonly roots: number;
  readonly leaves: number;
  readonly max_depth: number;
}

/** Compares two digit strings by numeric value (then textually, so "007" and "7" still order stably). */
export function compareNumericIds(a: string, b: string): number {
  // Sorting a large tree compares ids millions of times: ids without a leading zero (all of Amazon's) need
  // no stripping, and a regular expression per comparison made sorting 18,000 ids take a tenth of a second.
  if (a.charCodeAt(0) !== 48 && b.charCodeAt(0) !== 48) {
    if (a.length !== b.length) return a.length - b.length;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  const x = a.replace(/^0+(?=\d)/, "");
  const y = b.replace(/^0+(?=\d)/, "");
  if (x.length !== y.length) return x.length - y.length;
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Where a row is, for messages: its file and the place inside it ("line 12", `sheet "Baby" row 7`). */
export interface RowPlace {
  readonly file: string;
  readonly where: string;
}

/**
 * Builds and checks a tree from one entry per node; throws BuildError on an unknown parent or a cycle.
 * An entry's `line` is the file line by default; a reader of several files numbers rows across them in
 * reading order and passes `placeOf` to turn such a number back into a file and place.
 */
export function buildBrowseTree(
  source: string,
  entries: readonly BrowseEntry[],
  placeOf: (line: number) => RowPlace = (line) => ({ file: source, where: `line ${line}` }),
): BrowseTree {
  const fail = (line: number, problem: string) => {
    const { file, where } = placeOf(line);
    return new BuildError(file, where, problem);
  };
  const byId = new Map<string, BrowseEntry>();
  for (const entry of entries) {
    if (byId.has(entry.id)) throw fail(entry.line, `node ${entry.id} is defined twice`);
    byId.set(entry.id, entry);
  }
  const children = new Map<string, string[]>();
  for (const entry of entries) {
    for (const parent of entry.parents) {
      if (!byId.has(parent)) {
        throw fail(edgeLine(entry, parent), `parent ${parent} of node ${entry.id} is not a node of the tree`);
      }
      const list = children.get(parent) ?? [];
      list.push(entry.id);
      children.set(parent, list);
    }
  }
  const ids = [...byId.keys()].sort(compareNumericIds);
  const nodes = new Map<string, BrowseNode>();
  for (const id of ids) {
    const entry = byId.get(id)!;
    nodes.set(id, {
      id,
      name: entry.name,
      parents: distinctSorted(entry.parents),
      children: distinctSorted(children.get(id) ?? []),
    });
  }
  const cycle = findCycle(nodes);
  if (cycle !== undefined) throw cycleError(fail, byId, cycle);
  return { source, nodes, roots: ids.filter((id) => nodes.get(id)!.parents.length === 0) };
}

/** Ids without repeats, by numeric id; most nodes have one parent and few children, which need no set. */
function distinctSorted(ids: readonly string[]): string[] {
  return ids.length <= 1 ? [...ids] : [...new Set(ids)].sort(compareNumericIds);
}

function edgeLine(entry: BrowseEntry, parent: string): number {
  return entry.parentLines?.get(parent) ?? entry.line;
}

/**
 * The error of a cycle (ids following parent links, ending where it started), named at the row whose edge
 * closes it: of the cycle's edges, the one given last in reading order, since the cycle did not exist before.
 */
function cycleError(
  fail: (line: number, problem: string) => BuildError,
  byId: ReadonlyMap<string, BrowseEntry>,
  cycle: readonly string[],
): BuildError {
  let closing = 0;
  let closingLine = -1;
  for (let at = 0; at < cycle.length - 1; at++) {
    const line = edgeLine(byId.get(cycle[at]!)!, cycle[at + 1]!);
    if (line > closingLine) [closing, closingLine] = [at, line];
  }
  const ring = cycle.slice(0, -1);
  const path = [...ring.slice(closing), ...ring.slice(0, closing), ring[closing]!];
  return fail(
    closingLine,
    `parent ${path[1]} of node ${path[0]} closes a cycle in the parent links: ${path.join(" → ")}`,
  );
}

/** The first cycle found following parent links, as ids ending where it started; undefined if none. */
function findCycle(nodes: ReadonlyMap<string, BrowseNode>): string[] | undefined {
  const state = new Map<string, "open" | "done">();
  for (const start of nodes.keys()) {
    if (state.has(start)) continue;
    // Iterative depth-first walk up the parent links: a deep chain must not overflow the stack.
    const path: string[] = [];
    const stack: { id: string; next: number }[] = [{ id: start, next: 0 }];
    state.set(start, "open");
    path.push(start);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const parents = nodes.get(top.id)!.parents;
      if (top.next < parents.length) {
        const parent = parents[top.next++]!;
        const seen = state.get(parent);
        if (seen === "open") return [...path.slice(path.indexOf(parent)), parent];
        if (seen === undefined) {
          state.set(parent, "open");
          path.push(parent);
          stack.push({ id: parent, next: 0 });
        }
      } else {
        state.set(top.id, "done");
        path.pop();
        stack.pop();
      }
    }
  }
  return undefined;
}

/** Depth of every node: 1 for a root, else 1 + the deepest parent's depth (longest path from a root). */
export function nodeDepths(tree: BrowseTree): Map<string, number> {
  const depth = new Map<string, number>();
  // Nodes come out of a topological order (parents first), so one pass suffices.
  for (const id of topologicalOrder(tree)) {
    const parents = tree.nodes.get(id)!.parents;
    depth.set(id, 1 + Math.max(0, ...parents.map((parent) => depth.get(parent)!)));
  }
  return depth;
}

/** Every node id with each node after all its parents (Kahn's algorithm, ties by numeric id). */
export function topologicalOrder(tree: BrowseTree): string[] {
  const waiting = new Map<string, number>();
  for (const node of tree.nodes.values()) waiting.set(node.id, node.parents.length);
  const order: string[] = [];
  const ready = [...tree.roots];
  for (let at = 0; at < ready.length; at++) {
    const id = ready[at]!;
    order.push(id);
    for (const child of tree.nodes.get(id)!.children) {
      const left = waiting.get(child)! - 1;
      waiting.set(child, left);
      if (left === 0) ready.push(child);
    }
  }
  return order;
}

/** Node, root and leaf counts and the maximum depth of a tree. */
export function treeShape(tree: BrowseTree): TreeShape {
  let leaves = 0;
  for (const node of tree.nodes.values()) if (node.children.length === 0) leaves++;
  const depths = nodeDepths(tree);
  return {
    nodes: tree.nodes.size,
    roots: tree.roots.length,
    leaves,
    max_depth: tree.nodes.size === 0 ? 0 : Math.max(...depths.values()),
  };
}

/** Every ancestor of a node over all parent paths (the node itself excluded), by numeric id. */
export function ancestorsOf(tree: BrowseTree, id: string): string[] {
  const seen = new Set<string>();
  const queue = [...(tree.nodes.get(id)?.parents ?? [])];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...tree.nodes.get(next)!.parents);
  }
  return [...seen].sort(compareNumericIds);
}
