/**
 * src/main.ts run as a process: every start-up failure is one JSON log line naming the variable or file,
 * exit 1; library console output is routed into the log; after SIGTERM the exit is bounded by DRAIN_MS.
 */
import assert from "node:assert/strict";
import { freePort, logLines, preparedDist, Spawned } from "./support/spawned_process.ts";
import { tempDir } from "./support/temp_dir.ts";

/** The environment of a spawned server that starts: the prepared dist, port 0, payments off. */
async function serverEnv(more: Record<string, string> = {}): Promise<Record<string, string>> {
  return { HOST: "127.0.0.1", PORT: "0", PAYMENTS: "off", DIST_DIR: await preparedDist(), ...more };
}

/** A start-up failure: the settings that cause it, the line expected, and a port the test holds in use. */
interface StartFailure {
  readonly env: Record<string, string>;
  readonly message: string;
  readonly hold?: number;
}

const startFailures: [string, () => Promise<StartFailure>][] = [
  ["a bad configuration value", () =>
    Promise.resolve({
      env: { PORT: "http" },
      message: 'PORT="http" is not valid: expected an integer from 0 to 65535',
    })],
  ["a DRAIN_MS out of range", () =>
    Promise.resolve({
      env: { DRAIN_MS: "600001" },
      message: 'DRAIN_MS="600001" is not valid: expected an integer number of milliseconds from 0 to 600000',
    })],
  ["a HOST that is not an address", () =>
    Promise.resolve({
      env: { HOST: "999.1.1.1" },
      message:
        'HOST="999.1.1.1" cannot be listened on: failed to lookup address information: Name or service not known',
    })],
  ["a HOST of another machine", () =>
    Promise.resolve({
      env: { HOST: "192.0.2.1" },
      message: 'HOST="192.0.2.1" cannot be listened on: it is not an address of this machine',
    })],
  ["a PORT in use", () => {
    const port = freePort();
    return Promise.resolve({
      env: { PORT: String(port) },
      message: `PORT=${port} cannot be used: 127.0.0.1:${port} is already in use`,
      hold: port,
    });
  }],
  ["a DIST_DIR without a build", async () => {
    const empty = await tempDir("gpc-empty-");
    return {
      env: { DIST_DIR: empty },
      message:
        `cannot open DIST_DIR=${empty}: ${empty} holds no compiled data (no CURRENT file): run \`deno task build\``,
    };
  }],
];

for (const [name, failure] of startFailures) {
  Deno.test(`start-up with ${name} writes one JSON error line naming it and exits 1`, async () => {
    const { env, message, hold } = await failure();
    const held = hold === undefined ? undefined : Deno.listen({ hostname: "127.0.0.1", port: hold });
    try {
      await using server = Spawned.server(await serverEnv({ LOG_LEVEL: "error", ...env }));
      const { code, stdout, stderr } = await server.outcome();
      assert.equal(stderr, "");
      assert.equal(stdout.length, 1, stdout.join("\n"));
      const [{ time, ...line }] = logLines(stdout) as [{ time: string }];
      assert.match(time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      assert.deepEqual(line, { level: "error", message });
      assert.equal(code, 1);
    } finally {
      held?.close();
    }
  });
}

Deno.test("a library's console output becomes a JSON log line; stderr stays empty", async () => {
  const unreachable = `http://127.0.0.1:${freePort()}`;
  await using server = Spawned.server(
    await serverEnv({
      PAYMENTS: "on",
      FACILITATOR_URL: unreachable,
      PAY_TO: "0x1111111111111111111111111111111111111111",
      PUBLIC_URL: "http://127.0.0.1:8080",
    }),
  );
  await server.servingPort();
  server.child.kill("SIGTERM");
  const { code, stdout, stderr } = await server.outcome();
  assert.equal(stderr, "");
  const lines = logLines(stdout);
  const routed = lines.filter((line) => line.source === "console");
  assert.deepEqual(routed.map((line) => [line.level, String(line.message).split(": ")[0]]), [
    ["warn", "Failed to fetch supported kinds from facilitator"],
  ]);
  assert.equal(code, 0);
});

Deno.test("after SIGTERM the process exits within DRAIN_MS though a client never reads its answers", async () => {
  await using server = Spawned.server(await serverEnv({ DRAIN_MS: "500", RATE_LIMIT: "off" }));
  const port = await server.servingPort();
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  // 1,500 pipelined requests for a 25 KB document: far more than the socket buffers hold, never read.
  const requests = new TextEncoder().encode("GET /openapi.json HTTP/1.1\r\nHost: a\r\n\r\n".repeat(1500));
  for (let written = 0; written < requests.length;) written += await conn.write(requests.subarray(written));
  // Wait until the server stalls, the socket buffers full: no answer logged for 200 ms.
  await server.waitFor((line) => line.includes('"path":"/openapi.json"'));
  for (let seen = -1, i = 0; server.lines.length !== seen && i < 100; i++) {
    seen = server.lines.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const started = performance.now();
  server.child.kill("SIGTERM");
  const { code, stdout } = await server.outcome(5000);
  const waited = performance.now() - started;
  conn.close();
  const events = logLines(stdout).filter((line) => line.request_id === undefined).map((
    { time: _, ...rest },
  ) => rest);
  assert.deepEqual(events.slice(-3), [
    { level: "info", message: "SIGTERM: draining in-flight requests", drain_ms: 500 },
    { level: "warn", message: "DRAIN_MS=500 ran out: exiting with connections open", cut: 0 },
    { level: "info", message: "stopped" },
  ]);
  assert.equal(code, 0);
  assert.ok(waited >= 450 && waited < 2500, `exited ${waited.toFixed(0)} ms after SIGTERM`);
});
