import assert from "node:assert/strict";
import { parseRawQuery, queryObject } from "../../src/operation/query.ts";
import { KEPT_TARGET_CHARS, requestTarget } from "../../src/operation/request_target.ts";
import { textHash } from "../../src/format/doorkept_map.ts";

// Each raw query decodes as URLSearchParams decodes it: the parser's fast path must never differ.
const QUERIES: [string, [string, string | string[]][]][] = [
  ["", []],
  ["browse_id=16318751", [["browse_id", "16318751"]]],
  ["q=bread+rolls", [["q", "bread rolls"]]],
  ["q=bread%20rolls,caf%C3%A9", [["q", "bread rolls,café"]]],
  ["q=a%2Bb", [["q", "a+b"]]],
  ["q=1&q=2&q=3", [["q", ["1", "2", "3"]]]],
  ["q", [["q", ""]]],
  ["q=", [["q", ""]]],
  ["=x", [["", "x"]]],
  ["&&q=a&&", [["q", "a"]]],
  ["q=a=b", [["q", "a=b"]]],
  ["q=%ZZ", [["q", "%ZZ"]]],
  ["q=%C3", [["q", "\uFFFD"]]],
  ["q=%C3%28&browse_id=1", [["q", "\uFFFD("], ["browse_id", "1"]]],
  ["na%6De=v", [["name", "v"]]],
  ["q=%", [["q", "%"]]],
  ["constructor=1&__proto__=2", [["constructor", "1"], ["__proto__", "2"]]],
];

for (const [raw, expected] of QUERIES) {
  Deno.test(`the raw query ${JSON.stringify(raw)} decodes as URLSearchParams decodes it`, () => {
    const fast = Object.entries(parseRawQuery(raw));
    assert.deepEqual(fast, Object.entries(queryObject(new URLSearchParams(raw))));
    assert.deepEqual(fast, expected);
  });
}

// The target is what new URL(...) gives as pathname and search, read without building a URL.
const TARGETS: [string, { path: string; query: string; instance: string }][] = [
  ["http://h:1/v1/public/stats", { path: "/v1/public/stats", query: "", instance: "/v1/public/stats" }],
  ["http://h:1/v1/reference/classify?browse_id=1,2", {
    path: "/v1/reference/classify",
    query: "browse_id=1,2",
    instance: "/v1/reference/classify?browse_id=1,2",
  }],
  ["http://h:1/healthz?", { path: "/healthz", query: "", instance: "/healthz" }],
  ["http://h:1/v1/reference/%63lassify?q=a", {
    path: "/v1/reference/%63lassify",
    query: "q=a",
    instance: "/v1/reference/%63lassify?q=a",
  }],
  ["http://h:1/v1/x/../reference/classify", {
    path: "/v1/reference/classify",
    query: "",
    instance: "/v1/reference/classify",
  }],
  ["http://[::1]:8080/docs/x.css?v=1", { path: "/docs/x.css", query: "v=1", instance: "/docs/x.css?v=1" }],
];

for (const [url, expected] of TARGETS) {
  Deno.test(`the target of ${url} is ${expected.instance}`, () => {
    // Its hash is the instance's, read from the URL or, once parsed, from the instance itself.
    assert.deepEqual(requestTarget(url), { ...expected, hash: textHash(expected.instance) });
    const parsed = new URL(url);
    assert.equal(expected.path, parsed.pathname);
    assert.equal(expected.instance, parsed.pathname + parsed.search);
  });
}

Deno.test("a target longer than KEPT_TARGET_CHARS has the hash 0: no memo keeps it", () => {
  const ids = Array.from({ length: 100 }, (_, i) => String(16318751 + i)).join(",");
  const long = requestTarget(`http://h:1/v1/reference/classify?browse_id=${ids}`);
  assert.ok(long.instance.length > KEPT_TARGET_CHARS);
  assert.equal(long.hash, 0);
  const most = requestTarget(`http://h:1/v1/reference/classify?q=${"a".repeat(KEPT_TARGET_CHARS - 25)}`);
  assert.equal(most.instance.length, KEPT_TARGET_CHARS);
  assert.equal(most.hash, textHash(most.instance));
});
