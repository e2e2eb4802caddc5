/**
 * Reads Google's product taxonomy with ids (`taxonomy-with-ids.<locale>.txt`) into the browse tree model.
 *
 * The file opens with `# Google_Product_Taxonomy_Version: <date>`, then one category per line:
 * `<id> - <Top> > <Next> > <Name>`. A category's name is the last step of its path, and its parent is the
 * category whose path is the path without that step (a top-level category is a root). Blank lines are
 * skipped. Any other line, an id seen twice, a path seen twice or a path whose prefix is not a category
 * is a BuildError naming the line.
 */
import { BuildError } from "../input/build_error.ts";
import { splitCsvMetadata } from "../input/csv_parse.ts";
import type { BrowseTree } from "./browse_tree.ts";
import { type PathCategory, treeFromPaths } from "./path_tree.ts";
import { type BrowseTreeRead, parseBrowseTreeCsv } from "./browse_tree_reader.ts";

/** A taxonomy read from its text file. */
export interface GoogleTaxonomyRead {
  readonly tree: BrowseTree;
  /** The `Google_Product_Taxonomy_Version` of the header, or "" when the file has none. */
  readonly version: string;
}

const CATEGORY_LINE = /^(\d{1,20}) - (.+)$/;

/** Parses the taxonomy text; throws BuildError naming the file and line of any problem. */
export function parseGoogleTaxonomy(text: string, file: string): GoogleTaxonomyRead {
  const { metadata, body, bodyLine } = splitCsvMetadata(text, file);
  const categories: PathCategory[] = [];
  body.split("\n").forEach((raw, at) => {
    const lineText = raw.replace(/\r$/, "");
    const line = bodyLine + at;
    if (lineText.trim() === "") return;
    const match = CATEGORY_LINE.exec(lineText);
    if (match === null) {
      throw new BuildError(file, `line ${line}`, `is not "<id> - <path>" with a 1 to 20 digit id`);
    }
    const [, id, path] = match as unknown as [string, string, string];
    categories.push({ id, path, line });
  });
  return {
    tree: treeFromPaths(file, categories),
    version: metadata.get("Google_Product_Taxonomy_Version") ?? "",
  };
}

/** Reads a browse tree file of either supported format, by extension: `.txt` is Google's, anything else CSV. */
export function parseBrowseTreeFile(
  text: string,
  file: string,
  onFraction?: (fraction: number) => void,
): BrowseTreeRead & { readonly version: string } {
  if (file.toLowerCase().endsWith(".txt")) {
    const { tree, version } = parseGoogleTaxonomy(text, file);
    return { tree, version, alternate_names: [], duplicate_rows: [] };
  }
  return { ...parseBrowseTreeCsv(text, file, onFraction), version: "" };
}
