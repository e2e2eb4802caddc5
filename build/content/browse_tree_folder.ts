/**
 * Reads the browse tree of a tree folder (`data/browse/<tree>/`) from the files it holds, and says what it
 * read: it prints summary lines (with the first PRINTED_PATHS unresolved parent paths), and returns the
 * `browse_tree` section of the build report and a warning per unresolved parent path.
 *
 * A file's format comes from its extension and header:
 * - `.xlsx`, or `.csv` whose header has `Node ID` and `Node Path`: Amazon Browse Tree Guides (`btg_rows.ts`,
 *   `btg_reader.ts`), any number of them: the tree is their union, read in file name order.
 * - `.csv` whose first line has `parent_node_id`: a tree with parent ids (`browse_tree_reader.ts`).
 * - `.txt`: Google's product taxonomy (`google_taxonomy_reader.ts`).
 * - `.xls`: refused, naming the file and how to re-save it (no maintained npm package reads BIFF).
 * A parent-id CSV or a taxonomy is a whole tree and must be the folder's only file: a guide's paths could not
 * name its nodes (it has no paths), so mixing the two would give orphans where the files meant parents.
 */
import { BuildError } from "../input/build_error.ts";
import { type BuildWarning, formatWarning } from "../input/build_warning.ts";
import { parseCsv } from "../input/csv_parse.ts";
import { RESAVE_XLS } from "../gpc/gpc_xlsx_sheet.ts";
import type { Progress } from "../progress.ts";
import type { BrowseTree } from "./browse_tree.ts";
import { parseBrowseTreeFile } from "./google_taxonomy_reader.ts";
import { btgCsvRows, type BtgSheet, btgWhere, btgXlsxRows } from "./btg_rows.ts";
import { type BtgRead, readBrowseTreeGuides } from "./btg_reader.ts";

/** A browse tree read from its folder, with what the build prints and reports about it. */
export interface BrowseTreeFolderRead {
  readonly tree: BrowseTree;
  /** build-report.json's `browse_tree`: format, files, counts, and the guides' unresolved paths and orphans. */
  readonly report: Readonly<Record<string, unknown>>;
  /** Rows that added nothing and names set aside, as the format's reader reports them. */
  readonly duplicate_rows: readonly unknown[];
  readonly alternate_names: readonly unknown[];
  /** One per unknown or ambiguous parent path of a guide. */
  readonly warnings: readonly BuildWarning[];
}

/** How many unresolved paths the build prints; the report lists them all. */
export const PRINTED_PATHS = 20;

type Kind = "guide" | "parent-id" | "taxonomy";

/** Reads `files` (the folder's tree files, sorted) as tree `name`; throws BuildError on what it refuses. */
export async function readBrowseTreeFolder(
  name: string,
  folder: string,
  files: readonly string[],
  progress: Progress,
): Promise<BrowseTreeFolderRead> {
  for (const file of files) {
    if (file.toLowerCase().endsWith(".xls")) {
      throw new BuildError(
        file,
        "file",
        `is an Excel 97-2003 workbook (.xls), which the build does not read: ${RESAVE_XLS}`,
      );
    }
  }
  const source = files.length === 1 ? files[0]! : folder;
  progress.step(`reading browse tree ${source}${files.length === 1 ? "" : ` (${files.length} files)`}`);
  const contents = await Promise.all(files.map((file) => Deno.readFile(file)));
  const kinds = files.map((file, at) => kindOf(file, contents[at]!));
  const whole = files.filter((_, at) => kinds[at] !== "guide");
  if (whole.length > 0 && files.length > 1) {
    throw new BuildError(
      folder,
      "folder",
      `holds ${files.length} tree files; a tree with parent ids or a Google taxonomy (${
        whole.map(baseName).join(", ")
      }) ` +
        "must be the folder's only file: several files are read as Browse Tree Guides (Node ID, Node Path)",
    );
  }
  const total = contents.reduce((sum, bytes) => sum + bytes.length, 0);
  if (kinds[0] !== "guide") return readWholeTree(name, source, kinds[0]!, contents[0]!, progress);
  const sheets: BtgSheet[] = [];
  let done = 0;
  files.forEach((file, at) => {
    const bytes = contents[at]!;
    if (file.toLowerCase().endsWith(".xlsx")) {
      sheets.push(
        ...btgXlsxRows(bytes, file, (fraction) => progress.advance(done + fraction * bytes.length, total)),
      );
    } else {
      sheets.push(btgCsvRows(new TextDecoder().decode(bytes), file));
    }
    done += bytes.length;
    progress.advance(done, total);
  });
  const read = readBrowseTreeGuides(sheets, source);
  const warnings = guideWarnings(read);
  progress.line(guideSummary(name, read));
  for (const warning of warnings.slice(0, PRINTED_PATHS)) progress.line(`warning: ${formatWarning(warning)}`);
  if (warnings.length > PRINTED_PATHS) {
    progress.line(
      `… and ${warnings.length - PRINTED_PATHS} more unresolved parent paths, listed in build-report.json`,
    );
  }
  return {
    tree: read.tree,
    report: {
      format: "browse tree guides",
      files,
      counts: read.counts,
      unknown_parent_paths: read.unknown_parent_paths,
      ambiguous_parent_paths: read.ambiguous_parent_paths,
      orphans: read.orphans,
    },
    duplicate_rows: read.duplicate_rows,
    alternate_names: read.alternate_names,
    warnings,
  };
}

