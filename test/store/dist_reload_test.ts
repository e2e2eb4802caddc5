import assert from "node:assert/strict";
import { DistHolder } from "../../src/store/dist_holder.ts";
import { createDistReloader, type ReloadLogLevel } from "../../src/store/dist_reload.ts";
import { openStore } from "../../src/store/store.ts";
import { distWith, rebuild, smallParts } from "../support/small_dist.ts";

function reloaderOf(dir: string) {
  const lines: [ReloadLogLevel, Record<string, unknown>][] = [];
  const holder = new DistHolder(openStore(dir, { mode: "read" }), "first");
  let made = 0;
  const reloader = createDistReloader({
    distDir: dir,
    holder,
    open: (path) => openStore(path, { mode: "read" }),
    valueOf: () => `handler ${++made}`,
    log: (level, fields) => lines.push([level, fields]),
  });
  return { holder, reloader, lines };
}

Deno.test("a reload the watch starts does nothing while CURRENT names the build being served", async () => {
  const { dir } = await distWith(smallParts());
  const { holder, reloader, lines } = reloaderOf(dir);
  assert.equal(await reloader.reload("CURRENT changed", true), false);
  assert.deepEqual([holder.current.value, lines], ["first", []]);
  const next = await rebuild(dir, smallParts(0, "2026.11.2"));
  assert.equal(await reloader.reload("CURRENT changed", true), true);
  assert.deepEqual([holder.current.dist.directory, holder.current.value], [next, "handler 1"]);
  assert.equal(lines[0]![1].message, `CURRENT changed: serving ${next}`);
  holder.close();
});

Deno.test("a dist of an older layout is refused with a message saying to rebuild, and the served one stays", async () => {
  const { dir, buildDir } = await distWith(smallParts());
  const { holder, reloader, lines } = reloaderOf(dir);
  const next = await rebuild(dir, smallParts(0, "2026.11.2"));
  const manifest = JSON.parse(await Deno.readTextFile(`${next}/manifest.json`));
  await Deno.writeTextFile(`${next}/manifest.json`, JSON.stringify({ ...manifest, format_version: 1 }));
  assert.equal(await reloader.reload("SIGHUP"), false);
  assert.equal(holder.current.dist.directory, buildDir);
  assert.deepEqual(lines, [["error", {
    message: `SIGHUP: refused DIST_DIR=${dir}: manifest ${next}/manifest.json is invalid: format_version 1 ` +
      "is not 2: it was built by another version of the service; rebuild it with `deno task build`",
    serving: buildDir,
  }]]);
  holder.close();
});
