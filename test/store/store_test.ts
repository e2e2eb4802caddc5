import assert from "node:assert/strict";
import { tempDir } from "../support/temp_dir.ts";
import { assembleBuild, type CompiledParts } from "../../build/dist/dist_assemble.ts";
import { writeBuild } from "../../build/dist/dist_writer.ts";
import { type OpenMode, openStore } from "../../src/store/store.ts";
import { ShardCorruptError } from "../../src/store/shard_reader.ts";
import type { BrickRecord, CodeRecord } from "../../src/format/shard_records.ts";

const segment: CodeRecord = {
  kind: "segment",
  title: "Food/Beverage",
  active: true,
  node: {
    code: "50000000",
    title: "Food/Beverage",
    level: "segment",
    segment: "Food/Beverage",
    family: null,
    class: null,
    brick: null,
  },
  path: ["50000000"],
  attribute_count: 0,
};
const brick: BrickRecord = {
  gpc: {
    code: "10000155",
    title: "Baking/Cooking Mixes (Frozen)",
    segment: "Food/Beverage",
    family: "Bread/Bakery Products",
    class: "Baking/Cooking Mixes/Supplies",
    brick: "Baking/Cooking Mixes (Frozen)",
  },
  attributes: [{ name: "Diabetic Claim", allowed_values: ["NO", "UNIDENTIFIED", "YES"], value_count: 3 }],
};
const stats = {
  products: { unique: 2, listings: 3 },
  categories: { total: 3, leaves: 2, max_depth: 2 },
  retailers: { total: 2 },
  brands: { total: 1 },
  observations: { total: 4 },
  last_updated: "2025-12-17T00:00:00Z",
};

/** Small parts with one record per shard; `codes` can be grown to measure opening cost. */
function parts(extraCodes = 0): CompiledParts {
  const codes = new Map<string, CodeRecord>([["50000000", segment]]);
  for (let i = 0; i < extraCodes; i++) {
    codes.set(String(30000000 + i), {
      kind: "attribute_value",
      title: `VALUE ${i}`,
      active: true,
      attribute_count: 0,
    });
  }
  return {
    gpcRelease: "v20241202",
    gpcLanguage: "EN",
    declaredMapVersion: "2026.11.1",
    lexiconVersion: "2026.11.1",
    codes,
    bricks: new Map([["10000155", brick]]),
    browse: new Map(),
    lexicon: new Map([["frozen baking mix", { gpc: [] }]]),
    catalog: new Map([["catalog", new Map([["stats", stats]])]]),
    inputs: [],
    counts: { bricks: 1 },
    coverage: {},
    extras: [],
  };
}

async function distWith(p: CompiledParts): Promise<{ dir: string; buildDir: string; mapVersion: string }> {
  const dir = await tempDir("store-test-");
  const build = await assembleBuild(p);
  const buildDir = await writeBuild(dir, build.id, build.files);
  return { dir, buildDir, mapVersion: build.manifest.map_version };
}

for (const mode of ["mmap", "read"] as OpenMode[]) {
  Deno.test(`the store opened by ${mode} answers every lookup from its shards`, async () => {
    const { dir, mapVersion } = await distWith(parts());
    assert.match(mapVersion, /^2026\.11\.1\+[0-9a-f]{8}$/);
    const store = openStore(dir, { mode });
    try {
      assert.equal(store.mode, mode);
      assert.deepEqual(store.versions, {
        gpc_release: "v20241202",
        schema_version: "v1",
        map_version: mapVersion,
      });
      assert.deepEqual(store.code("50000000"), segment);
      assert.deepEqual(store.brick("10000155"), brick);
      assert.deepEqual(store.phrase("frozen baking mix"), { gpc: [] });
      assert.equal(store.code("50100000"), undefined);
      assert.equal(store.browse("16310211"), undefined);
      assert.deepEqual(store.stats(), stats);
      await store.verify();
      assert.equal(store.healthy(), true);
    } finally {
      store.close();
    }
  });
}

Deno.test("the store opens a build directory directly as well as a dist root", async () => {
  const { buildDir } = await distWith(parts());
  const store = openStore(buildDir, { mode: "read" });
  assert.equal(store.directory, buildDir);
  store.close();
});

Deno.test("the same parts assemble to identical bytes and the same build id", async () => {
  const a = await assembleBuild(parts());
  const b = await assembleBuild(parts());
  assert.equal(a.id, b.id);
  assert.deepEqual(a.files, b.files);
  assert.match(a.id, /^v20241202-[0-9a-f]{16}$/);
});

Deno.test("a dist without CURRENT refuses to open and says to build", () => {
  assert.throws(() => openStore("/nonexistent-dist"), /holds no compiled data .*deno task build/);
});

Deno.test("a truncated shard refuses to open with an error naming the file", async () => {
  const { dir, buildDir } = await distWith(parts());
  const file = `${buildDir}/bricks.shard`;
  const bytes = await Deno.readFile(file);
  await Deno.writeFile(file, bytes.subarray(0, bytes.length - 5));
  for (const mode of ["mmap", "read"] as OpenMode[]) {
    assert.throws(
      () => openStore(dir, { mode }),
      (e: unknown) => e instanceof ShardCorruptError && e.message.includes(`${buildDir}/bricks.shard`),
    );
  }
});