/** A parent-id CSV or a Google taxonomy: the folder's only file. */
function readWholeTree(
  name: string,
  file: string,
  kind: Kind,
  bytes: Uint8Array,
  progress: Progress,
): BrowseTreeFolderRead {
  const read = parseBrowseTreeFile(
    new TextDecoder().decode(bytes),
    file,
    (fraction) => progress.advance(fraction * bytes.length, bytes.length),
  );
  progress.advance(bytes.length, bytes.length);
  const format = kind === "taxonomy" ? "google taxonomy" : "parent-id csv";
  let multiParent = 0;
  for (const node of read.tree.nodes.values()) if (node.parents.length > 1) multiParent++;
  const counts = {
    files: 1,
    nodes: read.tree.nodes.size,
    roots: read.tree.roots.length,
    multi_parent_nodes: multiParent,
  };
  progress.line(
    `browse tree ${name}: 1 file (${format}), ${many(counts.nodes, "node")}, ${
      many(counts.roots, "root")
    }, ` +
      `${multiParent} with several parents`,
  );
  if (kind === "parent-id") {
    progress.line(csvSummary(name, read.duplicate_rows.length, read.alternate_names.length));
  }
  return {
    tree: read.tree,
    report: { format, files: [file], counts },
    duplicate_rows: read.duplicate_rows,
    alternate_names: read.alternate_names,
    warnings: [],
  };
}

/** The format of a tree file: by extension, and for a CSV by its header. */
function kindOf(file: string, bytes: Uint8Array): Kind {
  const lower = file.toLowerCase();
  if (lower.endsWith(".txt")) return "taxonomy";
  if (lower.endsWith(".xlsx")) return "guide";
  // csvTable wants a parent-id tree's header on its first line; a guide's header may come later.
  const end = bytes.indexOf(0x0a);
  const firstLine = new TextDecoder().decode(end === -1 ? bytes : bytes.subarray(0, end));
  try {
    const header = parseCsv(firstLine, file)[0]?.fields.map((field) => field.trim()) ?? [];
    return header.includes("parent_node_id") ? "parent-id" : "guide";
  } catch {
    return "guide"; // A quoted header field spanning lines: the guide reader reports it properly.
  }
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** The line the build prints about what the parent-id reader set aside. */
function csvSummary(name: string, duplicates: number, alternates: number): string {
  return `browse tree ${name}: ${
    many(duplicates, "duplicate row")
  } (a node, parents and name already read) ` +
    `and ${many(alternates, "alternate name")} (a node named differently under another parent), both ` +
    "listed in build-report.json";
}

/** The line the build prints about a union of guides. */
function guideSummary(name: string, read: BtgRead): string {
  const c = read.counts;
  return `browse tree ${name}: ${many(c.files, "Browse Tree Guide file")} (${many(c.rows, "row")}), ` +
    `${many(c.nodes, "node")}, ${many(c.roots, "root")}, ${c.multi_path_nodes} with several paths, ` +
    `${c.multi_parent_nodes} with several parents, ${many(c.orphans, "orphan")}, ` +
    `${many(c.unknown_parent_paths, "unknown parent path")}, ${
      many(c.ambiguous_parent_paths, "ambiguous parent path")
    }, ` +
    `${many(c.duplicate_rows, "duplicate row")}, ${many(c.alternate_names, "alternate name")}; ` +
    "all listed in build-report.json";
}

/** One warning per unresolved parent path, naming the file and row; it says what became of the node. */
function guideWarnings(read: BtgRead): BuildWarning[] {
  const orphans = new Set(read.orphans.map((orphan) => orphan.id));
  const fate = (id: string) =>
    orphans.has(id)
      ? "it has no other parent and is kept as a root (an orphan)"
      : "it keeps its other parents";
  const unknown = read.unknown_parent_paths.map((row) => ({
    file: row.file,
    where: btgWhere(row.sheet, row.line),
    message:
      `unknown parent path: "${row.parent_path}" of node ${row.id} is no node's path; ${fate(row.id)}` +
      (row.nearest_known_path === undefined
        ? ""
        : `; if "${row.node_path.slice(row.nearest_known_path.length + 1)}" ` +
          `is one name holding "/", its parent is "${row.nearest_known_path}" (node ${row.nearest_known_id})`),
  }));
  const ambiguous = read.ambiguous_parent_paths.map((row) => ({
    file: row.file,
    where: btgWhere(row.sheet, row.line),
    message: `ambiguous parent path: "${row.parent_path}" of node ${row.id} is the path of nodes ` +
      `${row.candidates.join(", ")}; ${fate(row.id)}`,
  }));
  return [...unknown, ...ambiguous];
}

function many(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
