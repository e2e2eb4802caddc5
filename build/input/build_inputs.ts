/**
 * Finds the build's inputs in a data directory, by folder:
 *
 * ```
 * data/gpc/        one or more GS1 GPC publications (.xml, .json or .xlsx), one per release: the build serves
 *                  the newest (GPC_RELEASES_KEEP, `--keep`) side by side
 * data/browse/T/   browse trees, T a tree's name: Browse Tree Guides (.csv or .xlsx, their union), or one
 *                  parent-id .csv, or one Google-style taxonomy .txt (.xls is listed, to be refused by name)
 * data/mappings/   the mapping tables (.csv), one per tree (content_trees.ts pairs them; a table with a path
 *                  column describes its own tree and needs no folder)
 * data/lexicon/    the phrase lexicon: one or more .csv files (one per GPC segment and cross-segment.csv)
 * data/catalog/    catalog snapshots (.csv, one or more; sub-folders are sources, not read), except the
 *                  curated tables CATALOG_TABLES, which link the snapshots to GPC and to official prices
 * data/catalog/sources/statcan/, data/catalog/sources/usda_ers/
 *                  the official average prices (.csv) that official_series.csv links
 * ```
 *
 * Only the GPC publication is required; a dist without the others serves GPC lookups and says so.
 * Every input's sha256 goes into the manifest, which is how `--if-stale` knows a dist is current.
 */
import { BuildError } from "./build_error.ts";
import { sha256Hex } from "../../src/format/sha256.ts";
import type { InputEntry } from "../../src/format/manifest.ts";

/** Files of data/catalog/ that are curated tables, not snapshots. */
export const CATALOG_TABLES = ["category_gpc.csv", "official_series.csv"] as const;

/** Folders of data/catalog/sources/ whose files official_series.csv links (agency files, unchanged). */
export const OFFICIAL_PRICE_FOLDERS = ["statcan", "usda_ers"] as const;

/** The inputs of one build, as paths. */
export interface BuildInputs {
  readonly dataDir: string;
  /** The GPC publications, sorted by file name (the build orders them by release id). */
  readonly gpc: readonly string[];
  /** Each tree folder and its tree files, sorted by name (the reader decides what they may be). */
  readonly browseTrees: readonly {
    readonly name: string;
    readonly folder: string;
    readonly files: readonly string[];
  }[];
  /** The mapping tables, sorted by name. */
  readonly mappingTables: readonly string[];
  /** The lexicon's files, sorted by name (none: no lexicon). */
  readonly lexicon: readonly string[];
  /** Catalog snapshots. */
  readonly catalog: readonly string[];
  /** The curated tables of data/catalog/ that are present, in CATALOG_TABLES order. */
  readonly catalogTables: readonly string[];
  /** The official average-price files of OFFICIAL_PRICE_FOLDERS. */
  readonly officialPrices: readonly string[];
}

/** Locates the inputs under `dataDir`; throws BuildError when a folder holds the wrong number of files. */
export function findBuildInputs(dataDir: string): BuildInputs {
  const gpc = listFiles(`${dataDir}/gpc`, GPC_EXTENSIONS);
  if (gpc.length === 0) {
    throw new BuildError(
      `${dataDir}/gpc`,
      "folder",
      `must hold at least one ${GPC_EXTENSIONS.join(", ")} file`,
    );
  }
  const browseTrees = listDirectories(`${dataDir}/browse`).map((name) => treeFiles(dataDir, name));
  const catalogFiles = listFiles(`${dataDir}/catalog`, [".csv"]);
  return {
    dataDir,
    gpc,
    browseTrees,
    mappingTables: listFiles(`${dataDir}/mappings`, [".csv"]),
    lexicon: listFiles(`${dataDir}/lexicon`, [".csv"]),
    catalog: catalogFiles.filter((path) => !isCatalogTable(path)),
    catalogTables: CATALOG_TABLES.map((name) => `${dataDir}/catalog/${name}`).filter((path) =>
      catalogFiles.includes(path)
    ),
    officialPrices: OFFICIAL_PRICE_FOLDERS.flatMap((folder) =>
      listFiles(`${dataDir}/catalog/sources/${folder}`, [".csv"])
    ),
  };
}

/** Every input path of a build, in a fixed order. */
export function inputPaths(inputs: BuildInputs): string[] {
  return [
    ...inputs.gpc,
    ...inputs.browseTrees.flatMap((tree) => tree.files),
    ...inputs.mappingTables,
    ...inputs.lexicon,
    ...inputs.catalog,
    ...inputs.catalogTables,
    ...inputs.officialPrices,
  ];
}

function isCatalogTable(path: string): boolean {
  return (CATALOG_TABLES as readonly string[]).includes(path.slice(path.lastIndexOf("/") + 1));
}

/** Size and sha256 of every input, with paths relative to the data directory. */
export async function describeInputs(inputs: BuildInputs): Promise<InputEntry[]> {
  const entries: InputEntry[] = [];
  for (const path of inputPaths(inputs)) {
    const bytes = await Deno.readFile(path);
    entries.push({
      path: path.slice(inputs.dataDir.length + 1),
      bytes: bytes.length,
      sha256: await sha256Hex(bytes),
    });
  }
  return entries;
}

const TREE_EXTENSIONS = [".csv", ".txt", ".xlsx", ".xls"];
const GPC_EXTENSIONS = [".xml", ".json", ".xlsx"];

function treeFiles(dataDir: string, name: string): BuildInputs["browseTrees"][number] {
  const folder = `${dataDir}/browse/${name}`;
  const files = listFiles(folder, TREE_EXTENSIONS);
  if (files.length === 0) {
    throw new BuildError(folder, "folder", `holds no browse tree file (${TREE_EXTENSIONS.join(", ")})`);
  }
  return { name, folder, files };
}

function listFiles(directory: string, extensions: string[]): string[] {
  return entries(directory)
    // A licence kept beside its data (LICENSE-CC0-1.0.txt) is not an input.
    .filter((entry) => entry.isFile && !/^licen[cs]e/i.test(entry.name))
    .filter((entry) => extensions.some((ext) => entry.name.toLowerCase().endsWith(ext)))
    .map((entry) => `${directory}/${entry.name}`)
    .sort();
}

function listDirectories(directory: string): string[] {
  return entries(directory).filter((entry) => entry.isDirectory).map((entry) => entry.name).sort();
}

function entries(directory: string): Deno.DirEntry[] {
  try {
    return [...Deno.readDirSync(directory)];
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return [];
    throw error;
  }
}
