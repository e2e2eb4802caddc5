import assert from "node:assert/strict";
import {
  BRICK as brick,
  distWith,
  SEGMENT as segment,
  smallParts as parts,
  STATS as stats,
} from "../support/small_dist.ts";
import { assembleBuild } from "../../build/dist/dist_assemble.ts";
import { writeBuild } from "../../build/dist/dist_writer.ts";
import { type OpenMode, openStore } from "../../src/store/store.ts";
import { ShardCorruptError } from "../../src/store/shard_reader.ts";
import { claimForRemoval } from "../../src/format/build_lease.ts";
import { embeddedDist } from "../support/embedded_service.ts";

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
  const file = `${buildDir}/v20241202.bricks.shard`;
  const bytes = await Deno.readFile(file);
  await Deno.writeFile(file, bytes.subarray(0, bytes.length - 5));
  for (const mode of ["mmap", "read"] as OpenMode[]) {
    assert.throws(
      () => openStore(dir, { mode }),
      (e: unknown) =>
        e instanceof ShardCorruptError && e.message.includes(`${buildDir}/v20241202.bricks.shard`),
    );
  }
});

Deno.test("a corrupted record is detected when read and marks the store unhealthy", async () => {
  const { dir, buildDir } = await distWith(parts());
  const file = `${buildDir}/v20241202.bricks.shard`;
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
  manifest.releases[0].shards.lexicon.sha256 = "0".repeat(64);
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
  const next = await assembleBuild(parts(0, "2026.11.2"));
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
    (m) => m.releases[0].map_version = "2026.11\nX: y",
    /releases\[0\]\.map_version is not a valid header value/,
  ],
  ["another msgpackr configuration", (m) => m.msgpackr.useRecords = true, /msgpackr options differ/],
  [
    "a record count the shard does not hold",
    (m) => m.releases[0].shards.codes.records = 3,
    /codes\.shard is corrupt: 2 records, the manifest says 3/,
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
  const bytes = await Deno.readFile(`${buildDir}/v20241202.bricks.shard`);
  bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
  await Deno.writeFile(`${buildDir}/v20241202.bricks.shard`, bytes);
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

Deno.test("a build that a build is removing is not opened", async () => {
  const { dir, buildDir } = await distWith(parts());
  const claim = await claimForRemoval(buildDir);
  assert.ok(claim instanceof Deno.FsFile);
  try {
    assert.throws(
      () => openStore(dir, { mode: "read" }),
      new Error(`${buildDir} was removed while it was being opened`),
    );
  } finally {
    claim.close();
  }
  openStore(dir, { mode: "read" }).close();
});

Deno.test("a store closed while its shards are being verified stops verifying: no unmapped byte is read", async () => {
  // The embedded build's browse and lexicon shards span many slices, so verification is still under way.
  const store = openStore(await embeddedDist(), { mode: "mmap" });
  const verified = store.verify();
  await new Promise((resolve) => setTimeout(resolve, 0));
  store.close();
  // Reading a slice of an unmapped shard would end this process with a segmentation fault.
  await verified;
  assert.equal(store.healthy(), true);
});
