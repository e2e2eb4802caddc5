/**
 * The documented request limits against a real server: the largest valid request of each operation is
 * answered normally, one byte more is a 400 problem document, and a head beyond Deno's own limits (its size,
 * its number of header fields) gets the server's bare 400 (what docs/api.md tells clients to expect).
 */
import assert from "node:assert/strict";
import {
  MAX_REQUEST_TARGET_BYTES,
  REQUEST_HEAD_LIMIT_BYTES,
  REQUEST_HEADER_FIELDS_LIMIT,
} from "../../src/operation/query.ts";
import { serveFakeStore } from "../support/fake_server.ts";
import { type RawAnswer, rawHead, rawRequest } from "../support/raw_http.ts";

// The documented values (docs/api.md "Request size"): pinned here so a change of either is deliberate.
const TARGET_LIMIT = 49_152;
const HEAD_LIMIT = 65_536;
const HEADER_FIELDS_LIMIT = 128;
const CLASSIFY_Q = "/v1/reference/classify?q=";

async function withServer(run: (port: number) => Promise<void>): Promise<void> {
  const server = serveFakeStore();
  try {
    await run(server.port);
  } finally {
    await server.stop();
    await server.finished;
  }
}

/** A phrase of at most 200 characters whose percent-encoding is exactly `bytes` long ("é" is 6, "a" 1). */
function phraseOfEncodedBytes(bytes: number): string {
  const accents = Math.max(0, Math.ceil((bytes - 200) / 5));
  const phrase = "é".repeat(accents) + "a".repeat(bytes - 6 * accents);
  assert.ok([...phrase].length <= 200 && encodeURIComponent(phrase).length === bytes, `${bytes}`);
  return phrase;
}

/**
 * 100 phrases of at most 200 characters (one the lexicon carries, one with 3- and 4-byte characters, the
 * rest mostly "é"), percent-encoded into a classify target of exactly `targetBytes`.
 */
function largestPhrases(targetBytes: number): string[] {
  const fixed = ["bread", "blé 𝔸 € ü"];
  const fixedBytes = fixed.reduce((sum, phrase) => sum + encodeURIComponent(phrase).length, 0);
  const room = targetBytes - CLASSIFY_Q.length - 99 - fixedBytes;
  const filler = Array.from(
    { length: 98 },
    (_, i) => phraseOfEncodedBytes(Math.floor(room / 98) + (i < room % 98 ? 1 : 0)),
  );
  return [...fixed, ...filler];
}

function classifyTarget(phrases: readonly string[]): string {
  return CLASSIFY_Q + phrases.map(encodeURIComponent).join(",");
}

/** Headers that fill a head for `target` up to exactly `headBytes`, like a client's payment header would. */
function padTo(target: string, headBytes: number): [string, string][] {
  const without = rawHead(target, [["X-Filler", ""]]).length;
  return [["X-Filler", "f".repeat(headBytes - without)]];
}

function assertProblem(answer: RawAnswer, status: number, code: string): Record<string, unknown> {
  assert.equal(answer.status, status);
  assert.equal(answer.headers.get("content-type"), "application/problem+json");
  assert.match(answer.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/);
  const problem = JSON.parse(answer.body);
  assert.equal(problem.status, status);
  assert.equal(problem.error.code, code);
  return problem;
}

Deno.test("the request limits are the documented ones", () => {
  assert.equal(MAX_REQUEST_TARGET_BYTES, TARGET_LIMIT);
  assert.equal(REQUEST_HEAD_LIMIT_BYTES, HEAD_LIMIT);
  assert.equal(REQUEST_HEADER_FIELDS_LIMIT, HEADER_FIELDS_LIMIT);
});

