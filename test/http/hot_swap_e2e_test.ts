/**
 * The real service swapping in a new build without a restart: a bounded loop of concurrent requests runs
 * while `deno task build` writes a new publication's build into the served dist root and the server is told
 * (SIGHUP, or the watch of DIST_DIR/CURRENT): no request fails, the new default release answers after, and
 * a new build that fails verification is refused with a log line naming the file while the old one answers.
 */
import assert from "node:assert/strict";
import { buildDist } from "../../build/build_dist.ts";
import { recordingProgress } from "../../build/progress.ts";
import {
  CURATED_RELEASE,
  dataWithCuratedRelease,
  dataWithNextRelease,
  NEXT_RELEASE,
  RETITLED,
} from "../support/next_release.ts";
import { type ServerProcess, startService } from "../support/server_process.ts";
import { tempDir } from "../support/temp_dir.ts";

const CONTENT = ["browse", "mappings", "lexicon"];
const currentData = await dataWithCuratedRelease(CONTENT);
const nextData = await dataWithNextRelease(CONTENT);
const WORKERS = 4;
/**
 * A load's bounds, far past what a swap needs: the load stops once the server has answered 200 requests after
 * the change. A bound of 3,000 requests a worker was reached while a slow build was still being written, and
 * no request came after the swap.
 */
const MAX_REQUESTS_PER_WORKER = 50_000;
const MAX_LOAD_MS = 60_000;

/** A dist root whose current build serves only the embedded release. */
async function servedRoot(): Promise<string> {
  const root = await tempDir("hot-swap-dist-");
  await buildDist(currentData, root, recordingProgress());
  return root;
}

/** What a load loop saw: statuses and releases answering, counted. */
interface Load {
  readonly statuses: Map<number, number>;
  readonly releases: Map<string, number>;
  requests: number;
  stop: boolean;
  readonly done: Promise<void>;
}

/** Concurrent brick-attributes requests until `stop` or a bound (count or time), whichever comes first. */
function startLoad(base: string): Load {
  const load = { statuses: new Map(), releases: new Map(), requests: 0, stop: false } as Omit<Load, "done">;
  const count = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
  const deadline = Date.now() + MAX_LOAD_MS;
  const worker = async () => {
    for (let i = 0; i < MAX_REQUESTS_PER_WORKER && !load.stop && Date.now() < deadline; i++) {
      const response = await fetch(`${base}/v1/reference/brick-attributes?gpc_code=${RETITLED.code}`);
      await response.arrayBuffer();
      count(load.statuses, response.status);
      count(load.releases, response.headers.get("X-GPC-Release") ?? "none");
      load.requests++;
    }
  };
  return Object.assign(load, { done: Promise.all(Array.from({ length: WORKERS }, worker)).then(() => {}) });
}

