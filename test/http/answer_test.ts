import assert from "node:assert/strict";
import {
  type Answer,
  copyWith,
  headOf,
  keptAnswer,
  NO_STORE,
  type Pairs,
  responseOf,
  sharedTemplate,
  TEMPLATES_KEPT,
  unregistered,
} from "../../src/http/answer.ts";
import { KeptBody } from "../../src/operation/kept_body.ts";

/** The Response a request gets of a shared answer, as the handler makes it: its template copied with `added`. */
function sharedResponseOf(answer: Answer, release: Pairs, noStore: boolean, added: Pairs): Response {
  return copyWith(sharedTemplate(answer, release, noStore), added);
}

const CHALLENGE = "eyJ4NDAyVmVyc2lvbiI6Mn0=".repeat(100);
const SHARED: Answer = {
  status: 402,
  body: '{"status":402}',
  headers: [["Content-Type", "application/problem+json"], ["PAYMENT-REQUIRED", CHALLENGE]],
  shared: true,
};
const RELEASE_A: Pairs = [["X-GPC-Release", "v20251127"], ["X-Map-Version", "2026.11.7"]];
const RELEASE_B: Pairs = [["X-GPC-Release", "v20250530"], ["X-Map-Version", "2026.11.7"]];

/** Status, headers (as the Headers API lists them) and body of a Response. */
async function seen(response: Response) {
  return { status: response.status, headers: [...response.headers], body: await response.text() };
}

Deno.test("a shared answer's Response is the one a new Response would be, request after request", async () => {
  for (const id of ["first", "second", "third"]) {
    const added: Pairs = [["X-Request-Id", id], ["RateLimit-Remaining", "9"]];
    assert.deepEqual(
      await seen(sharedResponseOf(SHARED, RELEASE_A, true, added)),
      await seen(responseOf(SHARED, [...RELEASE_A, NO_STORE, ...added])),
    );
  }
  const last = sharedResponseOf(SHARED, RELEASE_A, true, [["X-Request-Id", "fourth"]]);
  // One request's headers never reach the next one's Response.
  assert.equal(last.headers.get("x-request-id"), "fourth");
  assert.equal(last.headers.get("ratelimit-remaining"), null);
});

Deno.test("a shared answer's Response is made again for another release or without no-store", () => {
  const id: Pairs = [["X-Request-Id", "r"]];
  assert.equal(sharedResponseOf(SHARED, RELEASE_A, true, id).headers.get("x-gpc-release"), "v20251127");
  assert.equal(sharedResponseOf(SHARED, RELEASE_B, true, id).headers.get("x-gpc-release"), "v20250530");
  assert.equal(sharedResponseOf(SHARED, RELEASE_A, true, id).headers.get("x-gpc-release"), "v20251127");
  assert.equal(sharedResponseOf(SHARED, RELEASE_A, false, id).headers.get("cache-control"), null);
  assert.equal(sharedResponseOf(SHARED, RELEASE_A, true, id).headers.get("cache-control"), "no-store");
});

Deno.test("a HEAD of a shared answer leaves the answer whole for the next request", async () => {
  const head = await headOf(sharedResponseOf(SHARED, RELEASE_A, true, []));
  assert.equal(head.headers.get("content-length"), "14");
  assert.equal(head.body, null);
  assert.equal(await sharedResponseOf(SHARED, RELEASE_A, true, []).text(), '{"status":402}');
});

/** The status line and header block a server sends for `response`, without its Date. */
async function wireHead(response: () => Response): Promise<string> {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, response);
  try {
    const connection = await Deno.connect({ hostname: "127.0.0.1", port: server.addr.port });
    await connection.write(
      new TextEncoder().encode("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
    );
    const text = new TextDecoder().decode(await new Response(connection.readable).arrayBuffer());
    return text.slice(0, text.indexOf("\r\n\r\n")).split("\r\n").filter((line) => !/^date:/i.test(line)).join(
      "\n",
    );
  } finally {
    await server.shutdown();
  }
}

