import assert from "node:assert/strict";
import { distWith, rebuild, smallParts } from "../../support/small_dist.ts";
import { tempDir } from "../../support/temp_dir.ts";
import { openStore } from "../../../src/store/store.ts";

const WRITER = new URL("../../../build/dist/dist_writer.ts", import.meta.url).href;
const ASSEMBLE = new URL("../../../build/dist/dist_assemble.ts", import.meta.url).href;
const SMALL = new URL("../../support/small_dist.ts", import.meta.url).href;

const namesIn = (dir: string) => [...Deno.readDirSync(dir)].map((e) => e.name).sort();
const idOf = (buildDir: string) => buildDir.slice(buildDir.lastIndexOf("/") + 1);

Deno.test("a build a running server holds survives any number of rebuilds; unheld old builds are pruned", async () => {
  const { dir, buildDir } = await distWith(smallParts(0, "2026.11.1-1"));
  const store = openStore(dir, { mode: "mmap" });
  const later: string[] = [];
  try {
    for (let n = 2; n <= 5; n++) later.push(idOf(await rebuild(dir, smallParts(0, `2026.11.1-${n}`))));
    // Two previous builds kept (3 and 4), the current one (5), and the held one; build 2 is gone.
    assert.deepEqual(namesIn(`${dir}/builds`), [idOf(buildDir), later[1]!, later[2]!, later[3]!].sort());
    assert.equal(store.code("50000000")?.title, "Food/Beverage");
    assert.equal(store.problem(), undefined);
  } finally {
    store.close();
  }
  // Released: the next build prunes it like any other.
  const sixth = idOf(await rebuild(dir, smallParts(0, "2026.11.1-6")));
  assert.deepEqual(namesIn(`${dir}/builds`), [later[2]!, later[3]!, sixth].sort());
});

Deno.test("no build ever changes a file of an existing build directory", async () => {
  const { dir, buildDir } = await distWith(smallParts(100));
  const snapshot = () =>
    [buildDir, ...namesIn(buildDir).map((name) => `${buildDir}/${name}`)].map((path) => {
      const info = Deno.statSync(path);
      return [path, info.ino, info.size, info.mode, info.mtime?.getTime()];
    });
  const before = snapshot();
  assert.equal(await rebuild(dir, smallParts(100)), buildDir);
  await rebuild(dir, smallParts(101));
  assert.equal(await rebuild(dir, smallParts(100)), buildDir);
  assert.deepEqual(snapshot(), before);
});

const umasks: [string, number][] = [["022", 0o022], ["027", 0o027], ["077", 0o077]];
for (const [text, umask] of umasks) {
  Deno.test(
    `a build under umask ${text} makes directories ${(0o777 & ~umask).toString(8)} and files ${
      (0o666 & ~umask).toString(8)
    }`,
    async () => {
      const dist = `${await tempDir("umask-dist-")}/dist`;
      const script = `import { assembleBuild } from "${ASSEMBLE}";
      import { writeBuild } from "${WRITER}";
      import { smallParts } from "${SMALL}";
      const build = await assembleBuild(smallParts());
      console.log(await writeBuild(Deno.env.get("OUT"), build.id, build.files));`;
      const output = await new Deno.Command("sh", {
        args: ["-c", `umask ${text} && exec "$DENO" eval --ext=ts "$SCRIPT"`],
        env: { DENO: Deno.execPath(), SCRIPT: script, OUT: dist },
        stdout: "piped",
        stderr: "piped",
      }).output();
      assert.equal(output.code, 0, new TextDecoder().decode(output.stderr));
      const buildDir = new TextDecoder().decode(output.stdout).trim();
      const modeOf = (path: string) => (Deno.statSync(path).mode! & 0o777).toString(8);
      const directories = [dist, `${dist}/builds`, buildDir];
      const files = [`${dist}/CURRENT`, ...namesIn(buildDir).map((name) => `${buildDir}/${name}`)];
      assert.deepEqual(
        [...directories, ...files].map((path) => [path, modeOf(path)]),
        [
          ...directories.map((path) => [path, (0o777 & ~umask).toString(8)]),
          ...files.map((path) => [path, (0o666 & ~umask).toString(8)]),
        ],
      );
    },
  );
}

Deno.test("the next build removes the temporary directories and pointers killed builds left", async () => {
  const { dir } = await distWith(smallParts());
  await Deno.mkdir(`${dir}/.building-killed`);
  await Deno.writeFile(`${dir}/.building-killed/codes.shard`, new Uint8Array(10));
  await Deno.writeTextFile(`${dir}/.CURRENT.killed.tmp`, "killed\n");
  await rebuild(dir, smallParts(1));
  assert.deepEqual(namesIn(dir), ["CURRENT", "builds"]);
});

Deno.test("a build waits for a build in progress and never removes its temporary directory", async () => {
  const { dir } = await distWith(smallParts());
  // A build in progress holds dist/ locked while its temporary directory exists.
  const inProgress = await Deno.open(dir);
  await inProgress.lock(true);
  await Deno.mkdir(`${dir}/.building-live`);
  let finished = false;
  const next = rebuild(dir, smallParts(1)).finally(() => finished = true);
  try {
    await new Promise((resolve) => setTimeout(resolve, 150));
    assert.equal(finished, false);
    assert.deepEqual(namesIn(dir), [".building-live", "CURRENT", "builds"]);
  } finally {
    // The build in progress finishes: its temporary directory became a build, its lock goes.
    await Deno.remove(`${dir}/.building-live`);
    inProgress.close();
  }
  const current = await next;
  assert.equal((await Deno.readTextFile(`${dir}/CURRENT`)).trim(), idOf(current));
  assert.deepEqual(namesIn(dir), ["CURRENT", "builds"]);
});
