/**
 * A real server process started on a damaged dist: a truncated or corrupted shard, a malformed manifest, a
 * missing or wrong CURRENT is refused at start, with exit status 1 and one JSON error line naming the file.
 * A corrupted record is not seen by opening (which reads headers and indexes, never records): the server
 * starts, its background verification names the file within moments, and it answers 503 from then on.
 */
import assert from "node:assert/strict";
import { distWith, smallParts } from "../support/small_dist.ts";
import { serviceCommand, serviceEnv, startService } from "../support/server_process.ts";

/** The file name of release shard `name` of the default release of the build in `build`. */
function releaseShard(build: string, name: string): string {
  const manifest = JSON.parse(Deno.readTextFileSync(`${build}/manifest.json`));
  return manifest.releases[0].shards[name].file;
}

/** `file` as a regular expression matching it literally. */
function literal(file: string): string {
  return file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Flips the bits of byte `at` (from the end when negative) of `file`. */
async function flip(file: string, at: number): Promise<void> {
  const bytes = await Deno.readFile(file);
  const index = at < 0 ? bytes.length + at : at;
  bytes[index] = bytes[index]! ^ 0xff;
  await Deno.writeFile(file, bytes);
}

// [damage, what it does to the dist root and build directory, what the line says after "cannot open DIST_DIR=…: "]
const refusals: [
  string,
  (dir: string, build: string) => Promise<void>,
  (dir: string, build: string) => RegExp,
][] = [
  [
    "a truncated shard",
    async (_, build) => {
      const bytes = await Deno.readFile(`${build}/${releaseShard(build, "bricks")}`);
      await Deno.writeFile(`${build}/${releaseShard(build, "bricks")}`, bytes.subarray(0, bytes.length - 5));
    },
    (_, build) =>
      new RegExp(
        `^shard ${build}/${
          literal(releaseShard(build, "bricks"))
        } is corrupt: \\d+ bytes on disk, the manifest says \\d+`,
      ),
  ],
  [
    "a shard with a corrupted header",
    (_, build) => flip(`${build}/${releaseShard(build, "codes")}`, 9),
    (_, build) =>
      new RegExp(
        `^shard ${build}/${literal(releaseShard(build, "codes"))} is corrupt: header checksum mismatch$`,
      ),
  ],
  [
    "a shard with a corrupted index",
    (_, build) => flip(`${build}/${releaseShard(build, "codes")}`, 70),
    (_, build) =>
      new RegExp(
        `^shard ${build}/${literal(releaseShard(build, "codes"))} is corrupt: index checksum mismatch$`,
      ),
  ],
  [
    "a missing shard",
    (_, build) => Deno.remove(`${build}/${releaseShard(build, "lexicon")}`),
    (_, build) =>
      new RegExp(
        `^cannot read ${build}/${
          literal(releaseShard(build, "lexicon"))
        }: No such file or directory \\(os error 2\\)$`,
      ),
  ],
  [
    "a manifest that is not JSON",
    (_, build) => Deno.writeTextFile(`${build}/manifest.json`, '{"format_version": 1, "shards": {'),
    (_, build) => new RegExp(`^manifest ${build}/manifest\\.json is invalid: not JSON \\(.+\\)$`),
  ],
  [
    "an empty manifest",
    (_, build) => Deno.writeTextFile(`${build}/manifest.json`, ""),
    (_, build) => new RegExp(`^manifest ${build}/manifest\\.json is invalid: not JSON \\(.+\\)$`),
  ],
  [
    "a manifest of another shape",
    (_, build) => Deno.writeTextFile(`${build}/manifest.json`, JSON.stringify({ shards: [] })),
    (_, build) =>
      new RegExp(`^manifest ${build}/manifest\\.json is invalid: format_version undefined is not 2: `),
  ],
  [
    "a missing CURRENT",
    (dir) => Deno.remove(`${dir}/CURRENT`),
    (dir) => new RegExp(`^${dir} holds no compiled data \\(no CURRENT file\\): run \`deno task build\`$`),
  ],
  [
    "a CURRENT naming no build",
    (dir) => Deno.writeTextFile(`${dir}/CURRENT`, "../../etc\n"),
    (dir) => new RegExp(`^${dir}/CURRENT names an invalid build "\\.\\./\\.\\./etc"$`),
  ],
  [
    "a CURRENT naming a build that is not there",
    (dir) => Deno.writeTextFile(`${dir}/CURRENT`, "v20241202-0000000000000000\n"),
    (dir) => new RegExp(`^${dir}/builds/v20241202-0000000000000000 `),
  ],
];

for (const [name, damage, expected] of refusals) {
  Deno.test(`a server started on a dist with ${name} exits 1 with one line naming the file`, async () => {
    const { dir, buildDir } = await distWith(smallParts());
    await damage(dir, buildDir);
    const child = serviceCommand(serviceEnv(dir)).spawn();
    // A server that starts anyway is stopped, and the test fails on its exit status.
    const timer = setTimeout(() => child.kill("SIGTERM"), 20_000);
    const output = await child.output();
    clearTimeout(timer);
    const stdout = new TextDecoder().decode(output.stdout).trim();
    assert.equal(output.code, 1, stdout);
    assert.equal(new TextDecoder().decode(output.stderr), "");
    const { time: _, level, message } = JSON.parse(stdout);
    assert.equal(level, "error");
    const prefix = `cannot open DIST_DIR=${dir}: `;
    assert.equal(message.slice(0, prefix.length), prefix);
    assert.match(message.slice(prefix.length), expected(dir, buildDir));
  });
}

Deno.test("a server started on a dist with a corrupted record names the shard within moments and answers 503", async () => {
  const { dir, buildDir } = await distWith(smallParts());
  await flip(`${buildDir}/${releaseShard(buildDir, "bricks")}`, -3);
  const server = await startService(dir);
  try {
    const verified = `dist verification failed: shard ${buildDir}/${
      releaseShard(buildDir, "bricks")
    } is corrupt: sha256 differs from the manifest`;
    for (let tries = 0; tries < 100 && !server.lines.some((line) => line.includes(verified)); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.deepEqual(
      server.lines.filter((line) => line.includes('"error"')).map((line) => JSON.parse(line).message),
      [verified],
    );
    const health = await fetch(`${server.base}/healthz`);
    assert.deepEqual([health.status, (await health.json()).reason], [
      503,
      "the compiled data failed an integrity check",
    ]);
    const ready = await fetch(`${server.base}/readyz`);
    assert.deepEqual([ready.status, (await ready.json()).checks], [503, { dist: "damaged" }]);
    const brick = await fetch(`${server.base}/v1/reference/brick-attributes?gpc_code=10000155`);
    assert.deepEqual([brick.status, (await brick.json()).error.code], [503, "UNAVAILABLE"]);
  } finally {
    assert.equal((await server.stop()).code, 0);
  }
});
