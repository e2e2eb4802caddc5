import assert from "node:assert/strict";
import { readBrowseTreeFolder } from "../../../build/content/browse_tree_folder.ts";
import type { BrowseTree } from "../../../build/content/browse_tree.ts";
import { findBuildInputs } from "../../../build/input/build_inputs.ts";
import { recordingProgress } from "../../../build/progress.ts";
import { type Guide, guideCsv, guidesOf, guideXlsx } from "../../support/btg_writers.ts";
import { copyOfData } from "../../support/data_copy.ts";
import { compileDataFolder } from "./mapping_test_support.ts";
import { tempDir } from "../../support/temp_dir.ts";

const GROCERY = "data/browse/amazon-us-grocery/amazon_us_grocery_nodes_with_parents.csv";
const GUIDES = guidesOf(Deno.readTextFileSync(GROCERY), "grocery_btg_");

/** A copy of data/ (without the catalog) whose grocery tree folder holds `files` instead of the CSV. */
async function dataWithTree(files: Record<string, string | Uint8Array>): Promise<string> {
  const dir = await copyOfData(["gpc", "browse", "mappings", "lexicon"]);
  const folder = `${dir}/browse/amazon-us-grocery`;
  await Deno.remove(`${folder}/amazon_us_grocery_nodes_with_parents.csv`);
  for (const [name, content] of Object.entries(files)) {
    if (typeof content === "string") await Deno.writeTextFile(`${folder}/${name}`, content);
    else await Deno.writeFile(`${folder}/${name}`, content);
  }
  return dir;
}

async function compileData(dir: string) {
  const { content, lines } = await compileDataFolder(dir);
  const report = JSON.parse(
    new TextDecoder().decode(content.extras.find((file) => file.name === "build-report.json")!.bytes),
  );
  return { content, report, lines };
}

function shape(tree: BrowseTree) {
  return [...tree.nodes.values()].map((node) => [node.id, node.name, node.parents, node.children]);
}

const asCsv = (guides: readonly Guide[]) =>
  Object.fromEntries(guides.map((guide) => [`${guide.stem}.csv`, guideCsv(guide)]));
const asXlsx = (guides: readonly Guide[]) =>
  Object.fromEntries(guides.map((guide) => [`${guide.stem}.xlsx`, guideXlsx(guide)]));

Deno.test("browse tree folder: the grocery tree cut into 18 guides has every path of its 1,342 nodes", () => {
  assert.equal(GUIDES.length, 18);
  assert.equal(GUIDES[0]!.stem, "grocery_btg_alcoholic_beverages");
  assert.deepEqual(GUIDES[0]!.rows.slice(0, 3), [
    { id: "16310211", path: "Food" },
    { id: "2983371011", path: "Food/Alcoholic Beverages" },
    { id: "2983385011", path: "Food/Alcoholic Beverages/Beer" },
  ]);
  // 1,526 paths, and the root's row at the head of each of the 18 guides.
  assert.equal(GUIDES.reduce((sum, guide) => sum + guide.rows.length, 0), 1526 + 17);
});

for (const [format, files] of [["CSV", asCsv(GUIDES)], ["XLSX", asXlsx(GUIDES)]] as const) {
  Deno.test(`browse tree folder: 18 ${format} guides compile to the same tree and answers as the parent-id CSV`, async () => {
    const merged = await compileData(await copyOfData(["gpc", "browse", "mappings", "lexicon"]));
    const guides = await compileData(await dataWithTree(files));
    const mergedTree = (await readBrowseTreeFolder("t", "f", [GROCERY], recordingProgress())).tree;
    assert.deepEqual(guides.report.browse_tree.counts, {
      files: 18,
      sheets: 18,
      rows: 1543,
      nodes: 1342,
      roots: 1,
      multi_path_nodes: 156,
      multi_parent_nodes: 78,
      orphans: 0,
      unknown_parent_paths: 0,
      ambiguous_parent_paths: 0,
      duplicate_rows: 17,
      alternate_names: 32,
    });
    assert.equal(guides.content.counts.browse_nodes, 1342);
    assert.deepEqual(guides.content.browse, merged.content.browse);
    assert.deepEqual(guides.report.coverage, merged.report.coverage);
    const folder = findBuildInputs(await dataWithTree(files)).browseTrees[0]!;
    const read = await readBrowseTreeFolder("t", folder.folder, folder.files, recordingProgress());
    assert.deepEqual(shape(read.tree), shape(mergedTree));
    // The first name of each node is the CSV's: its alternate names are the same 32 pairs.
    const pairs = (list: readonly unknown[]) =>
      (list as { id: string; name: string; alternate: string }[]).map((a) =>
        `${a.id} ${a.name} / ${a.alternate}`
      )
        .sort();
    assert.deepEqual(pairs(guides.report.alternate_names), pairs(merged.report.alternate_names));
    assert.deepEqual(guides.content.warnings.filter((w) => w.message.includes("parent path")), []);
  });
}

