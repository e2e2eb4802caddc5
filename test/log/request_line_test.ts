import assert from "node:assert/strict";
import { FLUSH_BYTES, LogBuffer } from "../../src/log/log_buffer.ts";
import { type RequestLine, requestLineText, RequestLineWriter } from "../../src/log/request_line.ts";
import { Recorder } from "../support/log_recorder.ts";

const TIME = "2026-11-27T00:45:48.123Z";
const STAMP = new TextEncoder().encode(TIME);

/** Writes `lines` as the log does: the bytes form, else the text. Returns what reached the output and which were texts. */
async function written(lines: readonly RequestLine[]): Promise<{ text: string; asText: number[] }> {
  const output = new Recorder();
  const buffer = new LogBuffer(output);
  const writer = new RequestLineWriter();
  const asText: number[] = [];
  lines.forEach((line, i) => {
    writer.set(STAMP, line);
    if (buffer.pushWritten(writer)) return;
    asText.push(i);
    buffer.push(requestLineText(TIME, line));
  });
  await buffer.settled();
  return { text: output.writes.join(""), asText };
}

const LINE: RequestLine = {
  request_id: "bench-0000000000000001",
  method: "GET",
  path: "/v1/reference/classify",
  status: 200,
  duration_ms: 0.123,
  client: "127.0.0.1",
};

Deno.test("a request line written as bytes is the text form's line, byte for byte", async () => {
  const { text, asText } = await written([LINE]);
  assert.deepEqual(asText, []);
  assert.equal(
    text,
    '{"time":"2026-11-27T00:45:48.123Z","level":"info","request_id":"bench-0000000000000001","method":"GET",' +
      '"path":"/v1/reference/classify","status":200,"duration_ms":0.123,"client":"127.0.0.1"}\n',
  );
});

Deno.test("a 5xx is an error line, and a tool call's line names its tool", async () => {
  const { text, asText } = await written([
    { ...LINE, status: 503, duration_ms: 12 },
    { ...LINE, method: "POST", path: "/mcp", duration_ms: 4.5, tool: "classify" },
  ]);
  assert.deepEqual(asText, []);
  assert.deepEqual(text.trimEnd().split("\n").map((line) => JSON.parse(line)), [
    { ...LINE, time: TIME, level: "error", status: 503, duration_ms: 12 },
    { ...LINE, time: TIME, level: "info", method: "POST", path: "/mcp", duration_ms: 4.5, tool: "classify" },
  ]);
});

Deno.test("durations print as the text form prints them, at every number of decimals", async () => {
  const durations = [
    0,
    -0,
    0.001,
    0.01,
    0.02,
    0.1,
    0.12,
    0.102,
    1,
    10,
    10.5,
    100.05,
    999.999,
    123456.789,
    1e11 + 0.5,
  ];
  const lines = durations.map((duration_ms) => ({ ...LINE, duration_ms }));
  const { text, asText } = await written(lines);
  assert.deepEqual(asText, []);
  assert.equal(text, lines.map((line) => `${requestLineText(TIME, line)}\n`).join(""));
  assert.deepEqual(
    text.trimEnd().split("\n").map((line) => JSON.parse(line).duration_ms),
    [0, 0, 0.001, 0.01, 0.02, 0.1, 0.12, 0.102, 1, 10, 10.5, 100.05, 999.999, 123456.789, 100000000000.5],
  );
});

Deno.test("fields that JSON escapes or that are not ASCII, and odd numbers, are written as text", async () => {
  const lines: RequestLine[] = [
    { ...LINE, path: '/v1/reference/"classify"' },
    { ...LINE, path: "/v1/reference/\\classify" },
    { ...LINE, request_id: "tab\there" },
    { ...LINE, client: "café" },
    { ...LINE, tool: "classify\u007f" },
    { ...LINE, duration_ms: 0.1234 },
    { ...LINE, duration_ms: 1e13 },
    { ...LINE, duration_ms: Number.NaN },
    { ...LINE, status: 99 },
    LINE,
  ];
  const { text, asText } = await written(lines);
  assert.deepEqual(asText, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
  assert.equal(text, lines.map((line) => `${requestLineText(TIME, line)}\n`).join(""));
  assert.equal(JSON.parse(text.split("\n")[0]!).path, '/v1/reference/"classify"');
  assert.equal(JSON.parse(text.split("\n")[3]!).client, "café");
});

Deno.test("random lines across many chunks arrive whole and in order, as their text form", async () => {
  // A seeded generator (mulberry32): the same lines on every run.
  let seed = 20261127;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const ALPHABET = 'abcXYZ019/-_.:?=&"\\\t\u0001é€😀 ';
  const field = (most: number) =>
    Array.from({ length: Math.floor(random() * most) }, () => {
      // Mostly plain characters, so that most lines take the bytes path.
      const i = random() < 0.999 ? Math.floor(random() * 17) : Math.floor(random() * ALPHABET.length);
      return ALPHABET[i]!;
    }).join("");
  const lines: RequestLine[] = Array.from({ length: 4000 }, () => ({
    request_id: field(129),
    method: random() < 0.9 ? "GET" : "POST",
    path: `/${field(300)}`,
    status: [200, 400, 402, 404, 500, 503][Math.floor(random() * 6)]!,
    duration_ms: Math.round(random() * 10 ** Math.floor(random() * 7) * 1000) / 1000,
    client: field(40),
    ...(random() < 0.2 ? { tool: field(20) } : {}),
  }));
  const { text, asText } = await written(lines);
  assert.ok(text.length > 10 * FLUSH_BYTES, `${text.length} bytes: the lines must fill many chunks`);
  assert.ok(
    asText.length > 100 && asText.length < 3000,
    `${asText.length} lines as text: both paths are taken`,
  );
  assert.equal(text, lines.map((line) => `${requestLineText(TIME, line)}\n`).join(""));
});

Deno.test("a line longer than a chunk is refused by the bytes path and written whole as text", async () => {
  const line = { ...LINE, path: `/${"p".repeat(3 * FLUSH_BYTES)}` };
  const { text, asText } = await written([LINE, line, LINE]);
  assert.deepEqual(asText, [1]);
  assert.equal(text, [LINE, line, LINE].map((each) => `${requestLineText(TIME, each)}\n`).join(""));
});
