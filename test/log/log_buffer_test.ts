import assert from "node:assert/strict";
import { FLUSH_BYTES, FLUSH_MS, LogBuffer, MAX_PENDING_BYTES } from "../../src/log/log_buffer.ts";
import { Recorder } from "../support/log_recorder.ts";

Deno.test("lines queued within FLUSH_MS are written as one batch, in order, each with its newline", async () => {
  const output = new Recorder();
  const buffer = new LogBuffer(output);
  buffer.push('{"n":1}');
  buffer.push('{"n":2}');
  assert.deepEqual(output.writes, []);
  await new Promise((resolve) => setTimeout(resolve, FLUSH_MS + 20));
  await buffer.settled();
  assert.deepEqual(output.writes, ['{"n":1}\n{"n":2}\n']);
});

Deno.test("a batch is started at once when FLUSH_BYTES are pending or a line asks for it", async () => {
  const output = new Recorder();
  const buffer = new LogBuffer(output);
  const line = "x".repeat(FLUSH_BYTES);
  buffer.push(line);
  buffer.push("now", true);
  await Promise.resolve();
  await buffer.settled();
  assert.deepEqual(output.writes, [`${line}\n`, "now\n"]);
});

Deno.test("flushSync writes what is still queued, synchronously", () => {
  const output = new Recorder();
  const buffer = new LogBuffer(output);
  buffer.push("a");
  buffer.push("b");
  buffer.flushSync();
  assert.deepEqual(output.syncWrites, ["a\nb\n"]);
  assert.deepEqual(output.writes, []);
});

Deno.test("when stdout takes nothing, lines past MAX_PENDING_BYTES are dropped and counted once it moves", async () => {
  const output = new Recorder();
  output.held = true;
  const buffer = new LogBuffer(output);
  const line = "y".repeat(1024 * 1024 - 1);
  // Lines of 1 MiB with their newline: the 17th still fits (the budget is checked before a line is added),
  // the 18th is dropped.
  for (let i = 0; i < MAX_PENDING_BYTES / (1024 * 1024) + 2; i++) buffer.push(line);
  const done = buffer.settled();
  output.release();
  await done;
  const written = output.writes.join("").split("\n").filter((text) => text !== "");
  const warning = JSON.parse(written.at(-1)!);
  assert.equal(written.length - 1, 17);
  assert.equal(warning.message, "log lines dropped: stdout did not take them");
  assert.equal(warning.dropped, 1);
});

// Logs three request lines (queued, not yet handed to a write), then: waits for the log (`wait`), after an
// error line (written at once); or exits at once (the unload event's flushSync writes the queued lines).
const EXITING = `
import { createLog } from "./src/log/request_log.ts";
import { logsWritten } from "./src/log/log_buffer.ts";
const log = createLog("info");
for (let i = 0; i < 3; i++) {
  log.request({ request_id: "r" + i, method: "GET", path: "/healthz", status: 200, duration_ms: 0.1, client: "c" });
}
if (Deno.args[0] === "wait") {
  log.write("error", { message: "last words" });
  if (!await logsWritten()) Deno.exit(4);
}
Deno.exit(3);
`;

/** The EXITING script's stdout and exit code, run once with `args`. */
async function exiting(
  script: string,
  args: string[],
): Promise<{ code: number; lines: { request_id?: string; message?: string }[] }> {
  const { code, stdout } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", "--config", "deno.json", script, ...args],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  const text = new TextDecoder().decode(stdout);
  return { code, lines: text.split("\n").filter((line) => line !== "").map((line) => JSON.parse(line)) };
}

// Several processes at once each: a line lost in some runs only would still be seen.
for (
  const [mode, expected] of [["wait", ["r0", "r1", "r2", "last words"]], ["exit at once", [
    "r0",
    "r1",
    "r2",
  ]]] as const
) {
  Deno.test(`no line is lost when the process exits (${mode})`, async () => {
    const script = await Deno.makeTempFile({ dir: Deno.cwd(), suffix: ".ts" });
    try {
      await Deno.writeTextFile(script, EXITING);
      const results = await Promise.all(Array.from({ length: 6 }, () => exiting(script, [mode])));
      for (const { code, lines } of results) {
        assert.equal(code, 3);
        assert.deepEqual(lines.map((line) => line.request_id ?? line.message), expected);
      }
    } finally {
      await Deno.remove(script);
    }
  });
}