Deno.test("browse tree folder: the build prints the guides' figures and the report counts them", async () => {
  const { lines, report } = await compileData(await dataWithTree(asCsv(GUIDES)));
  assert.equal(
    lines.find((line) => line.includes("Browse Tree Guide")),
    "browse tree amazon-us-grocery: 18 Browse Tree Guide files (1543 rows), 1342 nodes, 1 root, " +
      "156 with several paths, 78 with several parents, 0 orphans, 0 unknown parent paths, " +
      "0 ambiguous parent paths, 17 duplicate rows, 32 alternate names; all listed in build-report.json",
  );
  assert.equal(report.browse_tree.format, "browse tree guides");
  assert.equal(report.browse_tree.files.length, 18);
  assert.deepEqual(report.duplicate_rows[0], {
    file: report.browse_tree.files[1],
    line: 2,
    id: "16310211",
    node_path: "Food",
    earlier: { file: report.browse_tree.files[0], line: 2 },
  });
});

Deno.test("browse tree folder: the parent-id CSV reports one file and its multi-parent nodes", async () => {
  const progress = recordingProgress();
  const read = await readBrowseTreeFolder("grocery", "data/browse/amazon-us-grocery", [GROCERY], progress);
  assert.deepEqual(read.report, {
    format: "parent-id csv",
    files: [GROCERY],
    counts: { files: 1, nodes: 1342, roots: 1, multi_parent_nodes: 78 },
  });
  assert.deepEqual(progress.lines, [
    `reading browse tree ${GROCERY}`,
    "browse tree grocery: 1 file (parent-id csv), 1342 nodes, 1 root, 78 with several parents",
    "browse tree grocery: 20 duplicate rows (a node, parents and name already read) and 32 alternate names " +
    "(a node named differently under another parent), both listed in build-report.json",
  ]);
});

Deno.test("browse tree folder: a Google taxonomy is read as one file and reported as such", async () => {
  const dir = await tempDir("btg-folder-");
  await Deno.writeTextFile(`${dir}/taxonomy.txt`, "# Google_Product_Taxonomy_Version: 1\n1 - A\n2 - A > B\n");
  const progress = recordingProgress();
  const read = await readBrowseTreeFolder("g", dir, [`${dir}/taxonomy.txt`], progress);
  assert.deepEqual(read.report, {
    format: "google taxonomy",
    files: [`${dir}/taxonomy.txt`],
    counts: { files: 1, nodes: 2, roots: 1, multi_parent_nodes: 0 },
  });
  assert.deepEqual(progress.lines.slice(1), [
    "browse tree g: 1 file (google taxonomy), 2 nodes, 1 root, 0 with several parents",
  ]);
});

