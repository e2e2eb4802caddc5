/**
 * Reading and compiling browse trees at the sizes retailers publish:
 * `deno run -A bench/btg_folder.ts [--scale FILE]` generates an 18,000-node tree under 17 roots (15 % of the
 * nodes from level 3 down have a second parent, so about a third of them are reached by several paths, as in
 * Amazon's guides), writes it as 17 Browse Tree Guides (one per root) in CSV and in XLSX, and times reading
 * each folder and a whole build (the embedded GPC excerpt, no mapping table), and reading the same tree as
 * one parent-id CSV. `--scale FILE` also times the
 * parent-id reader on a tree CSV such as the 1,000,000-node one `deno task build:scale` writes (give V8 room:
 * `--v8-flags=--max-old-space-size=8192`).
 */
import process from "node:process";
import { buildDist } from "../build/build_dist.ts";
import { seededRandom } from "../build/catalog/seeded_random.ts";
import { readBrowseTreeFolder } from "../build/content/browse_tree_folder.ts";
import { parseBrowseTreeCsv } from "../build/content/browse_tree_reader.ts";
import { recordingProgress } from "../build/progress.ts";
import { guideCsv, guidesOf, guideXlsx } from "../test/support/btg_writers.ts";

const LEVELS = [17, 300, 2_500, 7_000, 8_183];
const SECOND_PARENT = 0.15;

/** The generated tree as a parent-id CSV. */
function generatedTree(): string {
  const random = seededRandom(11);
  const lines = ["node_id,parent_node_id,node_name"];
  let next = 1_000_000;
  let above: number[] = [];
  LEVELS.forEach((size, depth) => {
    const level: number[] = [];
    for (let k = 0; k < size; k++) {
      const id = next++;
      level.push(id);
      const parents = new Set<number>();
      if (depth > 0) parents.add(above[Math.floor(random() * above.length)]!);
      if (depth >= 2 && random() < SECOND_PARENT) parents.add(above[Math.floor(random() * above.length)]!);
      lines.push(`${id},${[...parents].join(";")},Level ${depth + 1} node ${k}`);
    }
    above = level;
  });
  return `${lines.join("\n")}\n`;
}

/** Wall time and CPU time (user + system) of `work`: on a shared machine the wall time includes waiting. */
async function seconds<T>(work: () => Promise<T> | T): Promise<[T, string]> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(cpu);
  const wall = (performance.now() - started) / 1000;
  return [result, `${wall.toFixed(2)} s (CPU ${((used.user + used.system) / 1e6).toFixed(2)} s)`];
}

const tree = generatedTree();
const guides = guidesOf(tree, "btg_", 0);
const [merged, mergedTime] = await seconds(() => parseBrowseTreeCsv(tree, "merged.csv"));
console.log(`the same tree as one parent-id CSV (${merged.tree.nodes.size} nodes): read ${mergedTime}`);
for (const format of ["csv", "xlsx"] as const) {
  const data = await Deno.makeTempDir({ prefix: "btg-bench-" });
  await Deno.mkdir(`${data}/gpc`);
  for (const entry of Deno.readDirSync("data/gpc")) {
    if (entry.isFile) await Deno.copyFile(`data/gpc/${entry.name}`, `${data}/gpc/${entry.name}`);
  }
  const folder = `${data}/browse/generated`;
  await Deno.mkdir(folder, { recursive: true });
  const files: string[] = [];
  for (const guide of guides) {
    const file = `${folder}/${guide.stem}.${format}`;
    if (format === "csv") await Deno.writeTextFile(file, guideCsv(guide));
    else await Deno.writeFile(file, guideXlsx(guide));
    files.push(file);
  }
  const [read, readTime] = await seconds(() =>
    readBrowseTreeFolder("generated", folder, files.sort(), recordingProgress())
  );
  const counts = read.report.counts as Record<string, number>;
  const out = await Deno.makeTempDir({ prefix: "btg-bench-dist-" });
  const [, buildTime] = await seconds(() => buildDist(data, out, recordingProgress()));
  console.log(
    `${files.length} ${format} guides (${counts.rows} rows, ${counts.nodes} nodes, ${counts.multi_path_nodes} ` +
      `with several paths, ${counts.multi_parent_nodes} with several parents): read ${readTime}, ` +
      `whole build ${buildTime}`,
  );
  await Deno.remove(data, { recursive: true });
  await Deno.remove(out, { recursive: true });
}

const scale = Deno.args.indexOf("--scale");
if (scale !== -1) {
  const file = Deno.args[scale + 1]!;
  const text = await Deno.readTextFile(file);
  const [read, time] = await seconds(() => parseBrowseTreeCsv(text, file));
  console.log(`parent-id CSV ${file} (${read.tree.nodes.size} nodes): read ${time}`);
}
