/**
 * A server whose stdout is never read (a log reader that stopped): it keeps answering, and SIGTERM still ends
 * it, within DRAIN_MS and EXIT_WAIT_MS (the wait for the log), exit status 0, with the lines it could not
 * write said on stderr.
 */
import assert from "node:assert/strict";
import { EXIT_WAIT_MS } from "../src/log/log_buffer.ts";
import { SERVE_FLAGS } from "./support/server_process.ts";
import { freePort, preparedDist, ROOT } from "./support/spawned_process.ts";

Deno.test("a server whose stdout is never read answers, and SIGTERM ends it with status 0", async () => {
  const port = freePort();
  const env = {
    DIST_DIR: await preparedDist(),
    HOST: "127.0.0.1",
    PORT: String(port),
    PAYMENTS: "off",
    RATE_LIMIT: "off",
    DRAIN_MS: "1000",
  };
  const child = new Deno.Command(`${ROOT}/node_modules/deno/deno`, {
    args: ["run", ...SERVE_FLAGS, `${ROOT}/src/main.ts`],
    env,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stderr = new Response(child.stderr).text();
  const kill = setTimeout(() => child.kill("SIGKILL"), 30_000);
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let waited = 0;; waited += 50) {
      const ready = await fetch(`${base}/healthz`).then(
        (response) => response.body?.cancel().then(() => true),
        () => false,
      );
      if (ready) break;
      assert.ok(waited < 10_000, "the server did not answer within 10 s");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // 3,000 request lines of about 200 bytes: several times what a pipe holds (64 KiB).
    for (let sent = 0; sent < 3_000; sent += 50) {
      const statuses = await Promise.all(
        Array.from({ length: 50 }, () =>
          fetch(`${base}/v1/public/stats`).then(async (response) => {
            await response.body?.cancel();
            return response.status;
          })),
      );
      assert.deepEqual(new Set(statuses), new Set([200]));
    }
    const stopped = performance.now();
    child.kill("SIGTERM");
    const { code } = await child.status;
    const ms = performance.now() - stopped;
    assert.equal(code, 0);
    assert.ok(ms >= EXIT_WAIT_MS && ms < 1_000 + EXIT_WAIT_MS + 3_000, `exited ${ms} ms after SIGTERM`);
    assert.match(
      await stderr,
      /^log: stdout took nothing for 2000 ms: \d+ bytes of lines not written$/m,
    );
  } finally {
    clearTimeout(kill);
    await child.stdout.cancel();
  }
});
