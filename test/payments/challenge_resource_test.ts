import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import {
  canonicalQuery,
  challengeResource,
  listenUrl,
  MAX_RESOURCE_URL_CHARS,
} from "../../src/payments/challenge_resource.ts";

const LISTEN: [string, number, string][] = [
  ["0.0.0.0", 8080, "http://127.0.0.1:8080"],
  ["127.0.0.1", 43117, "http://127.0.0.1:43117"],
  ["localhost", 8080, "http://localhost:8080"],
  ["::", 8080, "http://[::1]:8080"],
  ["fd00::5", 9000, "http://[fd00::5]:9000"],
];

for (const [host, port, url] of LISTEN) {
  Deno.test(`the development PUBLIC_URL of HOST=${host} PORT=${port} is ${url}`, () => {
    assert.equal(listenUrl(host, port), url);
  });
}

const CANONICAL: [string, string][] = [
  ["?browse_id=16318751,18776870011", "browse_id=16318751,18776870011"],
  ["?browse_id=16318751%2C18776870011", "browse_id=16318751,18776870011"],
  ["?q=bread%20rolls", "q=bread%20rolls"],
  ["?q=bread+rolls", "q=bread%20rolls"],
  ["?q=caf%c3%a9", "q=caf%C3%A9"],
  ["?q=café,crème", "q=caf%C3%A9,cr%C3%A8me"],
  ["?q=it's%20(fresh)", "q=it's%20(fresh)"],
  ["?q=a%26b%3Dc", "q=a%26b%3Dc"],
  ["?gpc_code=10000164&browse_id=1", "browse_id=1&gpc_code=10000164"],
  ["", ""],
];

for (const [search, canonical] of CANONICAL) {
  Deno.test(`the canonical query of "${search}" is "${canonical}"`, () => {
    assert.equal(
      canonicalQuery(new URL(`http://any.example/v1/reference/classify${search}`).search.slice(1)),
      canonical,
    );
  });
}

Deno.test("a resource within the URL budget is PUBLIC_URL, path and canonical query", async () => {
  const url = new URL("http://evil.example/v1/reference/classify?q=bread+rolls");
  assert.deepEqual(
    await challengeResource(
      "https://gpc.example.com/api",
      url.pathname,
      url.search.slice(1),
      "classifyBrowseNodes: 1 item",
    ),
    {
      url: "https://gpc.example.com/api/v1/reference/classify?q=bread%20rolls",
      description: "classifyBrowseNodes: 1 item",
      mimeType: "application/json",
    },
  );
});

Deno.test("a resource past the URL budget is PUBLIC_URL and path, with the query's SHA-256 in the description", async () => {
  const phrases = Array.from({ length: 100 }, (_, i) => `pain de campagne ${i} `.padEnd(200, "é"));
  const url = new URL(`http://127.0.0.1:1/v1/reference/classify?q=${encodeURIComponent(phrases.join(","))}`);
  const query = "q=" + phrases.map((phrase) => encodeURIComponent(phrase)).join(",");
  assert.ok(query.length > MAX_RESOURCE_URL_CHARS);
  const digest = createHash("sha256").update(query).digest("hex");
  assert.deepEqual(
    await challengeResource(
      "https://gpc.example.com",
      url.pathname,
      url.search.slice(1),
      "classifyBrowseNodes: 100 items",
    ),
    {
      url: "https://gpc.example.com/v1/reference/classify",
      description: `classifyBrowseNodes: 100 items; query sha256=${digest}`,
      mimeType: "application/json",
    },
  );
});

Deno.test("the URL budget is exact: at the limit the query is written out, one character more it is digested", async () => {
  const base = "https://gpc.example.com";
  const prefix = `${base}/v1/reference/classify?q=`;
  const at = new URL(
    `http://x${prefix.slice(base.length)}${"a".repeat(MAX_RESOURCE_URL_CHARS - prefix.length)}`,
  );
  assert.equal(
    (await challengeResource(base, at.pathname, at.search.slice(1), "s")).url.length,
    MAX_RESOURCE_URL_CHARS,
  );
  const over = new URL(at.href + "a");
  assert.equal(
    (await challengeResource(base, over.pathname, over.search.slice(1), "s")).url,
    `${base}/v1/reference/classify`,
  );
});