Deno.test("browse tree folder: an unknown parent path is a warning naming file and row; the node stays, as a root", async () => {
  const dir = await tempDir("btg-folder-");
  await Deno.writeTextFile(`${dir}/a.csv`, "Node ID,Node Path\n1,Food\n2,Food/Snacks\n");
  await Deno.writeTextFile(
    `${dir}/b.csv`,
    "Node ID,Node Path\n3,Food/Sweets/Candy\n4,Food/Sweets/Candy/Mints\n",
  );
  const progress = recordingProgress();
  const read = await readBrowseTreeFolder("t", dir, [`${dir}/a.csv`, `${dir}/b.csv`], progress);
  assert.deepEqual(read.tree.roots, ["1", "3"]);
  assert.deepEqual(read.tree.nodes.get("4")!.parents, ["3"]);
  assert.deepEqual(read.warnings, [{
    file: `${dir}/b.csv`,
    where: "line 2",
    message:
      'unknown parent path: "Food/Sweets" of node 3 is no node\'s path; it has no other parent and is ' +
      'kept as a root (an orphan); if "Sweets/Candy" is one name holding "/", its parent is "Food" (node 1)',
  }]);
  assert.deepEqual(progress.lines.slice(0, 2), [
    `reading browse tree ${dir} (2 files)`,
    "browse tree t: 2 Browse Tree Guide files (4 rows), 4 nodes, 2 roots, 0 with several paths, " +
    "0 with several parents, 1 orphan, 1 unknown parent path, 0 ambiguous parent paths, 0 duplicate rows, " +
    "0 alternate names; all listed in build-report.json",
  ]);
  assert.equal(progress.lines[2], `warning: ${dir}/b.csv: line 2: ${read.warnings[0]!.message}`);
  assert.deepEqual(read.report.orphans, [{ file: `${dir}/b.csv`, line: 2, id: "3", name: "Candy" }]);
});

Deno.test("browse tree folder: the build prints the first 20 unresolved paths and counts the rest", async () => {
  const dir = await tempDir("btg-folder-");
  const rows = Array.from({ length: 25 }, (_, at) => `${at + 2},Lost ${at}/Node`);
  await Deno.writeTextFile(`${dir}/a.csv`, `Node ID,Node Path\n1,Root\n${rows.join("\n")}\n`);
  const progress = recordingProgress();
  const read = await readBrowseTreeFolder("t", dir, [`${dir}/a.csv`], progress);
  assert.equal(read.warnings.length, 25);
  assert.equal(progress.lines.filter((line) => line.startsWith("warning: ")).length, 20);
  assert.equal(
    progress.lines.at(-1),
    "… and 5 more unresolved parent paths, listed in build-report.json",
  );
});

const refusals: [string, Record<string, string | Uint8Array>, (dir: string) => string][] = [
  [
    "an Excel 97-2003 workbook is refused by name, with how to re-save it",
    { "baby.xls": new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]), "grocery.csv": "Node ID,Node Path\n1,Food\n" },
    (dir) =>
      `${dir}/baby.xls: file: is an Excel 97-2003 workbook (.xls), which the build does not read: open it in ` +
      "a spreadsheet program and save it as .xlsx (or each sheet as .csv)",
  ],
  [
    "an Excel 97-2003 workbook named .xlsx is named for what it is",
    { "baby.xlsx": new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0, 0]) },
    (dir) =>
      `${dir}/baby.xlsx: file: is an Excel 97-2003 workbook (.xls), not XLSX: open it in a spreadsheet ` +
      "program and save it as .xlsx (or each sheet as .csv)",
  ],
  [
    "a parent-id CSV beside guides is refused",
    {
      "a.csv": "Node ID,Node Path\n1,Food\n",
      "b.csv": "node_id,parent_node_id,node_name\n2,1,Tea\n",
    },
    (dir) =>
      `${dir}: folder: holds 2 tree files; a tree with parent ids or a Google taxonomy (b.csv) must be the ` +
      "folder's only file: several files are read as Browse Tree Guides (Node ID, Node Path)",
  ],
  [
    "two parent-id CSVs are refused",
    {
      "a.csv": "node_id,parent_node_id,node_name\n1,,Food\n",
      "b.csv": "node_id,parent_node_id,node_name\n2,1,Tea\n",
    },
    (dir) =>
      `${dir}: folder: holds 2 tree files; a tree with parent ids or a Google taxonomy (a.csv, b.csv) must be ` +
      "the folder's only file: several files are read as Browse Tree Guides (Node ID, Node Path)",
  ],
  [
    "a CSV that is neither kind names the headers it looked for",
    { "a.csv": "id,name\n1,Food\n" },
    (dir) =>
      `${dir}/a.csv: header: no header row with "Node ID" and "Node Path" in the first 10 rows: not a ` +
      "Browse Tree Guide",
  ],
];

