/**
 * Build time, dist size and store opening time at full scale:
 * `deno run -A bench/build_scale.ts` builds (1) the embedded excerpt, (2) the full v20251127 hierarchy
 * XLSX (no attributes), (3) a synthetic full release with attributes generated from that hierarchy and
 * written as a ~33 MB GS1 JSON publication.
 */
import { buildDist } from "../build/build_dist.ts";
import { readGpcXlsx } from "../build/gpc/gpc_xlsx_reader.ts";
import { recordingProgress } from "../build/progress.ts";
import { openStore } from "../src/store/store.ts";
import { syntheticFullRelease } from "../build/scale/synthetic_release.ts";
import { writeGpcJson } from "../test/support/gpc_writers.ts";

const HIERARCHY = "../shared/data/gpc/gpc-v20251127-GB-hierarchy-only-with-AR-columns.xlsx";

async function measure(label: string, dataDir: string): Promise<void> {
  const out = await Deno.makeTempDir({ prefix: "scale-dist-" });
  const started = performance.now();
  const build = await buildDist(dataDir, out, recordingProgress());
  const seconds = (performance.now() - started) / 1000;
  const release = build.manifest.releases[0]!;
  const shardBytes = [...Object.values(release.shards), ...Object.values(build.manifest.shards)]
    .reduce((sum, s) => sum + s.bytes, 0);
  const opened = performance.now();
  const store = openStore(out, { mode: "mmap" });
  const openMs = performance.now() - opened;
  store.close();
  console.log(
    `${label}: build ${seconds.toFixed(2)} s, shards ${(shardBytes / 1024).toFixed(0)} KiB ` +
      `(codes ${release.shards.codes.records}, bricks ${release.shards.bricks.records}), ` +
      `open (mmap) ${openMs.toFixed(1)} ms`,
  );
}

async function gpcOnly(name: string, bytes: Uint8Array): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "scale-data-" });
  await Deno.mkdir(`${dir}/gpc`);
  await Deno.writeFile(`${dir}/gpc/${name}`, bytes);
  return dir;
}

await measure("embedded default (data/)", "data");
const hierarchyName = "GPC as of November 2025 v20251127 GB.xlsx";
await measure("v20251127 hierarchy XLSX", await gpcOnly(hierarchyName, await Deno.readFile(HIERARCHY)));
const synthetic = syntheticFullRelease(await readGpcXlsx(HIERARCHY));
const json = new TextEncoder().encode(writeGpcJson(synthetic));
console.log(`synthetic full release JSON: ${(json.length / 1048576).toFixed(1)} MiB`);
await measure(
  "synthetic full release JSON",
  await gpcOnly("GPC as of November 2025 v20251127 EN.json", json),
);
