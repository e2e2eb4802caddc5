import assert from "node:assert/strict";
import { tempDir } from "../support/temp_dir.ts";
import { copyOfData } from "../support/data_copy.ts";
import { main, parseBuildArgs } from "../../build/main.ts";
import { buildDist, distIsCurrent } from "../../build/build_dist.ts";
import { recordingProgress } from "../../build/progress.ts";
import { openStore } from "../../src/store/store.ts";

const EXCERPT = "gpc-en-v20241202-excerpt-seg50-four-families.xml";

async function filesOf(dir: string): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isFile) files.set(entry.name, await Deno.readFile(`${dir}/${entry.name}`));
  }
  return files;
}

Deno.test("the build reads its options and refuses unknown ones", () => {
  assert.deepEqual(parseBuildArgs([]), {
    dataDir: "data",
    outDir: "dist",
    ifStale: false,
    quiet: false,
    strict: false,
    keep: 2,
  });
  assert.deepEqual(
    parseBuildArgs(["--data", "d/", "--out", "o", "--if-stale", "--quiet", "--strict", "--keep", "3"]),
    { dataDir: "d", outDir: "o", ifStale: true, quiet: true, strict: true, keep: 3 },
  );
  assert.equal(parseBuildArgs([], "4").keep, 4, "GPC_RELEASES_KEEP sets the default");
  assert.equal(parseBuildArgs(["--keep", "1"], "4").keep, 1, "--keep wins over GPC_RELEASES_KEEP");
  assert.throws(
    () => parseBuildArgs([], "all"),
    /GPC_RELEASES_KEEP="all" is not valid: expected a whole number from 1 to 10/,
  );
  assert.throws(() => parseBuildArgs(["--keep", "0"]), /--keep="0" is not valid/);
  assert.throws(() => parseBuildArgs(["--bogus"]), /unknown argument "--bogus"/);
  assert.throws(() => parseBuildArgs(["--out"]), /--out needs a value/);
});

Deno.test("the embedded default serves v20251127 (default) and v20241202, and building twice gives identical bytes", async () => {
  const out1 = await tempDir("build-test-out-");
  const out2 = await tempDir("build-test-out-");
  const first = await buildDist("data", out1, recordingProgress());
  const second = await buildDist("data", out2, recordingProgress());
  assert.equal(first.manifest.default_release, "v20251127");
  assert.deepEqual(first.manifest.releases.map((release) => release.gpc_release), ["v20251127", "v20241202"]);
  assert.equal(first.id, second.id);
  const a = await filesOf(`${out1}/builds/${first.id}`);
  const b = await filesOf(`${out2}/builds/${second.id}`);
  assert.deepEqual([...a.keys()].sort(), [...b.keys()].sort());
  for (const [name, bytes] of a) assert.deepEqual(bytes, b.get(name), `${name} differs`);
  const store = openStore(out1);
  assert.equal(store.code("50000000")?.title, "Food/Beverage");
  assert.equal(store.code("10000368")?.title, "Hair - Shampoo");
  // Carried from v20241202, where the brick is the same.
  assert.equal(store.brick("10000155")?.attributes.length, 6);
  assert.deepEqual(store.brick("10000155")?.attribute_schema, { state: "carried", release: "v20241202" });
  assert.deepEqual(store.brick("10000368")?.attribute_schema, { state: "unknown", release: null });
  store.close();
  assert.equal(await distIsCurrent("data", out1), true);
});

Deno.test("a truncated GPC publication fails the build non-zero and leaves the previous dist intact", async () => {
  const data = await copyOfData();
  const out = await tempDir("build-test-out-");
  const good = await buildDist(data, out, recordingProgress());
  const current = await Deno.readTextFile(`${out}/CURRENT`);
  const before = await filesOf(`${out}/builds/${good.id}`);

  const xml = await Deno.readFile(`${data}/gpc/${EXCERPT}`);
  await Deno.writeFile(`${data}/gpc/${EXCERPT}`, xml.subarray(0, Math.floor(xml.length / 2)));
  assert.equal(await distIsCurrent(data, out), false);
  const status = await main(["--data", data, "--out", out, "--quiet"]);

  assert.equal(status, 1);
  assert.equal(await Deno.readTextFile(`${out}/CURRENT`), current);
  assert.deepEqual(await filesOf(`${out}/builds/${good.id}`), before);
  const names = [...Deno.readDirSync(out)].map((e) => e.name).sort();
  assert.deepEqual(names, ["CURRENT", "builds"]);
});

Deno.test("--if-stale skips a build whose inputs have not changed and rebuilds when one has", async () => {
  const data = await copyOfData();
  const out = await tempDir("build-test-out-");
  assert.equal(await main(["--data", data, "--out", out, "--quiet", "--if-stale"]), 0);
  const first = await Deno.readTextFile(`${out}/CURRENT`);
  assert.equal(await distIsCurrent(data, out), true);
  const lexicon = [...Deno.readDirSync(`${data}/lexicon`)].find((e) => e.name.endsWith(".csv"))!.name;
  await Deno.writeTextFile(`${data}/lexicon/${lexicon}`, "\n", { append: true });
  assert.equal(await distIsCurrent(data, out), false);
  assert.equal(await main(["--data", data, "--out", out, "--quiet", "--if-stale"]), 0);
  assert.equal(await distIsCurrent(data, out), true);
  // The manifest records every input's hash, so the new build has a new id even though no shard changed.
  assert.notEqual(await Deno.readTextFile(`${out}/CURRENT`), first);
});
