/**
 * HEAD answers exactly the headers the GET of the same request gets (RFC 9110 §9.3.2), over real HTTP: on a
 * paid path the GET's 402 (its Content-Length, its challenge), on every other path the GET's answer.
 */
import assert from "node:assert/strict";
import { harnessTest } from "../support/payment_harness.ts";
import { serveFakeStore } from "../support/fake_server.ts";

/** The answer's headers but Date (the clock moves between the two requests). */
function headersOf(response: Response): [string, string][] {
  return [...response.headers].filter(([name]) => name !== "date");
}

/** GET and HEAD of `url` with one request id: the GET's headers and body, the HEAD's headers and body. */
async function getAndHead(url: string) {
  const headers = { "X-Request-Id": "head-and-get", Origin: "https://app.example" };
  const get = await fetch(url, { headers });
  const body = new Uint8Array(await get.arrayBuffer());
  const head = await fetch(url, { method: "HEAD", headers });
  const headBody = new Uint8Array(await head.arrayBuffer());
  return { get, body, head, headBody };
}

harnessTest(
  "HEAD on a paid path answers exactly the GET's 402 headers: the GET body's Content-Length, its challenge",
  async (h, _payer, url) => {
    for (const target of [url, `${h.url}/v1/reference/brick-attributes?gpc_code=10000155`]) {
      const { get, body, head, headBody } = await getAndHead(target);
      assert.equal(get.status, 402);
      assert.equal(head.status, 402);
      assert.equal(headBody.length, 0);
      assert.equal(head.headers.get("content-length"), String(body.length));
      assert.deepEqual(headersOf(head), headersOf(get));
      const path = new URL(target).pathname;
      assert.equal(
        JSON.parse(new TextDecoder().decode(body)).detail,
        `GET ${path} costs 0.001 USDC per call`,
      );
    }
    // Neither spent nor asked the facilitator anything.
    assert.equal(h.proxy.sent.get("/verify"), undefined);
  },
);

Deno.test("HEAD on every free path answers exactly the GET's headers", async () => {
  const server = serveFakeStore();
  try {
    const base = `http://127.0.0.1:${server.port}`;
    for (
      const path of [
        "/v1/reference/classify?browse_id=16318751",
        "/v1/reference/classify?browse_id=abc",
        "/v1/reference/brick-attributes?gpc_code=10000155",
        "/v1/public/stats",
        "/v1/public/stats?x=1",
        "/v1/public/releases",
        "/healthz",
        "/openapi.json",
        "/docs",
        "/nowhere",
      ]
    ) {
      const { get, body, head, headBody } = await getAndHead(base + path);
      assert.equal(head.status, get.status, path);
      assert.equal(headBody.length, 0, path);
      assert.equal(head.headers.get("content-length"), String(body.length), path);
      assert.deepEqual(headersOf(head), headersOf(get), path);
    }
  } finally {
    await server.stop();
    await server.finished;
  }
});