Deno.test("a corrupted record is detected when read and marks the store unhealthy", async () => {
  const { dir, buildDir } = await distWith(parts());
  const file = `${buildDir}/bricks.shard`;
  const bytes = await Deno.readFile(file);
  bytes[bytes.length - 3] = bytes[bytes.length - 3]! ^ 0x55;
  await Deno.writeFile(file, bytes);
  const store = openStore(dir, { mode: "mmap" });
  try {
    assert.equal(store.healthy(), true);
    assert.throws(() => store.brick("10000155"), /bricks\.shard is corrupt: record 0 checksum mismatch/);
    assert.equal(store.healthy(), false);
    assert.deepEqual(store.code("50000000"), segment);
  } finally {
    store.close();
  }
});

Deno.test("verification finds a shard whose bytes differ from the manifest's sha256", async () => {
  const { dir, buildDir } = await distWith(parts());
  const manifestPath = `${buildDir}/manifest.json`;
  const manifest = JSON.parse(await Deno.readTextFile(manifestPath));
  manifest.shards.lexicon.sha256 = "0".repeat(64);
  await Deno.writeTextFile(manifestPath, JSON.stringify(manifest));
  const store = openStore(dir, { mode: "read" });
  await assert.rejects(store.verify(), /lexicon\.shard is corrupt: sha256 differs from the manifest/);
  assert.equal(store.healthy(), false);
  store.close();
});

Deno.test("opening reads the index, never the records: 200,000 records open in milliseconds", async () => {
  const { dir } = await distWith(parts(200_000));
  const started = performance.now();
  const store = openStore(dir, { mode: "mmap" });
  const elapsed = performance.now() - started;
  assert.equal(store.code("30199999")?.title, "VALUE 199999");
  store.close();
  // The index check is linear in keys (a CRC over ~6 MB here); records are not touched.
  console.log(`opened 200,000 records in ${elapsed.toFixed(1)} ms`);
  assert.ok(elapsed < 250, `opened in ${elapsed.toFixed(1)} ms`);
});

Deno.test("a failed write leaves the previous build current and intact", async () => {
  const { dir, buildDir, mapVersion } = await distWith(parts());
  const before = await Deno.readTextFile(`${dir}/CURRENT`);
  const next = await assembleBuild({ ...parts(), declaredMapVersion: "2026.11.2" });
  const broken = [...next.files, { name: "no/such/dir/file", bytes: new Uint8Array(1) }];
  await assert.rejects(writeBuild(dir, next.id, broken));
  assert.equal(await Deno.readTextFile(`${dir}/CURRENT`), before);
  const store = openStore(dir, { mode: "read" });
  assert.equal(store.directory, buildDir);
  assert.equal(store.versions.map_version, mapVersion);
  store.close();
  const leftovers = [...Deno.readDirSync(dir)].map((e) => e.name).filter((n) => n.startsWith(".building-"));
  assert.deepEqual(leftovers, []);
});

// deno-lint-ignore no-explicit-any
const manifestDamage: [string, (manifest: Record<string, any>) => void, RegExp][] = [
  [
    "a map_version that is no header value",
    (m) => m.map_version = "2026.11\nX: y",
    /map_version is not a valid header value/,
  ],
  ["another msgpackr configuration", (m) => m.msgpackr.useRecords = true, /msgpackr options differ/],
  [
    "a record count the shard does not hold",
    (m) => m.shards.codes.records = 2,
    /codes\.shard is corrupt: 1 records, the manifest says 2/,
  ],
];
for (const [name, damage, message] of manifestDamage) {
  Deno.test(`a manifest with ${name} refuses to open`, async () => {
    const { dir, buildDir } = await distWith(parts());
    const path = `${buildDir}/manifest.json`;
    const manifest = JSON.parse(await Deno.readTextFile(path));
    damage(manifest);
    await Deno.writeTextFile(path, JSON.stringify(manifest));
    assert.throws(() => openStore(dir, { mode: "read" }), message);
  });
}

Deno.test("a build directory damaged after it was written is never served again: the rebuild goes beside it", async () => {
  const { dir, buildDir } = await distWith(parts());
  const bytes = await Deno.readFile(`${buildDir}/bricks.shard`);
  bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
  await Deno.writeFile(`${buildDir}/bricks.shard`, bytes);
  const build = await assembleBuild(parts());
  const warnings: string[] = [];
  const rebuilt = await writeBuild(dir, build.id, build.files, (message) => warnings.push(message));
  assert.equal(rebuilt, `${buildDir}.r1`);
  assert.equal((await Deno.readTextFile(`${dir}/CURRENT`)).trim(), `${build.id}.r1`);
  assert.match(warnings[0]!, /differs from what this build writes \(damaged\?\); writing beside it/);
  const store = openStore(dir, { mode: "read" });
  assert.deepEqual(store.brick("10000155"), brick);
  await store.verify();
  store.close();
  // The same inputs again reuse the good copy.
  assert.equal(await writeBuild(dir, build.id, build.files), `${buildDir}.r1`);
});
