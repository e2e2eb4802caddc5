/**
 * `npm start` as the README runs it, in the repository or in a copy of its layout (symbolic links to
 * node_modules, src and build) whose data/ is the repository's or one that does not build.
 */
import assert from "node:assert/strict";
import { alive, logLines, preparedDist, ROOT, Spawned } from "./support/spawned_process.ts";
import { tempDir } from "./support/temp_dir.ts";

const BROKEN_XML = "data/gpc/gpc-en-v1.xml";

/** A project directory with the repository's code and `data`: the repository's, or one that cannot build. */
async function project(data: "good" | "broken"): Promise<string> {
  const dir = await tempDir("gpc-project-");
  for (const name of ["node_modules", "src", "build"]) {
    await Deno.symlink(`${ROOT}/${name}`, `${dir}/${name}`);
  }
  for (const name of ["package.json", "deno.json"]) await Deno.copyFile(`${ROOT}/${name}`, `${dir}/${name}`);
  if (data === "good") {
    await Deno.symlink(`${ROOT}/data`, `${dir}/data`);
  } else {
    await Deno.mkdir(`${dir}/data/gpc`, { recursive: true });
    await Deno.writeTextFile(`${dir}/${BROKEN_XML}`, "<broken");
  }
  return dir;
}

/** `npm start` in `cwd`, listening on a free port of 127.0.0.1, payments off. */
function npmStart(cwd: string, env: Record<string, string>): Spawned {
  return new Spawned("npm", ["start"], { HOST: "127.0.0.1", PORT: "0", PAYMENTS: "off", ...env }, cwd);
}

/** The JSON log lines of a stdout, leaving out npm's banner (`> …` lines and blank ones). */
function npmLog(stdout: readonly string[]) {
  return logLines(stdout.filter((line) => line !== "" && !line.startsWith("> ")));
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch {
    return false;
  }
}

Deno.test("SIGTERM to npm start drains the server, and every process of the tree exits within DRAIN_MS", async () => {
  const drainMs = 3000;
  await using npm = npmStart(ROOT, { DIST_DIR: await preparedDist(), DRAIN_MS: String(drainMs) });
  const port = await npm.servingPort();
  const tree = await npm.tree();
  assert.equal((await fetch(`http://127.0.0.1:${port}/healthz`)).status, 200);
  const started = performance.now();
  npm.child.kill("SIGTERM");
  const { code, stdout } = await npm.outcome(drainMs + 5000);
  let left = await alive(tree);
  for (let i = 0; i < 50 && left.length > 0; i++) left = await alive(tree);
  const waited = performance.now() - started;
  assert.deepEqual(left, []);
  assert.ok(waited < drainMs, `the tree exited ${waited.toFixed(0)} ms after SIGTERM`);
  await assert.rejects(fetch(`http://127.0.0.1:${port}/healthz`));
  const events = npmLog(stdout).filter((line) => line.request_id === undefined).map((line) => line.message);
  assert.deepEqual(events.slice(-2), ["SIGTERM: draining in-flight requests", "stopped"]);
  assert.equal(code, 0);
});

Deno.test("with DIST_DIR set, npm start serves that build and builds nothing, though data/ does not build", async () => {
  const dir = await project("broken");
  const dist = await preparedDist();
  await using npm = npmStart(dir, { DIST_DIR: dist });
  const port = await npm.servingPort();
  assert.equal((await fetch(`http://127.0.0.1:${port}/healthz`)).status, 200);
  npm.child.kill("SIGTERM");
  const { code, stdout, stderr } = await npm.outcome();
  const opened = npmLog(stdout).find((line) => line.message === "dist opened");
  assert.equal(String(opened?.dist).startsWith(`${dist}/builds/`), true, String(opened?.dist));
  assert.equal(await exists(`${dir}/dist`), false);
  assert.doesNotMatch(stderr, /build/);
  assert.equal(code, 0);
});

Deno.test("without DIST_DIR, npm start builds data/ into dist/ and serves that build", async () => {
  const dir = await project("good");
  await using npm = npmStart(dir, {});
  const port = await npm.servingPort();
  assert.equal((await fetch(`http://127.0.0.1:${port}/healthz`)).status, 200);
  npm.child.kill("SIGTERM");
  const { code, stdout } = await npm.outcome();
  const current = (await Deno.readTextFile(`${dir}/dist/CURRENT`)).trim();
  const opened = npmLog(stdout).find((line) => line.message === "dist opened");
  assert.equal(opened?.dist, `dist/builds/${current}`);
  assert.equal(code, 0);
});

Deno.test("without DIST_DIR, a data/ that does not build is one JSON error line naming the file, exit 1", async () => {
  const dir = await project("broken");
  await using npm = npmStart(dir, {});
  const { code, stdout, stderr } = await npm.outcome();
  assert.deepEqual(npmLog(stdout).map(({ time: _, ...line }) => line), [{
    level: "error",
    message: "cannot start: building data into dist failed (DIST_DIR can name a build to serve instead): " +
      `${BROKEN_XML}: line 1 column 7: malformed XML: document must contain a root element.`,
  }]);
  assert.match(stderr, /^build failed: data\/gpc\/gpc-en-v1\.xml: /m);
  assert.equal(await exists(`${dir}/dist/CURRENT`), false);
  assert.equal(code, 1);
});