for (const [name, files, message] of refusals) {
  Deno.test(`browse tree folder: ${name}`, async () => {
    const dir = await tempDir("btg-folder-");
    for (const [file, content] of Object.entries(files)) {
      if (typeof content === "string") await Deno.writeTextFile(`${dir}/${file}`, content);
      else await Deno.writeFile(`${dir}/${file}`, content);
    }
    const paths = Object.keys(files).sort().map((file) => `${dir}/${file}`);
    await assert.rejects(readBrowseTreeFolder("t", dir, paths, recordingProgress()), {
      name: "BuildError",
      message: message(dir),
    });
  });
}

/** A progress that records steps, lines and every advance as "done/total". */
function advancesProgress() {
  const advances: string[] = [];
  const progress = recordingProgress();
  return {
    advances,
    progress: { ...progress, advance: (done: number, total: number) => advances.push(`${done}/${total}`) },
  };
}

Deno.test("browse tree folder: progress counts the bytes of the guides read, file after file", async () => {
  const dir = await tempDir("btg-folder-");
  await Deno.writeTextFile(`${dir}/a.csv`, "Node ID,Node Path\n1,Food\n");
  await Deno.writeTextFile(`${dir}/b.csv`, "Node ID,Node Path\n2,Food/Tea\n");
  const { advances, progress } = advancesProgress();
  await readBrowseTreeFolder("t", dir, [`${dir}/a.csv`, `${dir}/b.csv`], progress);
  assert.deepEqual(advances, ["25/54", "54/54"]);
});

Deno.test("browse tree folder: progress goes through a workbook's sheets as they are parsed", async () => {
  const dir = await tempDir("btg-folder-");
  await Deno.writeFile(`${dir}/a.xlsx`, guideXlsx(GUIDES[0]!));
  const { advances, progress } = advancesProgress();
  await readBrowseTreeFolder("t", dir, [`${dir}/a.xlsx`], progress);
  const size = (await Deno.stat(`${dir}/a.xlsx`)).size;
  // Two sheets, each parsed in one chunk: half the file, then all of it (twice: the sheet, then the file).
  assert.deepEqual(advances, [`${size / 2}/${size}`, `${size}/${size}`, `${size}/${size}`]);
});

Deno.test("browse tree folder: a large parent-id CSV reports progress every 65,536 rows", async () => {
  const dir = await tempDir("btg-folder-");
  const rows = Array.from({ length: 70_000 }, (_, at) => `${at + 2},1,Node ${at}`);
  const text = `node_id,parent_node_id,node_name\n1,,Root\n${rows.join("\n")}\n`;
  await Deno.writeTextFile(`${dir}/tree.csv`, text);
  const { advances, progress } = advancesProgress();
  await readBrowseTreeFolder("t", dir, [`${dir}/tree.csv`], progress);
  const bytes = new TextEncoder().encode(text).length;
  assert.deepEqual(advances, [
    `${bytes / 70_001}/${bytes}`,
    `${(65_537 / 70_001) * bytes}/${bytes}`,
    `${bytes}/${bytes}`,
  ]);
});

Deno.test("browse tree folder: an unknown parent path is one of the build's warnings, which --strict fails on", async () => {
  const dir = await dataWithTree({
    ...asCsv(GUIDES),
    "zz_extra.csv": "Node ID,Node Path\n99,Food/Gone/Lost\n",
  });
  const { content } = await compileData(dir);
  assert.deepEqual(content.warnings.filter((warning) => warning.message.includes("parent path")), [{
    file: `${dir}/browse/amazon-us-grocery/zz_extra.csv`,
    where: "line 2",
    message:
      'unknown parent path: "Food/Gone" of node 99 is no node\'s path; it has no other parent and is ' +
      'kept as a root (an orphan); if "Gone/Lost" is one name holding "/", its parent is "Food" (node 16310211)',
  }]);
});
