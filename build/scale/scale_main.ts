/**
 * `deno task build:scale --out DIR [--seed N]`: generates deterministic full-scale inputs under DIR/inputs
 * and compiles them into the dist root DIR (serve it with `DIST_DIR=DIR`):
 *
 * - the real v20251127 GPC hierarchy (data/gpc/, 5,306 bricks) with a generated attribute layer shaped like
 *   a full release (synthetic_release.ts), written as GS1 JSON;
 * - a browse tree of 1,000,000 nodes (scale_tree.ts), a mapping table of 200,000 rows (scale_mapping.ts),
 *   a lexicon of 50,000 phrases (scale_lexicon.ts);
 * - a catalog of 1,000,000 observations, both countries, 20 retailers, 26 weeks (scale_catalog.ts).
 *
 * The same seed gives the same bytes. Progress and timings go to stderr.
 */
import { readGpcXlsx } from "../gpc/gpc_xlsx_reader.ts";
import { buildDist } from "../build_dist.ts";
import { stderrProgress } from "../progress.ts";
import { seededRandom } from "../catalog/seeded_random.ts";
import { syntheticFullRelease } from "./synthetic_release.ts";
import { writeGpcJson } from "./gpc_json_writer.ts";
import { scaleBrowseTree } from "./scale_tree.ts";
import { type CodesByLevel, scaleMappingTable } from "./scale_mapping.ts";
import { type BrickRef, scaleLexicon } from "./scale_lexicon.ts";
import { type BrickPath, scaleSnapshot } from "./scale_catalog.ts";

/** The hierarchy the scale release is made from. */
export const SCALE_HIERARCHY = "data/gpc/gpc-v20251127-GB-hierarchy-only-with-AR-columns.xlsx";

const USAGE = "usage: deno task build:scale --out DIR [--seed N]";

/** Generates the scale inputs under `out/inputs` and builds them into `out`. */
export async function buildScale(out: string, seed = 1): Promise<void> {
  const progress = stderrProgress(false, true);
  const started = performance.now();
  const lap = (what: string, since: number) =>
    progress.line(`${what} in ${((performance.now() - since) / 1000).toFixed(1)} s`);
  const inputs = `${out}/inputs`;
  for (const folder of ["gpc", "browse/scale-tree", "mappings", "lexicon", "catalog"]) {
    await Deno.mkdir(`${inputs}/${folder}`, { recursive: true });
  }
  let t = performance.now();
  progress.step(`generating the scale inputs in ${inputs} (seed ${seed})`);
  const release = syntheticFullRelease(await readGpcXlsx(SCALE_HIERARCHY), seed);
  await Deno.writeTextFile(`${inputs}/gpc/GPC as of November 2025 v20251127 EN.json`, writeGpcJson(release));
  const codes: { segment: string[]; family: string[]; class: string[]; brick: string[] } = {
    segment: [],
    family: [],
    class: [],
    brick: [],
  };
  const bricks: (BrickRef & BrickPath)[] = [];
  for (const segment of release.segments) {
    codes.segment.push(segment.code);
    for (const family of segment.families) {
      codes.family.push(family.code);
      for (const klass of family.classes) {
        codes.class.push(klass.code);
        for (const brick of klass.bricks) {
          codes.brick.push(brick.code);
          bricks.push({
            code: brick.code,
            title: brick.title,
            classCode: klass.code,
            family: family.title,
            class: klass.title,
            brick: brick.title,
          });
        }
      }
    }
  }
  lap(`GPC release (${bricks.length} bricks)`, t);
  t = performance.now();
  const random = seededRandom(seed);
  const tree = scaleBrowseTree(random);
  await Deno.writeTextFile(`${inputs}/browse/scale-tree/scale_tree.csv`, tree.csv);
  await Deno.writeTextFile(
    `${inputs}/mappings/scale-tree.csv`,
    scaleMappingTable(random, tree, codes as CodesByLevel),
  );
  await Deno.writeTextFile(`${inputs}/lexicon/lexicon.csv`, scaleLexicon(random, bricks));
  lap(`browse tree (${tree.level.length} nodes), mapping table, lexicon`, t);
  t = performance.now();
  for (const country of ["us", "ca"] as const) {
    await Deno.writeTextFile(
      `${inputs}/catalog/scale_${country}.csv`,
      scaleSnapshot(random, country, bricks),
    );
  }
  lap("catalog snapshots", t);
  t = performance.now();
  await buildDist(inputs, out, progress);
  lap("build", t);
  lap("build:scale", started);
}

if (import.meta.main) {
  const args = [...Deno.args];
  const out = args[args.indexOf("--out") + 1];
  const seedArg = args.includes("--seed") ? args[args.indexOf("--seed") + 1] : "1";
  if (
    !args.includes("--out") || out === undefined || out.startsWith("--") || !/^\d{1,9}$/.test(seedArg ?? "")
  ) {
    console.error(USAGE);
    Deno.exit(2);
  }
  await buildScale(out, Number(seedArg));
}
