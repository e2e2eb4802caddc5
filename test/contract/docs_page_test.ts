import assert from "node:assert/strict";
import { testHandler } from "../support/test_handler.ts";
import { DOCS_CSP } from "../../src/contract/docs_page.ts";

const VIEWER = "node_modules/swagger-ui-dist";

Deno.test("GET /docs answers the page with its security policy, cacheable, and not rate limited", async () => {
  const { fetch } = testHandler({ env: { RATE_LIMIT: "1/min" } });
  for (let request = 0; request < 3; request++) {
    const response = await fetch("/docs");
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "text/html; charset=utf-8");
    assert.equal(response.headers.get("content-security-policy"), DOCS_CSP);
    assert.equal(response.headers.get("cache-control"), "public, max-age=300");
    assert.equal(response.headers.get("x-content-type-options"), "nosniff");
    assert.match(response.headers.get("etag")!, /^"[0-9a-f]{32}"$/);
    assert.equal(response.headers.get("ratelimit"), null);
    const page = await response.text();
    // Every URL of the page is relative, on the service's own origin (the icon is empty: no /favicon.ico).
    assert.deepEqual([...page.matchAll(/(?:href|src)="([^"]*)"/g)].map((match) => match[1]), [
      "data:,",
      "docs/swagger-ui.css",
      "openapi.json",
      "docs/swagger-ui-bundle.js",
      "docs/docs.js",
    ]);
  }
});

Deno.test("the policy of /docs allows only the service's own scripts, styles and calls", () => {
  assert.equal(
    DOCS_CSP,
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
      "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  );
});

const ASSETS: [string, string, string | undefined][] = [
  ["swagger-ui-bundle.js", "text/javascript; charset=utf-8", `${VIEWER}/swagger-ui-bundle.js`],
  ["swagger-ui.css", "text/css; charset=utf-8", `${VIEWER}/swagger-ui.css`],
  [
    "swagger-ui-bundle.js.LICENSE.txt",
    "text/plain; charset=utf-8",
    `${VIEWER}/swagger-ui-bundle.js.LICENSE.txt`,
  ],
  ["docs.js", "text/javascript; charset=utf-8", undefined],
];
for (const [asset, type, file] of ASSETS) {
  Deno.test(`GET /docs/${asset} answers ${type}${file ? ` with the pinned viewer's ${file}` : ""}`, async () => {
    const response = await testHandler().fetch(`/docs/${asset}`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), type);
    assert.equal(response.headers.get("content-security-policy"), null);
    assert.equal(response.headers.get("x-content-type-options"), "nosniff");
    const body = await response.text();
    if (file !== undefined) {
      // Without the source map comment: the service does not serve maps.
      const original = await Deno.readTextFile(file);
      assert.equal(body, original.replace(/\n*(?:\/\/|\/\*)# sourceMappingURL=\S+\s*$/, "\n"));
      assert.doesNotMatch(body, /sourceMappingURL/);
    }
  });
}

Deno.test("the page's start script loads /openapi.json relative to the page and asks swagger.io for nothing", async () => {
  const script = await (await testHandler().fetch("/docs/docs.js")).text();
  assert.match(script, /url: "openapi\.json",/);
  assert.match(script, /validatorUrl: null,/);
  assert.match(script, /displayOperationId: true,/);
  assert.doesNotMatch(script, /https?:/);
});

Deno.test("a docs file named by If-None-Match answers 304 without a body; HEAD answers its length", async () => {
  const { fetch } = testHandler();
  const first = await fetch("/docs/swagger-ui.css");
  const length = (await first.arrayBuffer()).byteLength;
  const etag = first.headers.get("etag")!;
  const again = await fetch("/docs/swagger-ui.css", { headers: { "If-None-Match": etag } });
  assert.equal(again.status, 304);
  assert.equal(again.headers.get("etag"), etag);
  assert.equal(again.headers.get("cache-control"), "public, max-age=86400");
  assert.equal(await again.text(), "");
  const head = await fetch("/docs/swagger-ui.css", { method: "HEAD" });
  assert.equal(head.status, 200);
  assert.equal(head.headers.get("content-length"), String(length));
  assert.equal(await head.text(), "");
});

const UNKNOWN = ["/docs/", "/docs/swagger-ui.js", "/docs/index.html", "/docs/../openapi.json.map"];
for (const path of UNKNOWN) {
  Deno.test(`GET ${path} is 404 NOT_FOUND: only the page's own files are served`, async () => {
    const response = await testHandler().fetch(path);
    assert.equal(response.status, 404);
    assert.equal((await response.json()).error.code, "NOT_FOUND");
  });
}