Deno.test("the largest valid q request, with the promised room for other headers, is answered normally", async () => {
  const phrases = largestPhrases(TARGET_LIMIT);
  const target = classifyTarget(phrases);
  assert.equal(target.length, TARGET_LIMIT);
  const head = rawHead(target, padTo(target, HEAD_LIMIT));
  assert.equal(head.length, HEAD_LIMIT);
  await withServer(async (port) => {
    const answer = await rawRequest(port, head);
    assert.equal(answer.status, 200);
    const body = JSON.parse(answer.body);
    assert.deepEqual(body.results.map((r: { q: string }) => r.q), phrases);
    assert.deepEqual(body.results[0].gpc.map((n: { code: string }) => n.code), ["10000164", "50181900"]);
    assert.deepEqual(body.results[1].gpc, []);
  });
});

Deno.test("one byte over the request-target limit is a 400 problem document with a request id", async () => {
  const phrases = largestPhrases(TARGET_LIMIT + 1);
  const target = classifyTarget(phrases);
  assert.equal(target.length, TARGET_LIMIT + 1);
  await withServer(async (port) => {
    const problem = assertProblem(await rawRequest(port, rawHead(target)), 400, "INVALID_PARAMS");
    assert.equal(
      problem.detail,
      "the request target (path and query, percent-encoded) has 49153 bytes; at most 49152 are accepted: " +
        "send fewer or shorter values",
    );
    assert.deepEqual((problem.error as { details: unknown }).details, {
      issues: [{ message: problem.detail }],
      request_target_bytes: 49_153,
      max_request_target_bytes: 49_152,
    });
  });
});

Deno.test("the largest valid browse_id and gpc_code requests are answered normally", async () => {
  const ids = [...Array.from({ length: 99 }, (_, i) => String(10n ** 19n + BigInt(i))), "16318751"];
  const codes = Array.from({ length: 100 }, () => "10000155");
  await withServer(async (port) => {
    const classify = await rawRequest(port, rawHead(`/v1/reference/classify?browse_id=${ids.join(",")}`));
    assert.equal(classify.status, 200);
    const results = JSON.parse(classify.body).results;
    assert.deepEqual(results.map((r: { browse_id: string }) => r.browse_id), ids);
    assert.equal(results[99].gpc.code, "50180000");
    assert.equal(results[0].gpc, null);

    const bricks = await rawRequest(
      port,
      rawHead(`/v1/reference/brick-attributes?gpc_code=${codes.join(",")}`),
    );
    assert.equal(bricks.status, 200);
    assert.deepEqual(JSON.parse(bricks.body).results.map((r: { gpc_code: string }) => r.gpc_code), codes);

    const unknown = await rawRequest(
      port,
      rawHead(`/v1/reference/classify?browse_id=${ids.slice(0, 99).join(",")},1`),
    );
    assertProblem(unknown, 404, "NO_RESULTS");
  });
});

Deno.test("a request head beyond Deno's limit never reaches the service: a bare 400 without body or request id", async () => {
  const target = classifyTarget(largestPhrases(TARGET_LIMIT));
  const head = rawHead(target, padTo(target, HEAD_LIMIT + 64));
  await withServer(async (port) => {
    const answer = await rawRequest(port, head);
    assert.equal(answer.status, 400);
    assert.equal(answer.body, "");
    assert.equal(answer.headers.get("content-length"), "0");
    assert.equal(answer.headers.has("x-request-id"), false);
  });
});

Deno.test("a request of 128 header fields is answered; one more field gets the server's bare 400", async () => {
  const target = "/v1/reference/brick-attributes?gpc_code=10000155";
  // rawHead writes Host and Connection; the rest are fillers.
  const fields = (count: number) =>
    Array.from({ length: count - 2 }, (_, i): [string, string] => [`X-Field-${i}`, "v"]);
  await withServer(async (port) => {
    const answered = await rawRequest(port, rawHead(target, fields(HEADER_FIELDS_LIMIT)));
    assert.equal(answered.status, 200);
    const refused = await rawRequest(port, rawHead(target, fields(HEADER_FIELDS_LIMIT + 1)));
    assert.equal(refused.status, 400);
    assert.equal(refused.body, "");
    assert.equal(refused.headers.get("content-length"), "0");
    assert.equal(refused.headers.has("x-request-id"), false);
  });
});