Deno.test("on the wire a shared answer's header names, case and order are those of a new Response", async () => {
  const added: Pairs = [["X-Request-Id", "wire"]];
  const shared = await wireHead(() => sharedResponseOf(SHARED, RELEASE_A, true, added));
  assert.equal(shared, await wireHead(() => responseOf(SHARED, [...RELEASE_A, NO_STORE, ...added])));
  assert.equal(
    shared,
    [
      "HTTP/1.1 402 Payment Required",
      "Content-Type: application/problem+json",
      `PAYMENT-REQUIRED: ${CHALLENGE}`,
      "X-GPC-Release: v20251127",
      "X-Map-Version: 2026.11.7",
      "Cache-Control: no-store",
      "X-Request-Id: wire",
      "content-length: 14",
      "connection: close",
    ].join("\n"),
  );
});

/** What `seen` gives for a no-store JSON 200 of `body` on RELEASE_A with request id `id`. */
function jsonSeenOnA(id: string, body: string) {
  return {
    status: 200,
    headers: [
      ["cache-control", "no-store"],
      ["content-type", "application/json"],
      ["x-gpc-release", "v20251127"],
      ["x-map-version", "2026.11.7"],
      ["x-request-id", id],
    ],
    body,
  };
}

Deno.test("a kept one-item body has one shared 200 answer, sent as a new Response of it would be", async () => {
  const kept = new KeptBody('{"results":[{"gpc_code":"10000043"}]}');
  const answer = keptAnswer(kept);
  assert.equal(keptAnswer(kept), answer);
  assert.notEqual(keptAnswer(new KeptBody(kept.text)), answer);
  assert.deepEqual(answer, {
    status: 200,
    body: '{"results":[{"gpc_code":"10000043"}]}',
    headers: [["Content-Type", "application/json"], ["Cache-Control", "no-store"]],
    shared: true,
  });
  const added: Pairs = [["X-Request-Id", "one"]];
  assert.deepEqual(
    await seen(sharedResponseOf(answer, RELEASE_A, false, added)),
    jsonSeenOnA("one", '{"results":[{"gpc_code":"10000043"}]}'),
  );
});

Deno.test("past TEMPLATES_KEPT shared answers the oldest one's Response is made again, whole", async () => {
  const answerOf = (i: number): Answer => ({
    status: 200,
    body: `{"n":${i}}`,
    headers: [["Content-Type", "application/json"]],
    shared: true,
  });
  const first = answerOf(0);
  const firstBody = first.body;
  await sharedResponseOf(first, RELEASE_A, true, []).text();
  // Enough others to let every template kept before go, the first one's included.
  for (let i = 1; i <= TEMPLATES_KEPT; i++) sharedResponseOf(answerOf(i), RELEASE_A, true, []);
  const again = sharedResponseOf(first, RELEASE_A, true, [["X-Request-Id", "after"]]);
  assert.deepEqual(await seen(again), jsonSeenOnA("after", firstBody as string));
});

/** The native response Deno keeps registered for `response` until it is sent, read through Deno's own symbol. */
function nativeOf(response: Response): unknown {
  const key = Object.getOwnPropertySymbols(response).find((s) => s.description === "serve native response");
  assert.ok(
    key !== undefined,
    "Deno's Response no longer has a native response: unregistered() needs a look",
  );
  return (response as unknown as Record<symbol, unknown>)[key];
}

Deno.test("a kept template is let go by Deno's registry of native responses, and still copies whole", async () => {
  const made = () => responseOf(SHARED, [...RELEASE_A, NO_STORE]);
  // Deno registers a Response made from a header list; a template kept that way stayed registered.
  assert.equal(typeof nativeOf(made()), "object");
  assert.notEqual(nativeOf(made()), null);
  const template = unregistered(made());
  assert.equal(nativeOf(template), null);
  const copy = template.clone();
  copy.headers.append("X-Request-Id", "copy");
  assert.deepEqual(
    await seen(copy),
    await seen(responseOf(SHARED, [...RELEASE_A, NO_STORE, ["X-Request-Id", "copy"]])),
  );
});
