import assert from "node:assert/strict";
import { EXIT_WAIT_MS, IDLE_MS } from "../../src/log/stdout_writer.ts";

/** Runs `source` as a script from the repository root (killed after 15 s); its stdout is read only if `read`. */
async function run(source: string, read: boolean) {
  const script = await Deno.makeTempFile({ dir: Deno.cwd(), suffix: ".ts" });
  try {
    await Deno.writeTextFile(script, source);
    const started = performance.now();
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "--quiet", "--config", "deno.json", script],
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const stdout = read ? new Response(child.stdout).text() : Promise.resolve("");
    const stderr = new Response(child.stderr).text();
    const kill = setTimeout(() => child.kill("SIGKILL"), 15_000);
    const { code } = await child.status;
    clearTimeout(kill);
    const ms = performance.now() - started;
    if (!read) await child.stdout.cancel();
    return { code, ms, stdout: await stdout, stderr: await stderr };
  } finally {
    await Deno.remove(script);
  }
}

Deno.test("a reader that never reads stops neither the server's thread nor, past EXIT_WAIT_MS, its exit", async () => {
  // 6 MB of request lines (a pipe holds 64 KiB; past SYNC_BYTES the worker takes them), then 500 ms of a 10 ms
  // timer.
  const { code, ms, stderr } = await run(
    `
import { createLog } from "./src/log/request_log.ts";
const log = createLog("info");
log.write("info", { message: "first" });
const path = "/v1/reference/classify" + "x".repeat(200);
for (let i = 0; i < 20_000; i++) {
  log.request({ request_id: "r" + i, method: "GET", path, status: 200, duration_ms: 0.1, client: "c" });
}
let ticks = 0;
const timer = setInterval(() => ticks++, 10);
await new Promise((resolve) => setTimeout(resolve, 500));
clearInterval(timer);
console.error("ticks " + ticks);
Deno.exit(3);
`,
    false,
  );
  assert.equal(code, 3);
  const ticks = Number(/ticks (\d+)/.exec(stderr)?.[1]);
  assert.ok(ticks >= 25, `the timer ticked ${ticks} times in 500 ms`);
  assert.equal(
    stderr.split("\n").filter((line) => line.startsWith("log: ")).join("\n"),
    `log: stdout took nothing for ${EXIT_WAIT_MS} ms: the lines still pending are not written`,
  );
  assert.ok(ms >= 500 + EXIT_WAIT_MS, `exited after ${ms} ms`);
  assert.ok(ms < 500 + EXIT_WAIT_MS + 5_000, `exited after ${ms} ms`);
});

Deno.test("a program that ends without Deno.exit ends IDLE_MS after its last write, every line written", async () => {
  // Past SYNC_BYTES, so that a worker runs.
  const { code, ms, stdout } = await run(
    `
import { createLog } from "./src/log/request_log.ts";
import { SYNC_BYTES } from "./src/log/stdout_writer.ts";
const log = createLog("info");
log.write("info", { message: "first" });
log.write("info", { message: "x".repeat(SYNC_BYTES) });
log.write("info", { message: "last" });
`,
    true,
  );
  assert.equal(code, 0);
  const messages = stdout.trim().split("\n").map((line) => JSON.parse(line).message);
  assert.deepEqual(messages.map((message) => message.length > 100 ? message.length : message), [
    "first",
    16_384,
    "last",
  ]);
  assert.ok(ms >= IDLE_MS, `ended after ${ms} ms`);
  assert.ok(ms < IDLE_MS + 5_000, `ended after ${ms} ms`);
});