/** Waits (at most 20 s) until `ok()`. */
async function until(what: string, ok: () => boolean, server: ServerProcess): Promise<void> {
  for (let waited = 0; !ok(); waited += 20) {
    if (waited > 20_000) {
      throw new Error(`timed out waiting for ${what}:\n${server.lines.slice(-20).join("\n")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function logged(server: ServerProcess, pattern: RegExp): boolean {
  return server.lines.some((line) => pattern.test(line));
}

async function releaseOf(
  base: string,
  headers: Record<string, string> = {},
): Promise<[number, string | null]> {
  const response = await fetch(`${base}/v1/reference/brick-attributes?gpc_code=${RETITLED.code}`, {
    headers,
  });
  const body = await response.json();
  return [response.status, body.gpc_release ?? null];
}

/** Runs `during` under load, then lets the load make `after` more requests; returns what it saw. */
async function underLoad(server: ServerProcess, during: () => Promise<void>, after = 200): Promise<Load> {
  const load = startLoad(server.base);
  try {
    await until("the load to start", () => load.requests >= 50, server);
    await during();
    const seen = load.requests;
    await until("requests after the change", () => load.requests >= seen + after, server);
  } finally {
    load.stop = true;
    await load.done;
  }
  return load;
}

Deno.test("SIGHUP under load swaps in the new build: zero failed requests, the new release served after", async () => {
  const root = await servedRoot();
  const server = await startService(root, { WATCH_DIST: "off" });
  try {
    const load = await underLoad(server, async () => {
      await buildDist(nextData, root, recordingProgress());
      // With the watch off, only the signal swaps.
      assert.deepEqual(await releaseOf(server.base), [200, CURATED_RELEASE]);
      server.signal("SIGHUP");
      await until("the swap", () => logged(server, /"SIGHUP: serving [^"]*builds\/v20250601-/), server);
    });
    assert.deepEqual([...load.statuses], [[200, load.requests]]);
    assert.deepEqual(new Set(load.releases.keys()), new Set([CURATED_RELEASE, NEXT_RELEASE]));
    assert.deepEqual(await releaseOf(server.base), [200, NEXT_RELEASE]);
    assert.deepEqual(await releaseOf(server.base, { "X-GPC-Release": CURATED_RELEASE }), [
      200,
      CURATED_RELEASE,
    ]);
    await until(
      "the old build released",
      () => logged(server, /replaced dist closed: no request holds it/),
      server,
    );
    const ready = await fetch(`${server.base}/readyz`);
    assert.deepEqual([ready.status, (await ready.json()).checks.dist], [200, "ok"]);
  } finally {
    await server.stop();
  }
});

Deno.test("a build that moves DIST_DIR/CURRENT is swapped in by the watch, under load, with no failed request", async () => {
  const root = await servedRoot();
  const server = await startService(root);
  try {
    const load = await underLoad(server, async () => {
      await buildDist(nextData, root, recordingProgress());
      await until(
        "the swap",
        () => logged(server, /"CURRENT changed: serving [^"]*builds\/v20250601-/),
        server,
      );
    });
    assert.deepEqual([...load.statuses], [[200, load.requests]]);
    assert.deepEqual(await releaseOf(server.base), [200, NEXT_RELEASE]);
  } finally {
    await server.stop();
  }
});

Deno.test("a new build failing verification is refused naming the file, and the old one keeps answering", async () => {
  const root = await servedRoot();
  const staging = await tempDir("hot-swap-staging-");
  const next = await buildDist(nextData, staging, recordingProgress());
  // One byte of a record flipped: the shard opens (header and index are sound), its sha256 differs.
  const shard = `${staging}/builds/${next.id}/${NEXT_RELEASE}.bricks.shard`;
  const bytes = await Deno.readFile(shard);
  bytes[bytes.length - 2] = bytes[bytes.length - 2]! ^ 0x01;
  await Deno.writeFile(shard, bytes);
  const server = await startService(root);
  try {
    const load = await underLoad(server, async () => {
      await Deno.rename(`${staging}/builds/${next.id}`, `${root}/builds/${next.id}`);
      await Deno.writeTextFile(`${root}/.CURRENT.new`, `${next.id}\n`);
      await Deno.rename(`${root}/.CURRENT.new`, `${root}/CURRENT`);
      const refused = new RegExp(
        `CURRENT changed: refused [^"]*${next.id}: shard [^"]*${next.id}/${NEXT_RELEASE}\\.bricks\\.shard is ` +
          "corrupt: sha256 differs from the manifest",
      );
      await until("the refusal", () => logged(server, refused), server);
      server.signal("SIGHUP");
      await until(
        "the second refusal",
        () => logged(server, /"SIGHUP: refused [^"]*bricks\.shard is corrupt/),
        server,
      );
    });
    assert.deepEqual([...load.statuses], [[200, load.requests]]);
    assert.deepEqual([...load.releases.keys()], [CURATED_RELEASE]);
    assert.deepEqual(await releaseOf(server.base), [200, CURATED_RELEASE]);
    const health = await fetch(`${server.base}/healthz`);
    assert.deepEqual([health.status, (await health.json()).gpc_release], [200, CURATED_RELEASE]);
  } finally {
    await server.stop();
  }
});
