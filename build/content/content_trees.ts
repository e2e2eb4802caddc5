/**
 * The browse trees of a data folder and their mapping tables, paired: every folder `data/browse/<name>/`
 * is a tree, every table `data/mappings/*.csv` maps one tree, named by its `# browse_tree` line. A table
 * with a `path` column describes its own tree (path_tree.ts) and needs no folder. Each tree is answered
 * under a request name (classify's `tree` parameter): the table's `# tree` line, else the tree's name. With
 * several trees, exactly one table says `# default_tree: yes`: that tree answers requests naming none.
 *
 * Refused, naming the files: a table naming a tree that has no folder and no paths, two tables for one tree,
 * a path table for a tree that also has a folder, a request name used twice or not of lower-case letters,
 * digits and hyphens, and a missing or doubled default.
 */
import { BuildError } from "../input/build_error.ts";
import { splitCsvMetadata } from "../input/csv_parse.ts";
import type { BuildInputs } from "../input/build_inputs.ts";
import type { Progress } from "../progress.ts";
import { type BrowseTreeFolderRead, readBrowseTreeFolder } from "./browse_tree_folder.ts";
import { type MappingTable, parseMappingTable } from "./mapping_table_reader.ts";
import { hasPathColumn, treeOfPathTable } from "./path_tree.ts";

/** One tree, read, with its table. */
export interface ReadTree {
  /** The tree's name: its folder's, or the path table's `browse_tree`. */
  readonly name: string;
  /** What classify's `tree` parameter calls it. */
  readonly request: string;
  /** Whether it answers requests that name no tree. */
  readonly default: boolean;
  readonly read: BrowseTreeFolderRead;
  readonly table: MappingTable | undefined;
}

/** A request name: what a client may write in `tree=`. */
export const TREE_REQUEST_NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** Reads every tree and table of `inputs`, the default first, then by request name. */
export async function readContentTrees(inputs: BuildInputs, progress: Progress): Promise<ReadTree[]> {
  const tables = await Promise.all(
    inputs.mappingTables.map(async (file) => ({ file, text: await Deno.readTextFile(file) })),
  );
  const folders = new Map(inputs.browseTrees.map((tree) => [tree.name, tree]));
  const tableOf = new Map<string, { file: string; text: string; metadata: ReadonlyMap<string, string> }>();
  for (const table of tables) {
    const { metadata } = splitCsvMetadata(table.text, table.file);
    const declared = metadata.get("browse_tree");
    const paths = hasPathColumn(table.text, table.file);
    // One folder and one table: they belong together, and the table reader says so when its ids disagree.
    const only = folders.size === 1 && tables.length === 1 && !paths ? [...folders.keys()][0] : undefined;
    const name = only ?? declared;
    if (name === undefined) {
      throw new BuildError(table.file, "metadata", "lacks the `# browse_tree: <name>` line naming its tree");
    }
    const other = tableOf.get(name);
    if (other !== undefined) {
      throw new BuildError(
        table.file,
        "metadata",
        `maps tree "${name}", as ${other.file} does: one table a tree`,
      );
    }
    if (paths && folders.has(name)) {
      throw new BuildError(
        table.file,
        "header",
        `has a path column, but tree "${name}" has its folder ${
          folders.get(name)!.folder
        }: one source a tree`,
      );
    }
    if (!paths && !folders.has(name)) {
      throw new BuildError(
        table.file,
        "metadata",
        `maps tree "${name}", which has no folder in ${inputs.dataDir}/browse and no path column to derive it`,
      );
    }
    tableOf.set(name, { ...table, metadata });
  }
  const names = [...new Set([...folders.keys(), ...tableOf.keys()])].sort();
  const trees: ReadTree[] = [];
  for (const name of names) {
    const table = tableOf.get(name);
    const folder = folders.get(name);
    let read: BrowseTreeFolderRead;
    if (folder !== undefined) {
      read = await readBrowseTreeFolder(name, folder.folder, folder.files, progress);
    } else {
      progress.step(`reading browse tree ${name} from the paths of ${table!.file}`);
      const tree = treeOfPathTable(table!.text, table!.file);
      read = {
        tree,
        report: {
          format: "path table",
          files: [table!.file],
          nodes: tree.nodes.size,
          roots: tree.roots.length,
        },
        duplicate_rows: [],
        alternate_names: [],
        warnings: [],
      };
      progress.line(
        `browse tree ${name}: the paths of ${
          table!.file
        }, ${tree.nodes.size} nodes, ${tree.roots.length} roots`,
      );
    }
    let parsed: MappingTable | undefined;
    if (table !== undefined) {
      progress.step(`reading mapping table ${table.file}`);
      parsed = parseMappingTable(table.text, table.file, read.tree, name);
    }
    const request = table?.metadata.get("tree") ?? name;
    if (!TREE_REQUEST_NAME.test(request)) {
      throw new BuildError(
        table?.file ?? folder!.folder,
        "metadata",
        `tree "${request}" is not a request name: 1 to 40 lower-case letters, digits and hyphens`,
      );
    }
    const same = trees.find((one) => one.request === request);
    if (same !== undefined) {
      throw new BuildError(
        table?.file ?? folder!.folder,
        "metadata",
        `tree "${request}" names ${same.name} too`,
      );
    }
    const declared = table?.metadata.get("default_tree");
    if (declared !== undefined && declared !== "yes" && declared !== "no") {
      throw new BuildError(table!.file, "metadata", `default_tree "${declared}" is not yes or no`);
    }
    trees.push({ name, request, default: declared === "yes", read, table: parsed });
  }
  if (trees.length === 1) return [{ ...trees[0]!, default: true }];
  const defaults = trees.filter((tree) => tree.default);
  if (trees.length > 1 && defaults.length !== 1) {
    throw new BuildError(
      `${inputs.dataDir}/mappings`,
      "metadata",
      `${trees.length} trees (${trees.map((tree) => tree.request).join(", ")}) and ${defaults.length} ` +
        "tables saying `# default_tree: yes`: exactly one tree must be the default",
    );
  }
  return [...defaults, ...trees.filter((tree) => !tree.default)];
}
