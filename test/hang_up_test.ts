/**
 * SIGHUP (`kill -HUP <pid>`) sent to the process a supervisor starts, for each documented way of running the
 * service: `deno task serve` and the bundle swap in the new build and keep running (the same processes, the
 * new map version answering); `npm start`, where npm ends on SIGHUP without passing it on, ends everything:
 * the server drains and exits once npm has gone, and the port is free. No process is left behind.
 */
import assert from "node:assert/strict";
import { bundle } from "../build/bundle.ts";
import { alive, logLines, ROOT, Spawned } from "./support/spawned_process.ts";
import { distWith, rebuild, smallParts } from "./support/small_dist.ts";
import { tempDir } from "./support/temp_dir.ts";

/** The serving environment: a free port of 127.0.0.1, free, no watch of CURRENT (only SIGHUP swaps). */
const SERVING = { HOST: "127.0.0.1", PORT: "0", PAYMENTS: "off", RATE_LIMIT: "off", WATCH_DIST: "off" };

/** The X-Map-Version a server answers with. */
async function mapVersion(port: number): Promise<string | null> {
  const response = await fetch(`http://127.0.0.1:${port}/v1/reference/brick-attributes?gpc_code=10000155`);
  await response.body?.cancel();
  assert.equal(response.status, 200);
  return response.headers.get("X-Map-Version");
}

/** Waits (at most 10 s) until `ok()`. */
async function until(what: string, ok: () => boolean | Promise<boolean>): Promise<void> {
  for (let waited = 0; !await ok(); waited += 50) {
    if (waited > 10_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Runs `start()` on a new small dist, sends SIGHUP to the process it started once a new build is current,
 * and checks that the new build answers from the very same processes; then stops it with SIGTERM.
 */
async function swapsOnHangUp(start: (dist: string) => Spawned): Promise<void> {
  const { dir, mapVersion: first } = await distWith(smallParts());
  await using server = start(dir);
  const port = await server.servingPort();
  const tree = await server.tree();
  assert.equal(await mapVersion(port), first);
  await rebuild(dir, smallParts(0, "2026.11.2"));
  server.child.kill("SIGHUP");
  await until("the swap", () => server.lines.some((line) => line.includes('"SIGHUP: serving ')));
  const second = await mapVersion(port);
  assert.notEqual(second, first);
  assert.match(second ?? "", /^2026\.11\.2\+/);
  assert.deepEqual(await alive(tree), tree, "a process of the tree ended");
  server.child.kill("SIGTERM");
  const { code } = await server.outcome(10_000);
  assert.equal(code, 0);
  assert.deepEqual(await alive(tree), []);
}

Deno.test("SIGHUP to deno task serve swaps in the new build; every process keeps running", async () => {
  await swapsOnHangUp((dist) =>
    new Spawned(`${ROOT}/node_modules/deno/deno`, ["task", "serve"], { ...SERVING, DIST_DIR: dist })
  );
});

Deno.test("SIGHUP to the bundle's deno run swaps in the new build; the process keeps running", async () => {
  const dir = await tempDir("hang-up-bundle-");
  await bundle("src/main.ts", `${dir}/server.js`);
  await swapsOnHangUp((dist) =>
    new Spawned(
      Deno.execPath(),
      ["run", "--no-config", "--allow-read", "--allow-net", "--allow-env", "--allow-ffi", "server.js"],
      { ...SERVING, DIST_DIR: dist },
      dir,
    )
  );
});

Deno.test("SIGHUP to npm start ends npm, and the server it leaves drains and exits: no orphan, the port is free", async () => {
  const { dir } = await distWith(smallParts());
  await using npm = new Spawned("npm", ["start"], { ...SERVING, DIST_DIR: dir, DRAIN_MS: "2000" });
  const port = await npm.servingPort();
  const tree = await npm.tree();
  assert.equal(tree.length, 2, `npm and the server, nothing between: ${tree}`);
  const signalled = performance.now();
  npm.child.kill("SIGHUP");
  // npm dies of it (128 + 1); its output ends only once the server has exited too.
  const { code, stdout } = await npm.outcome(10_000);
  assert.equal(code, 129);
  await until("every process of the tree to end", async () => (await alive(tree)).length === 0);
  const waited = performance.now() - signalled;
  assert.ok(waited < 2000, `the tree ended ${waited.toFixed(0)} ms after SIGHUP`);
  await assert.rejects(fetch(`http://127.0.0.1:${port}/healthz`));
  // The port is free: a restarted server can listen on it.
  Deno.listen({ hostname: "127.0.0.1", port }).close();
  const events = logLines(stdout.filter((line) => line !== "" && !line.startsWith("> ")))
    .filter((line) => line.request_id === undefined).map((line) => line.message);
  assert.deepEqual(events.slice(-2), [
    `npm (the parent process, ${npm.child.pid}) exited: draining in-flight requests`,
    "stopped",
  ]);
});
