import assert from "node:assert/strict";
import * as v from "npm:valibot@1.5.0";
import { problemSchema } from "../../src/contract/body_schemas.ts";
import { testHandler } from "../support/test_handler.ts";

const CLASSIFY = "/v1/reference/classify?browse_id=16318751";
const EXPOSED =
  "X-GPC-Release, X-Map-Version, X-Request-Id, PAYMENT-REQUIRED, PAYMENT-RESPONSE, RateLimit, " +
  "RateLimit-Policy, Retry-After, ETag";

Deno.test("HEAD answers the GET headers with the body's length and no body", async () => {
  const t = testHandler({ gate: "free" });
  const get = await t.fetch(CLASSIFY, { headers: { "X-Request-Id": "same" } });
  const length = (await get.arrayBuffer()).byteLength;
  const head = await t.fetch(CLASSIFY, { method: "HEAD", headers: { "X-Request-Id": "same" } });
  assert.equal(head.status, 200);
  assert.equal(head.body, null);
  const expected = new Headers(get.headers);
  expected.set("content-length", String(length));
  assert.deepEqual([...head.headers], [...expected]);
});

const methods = ["POST", "PUT", "DELETE", "PATCH"];
for (const method of methods) {
  Deno.test(`${method} on a known path answers 405 with Allow`, async () => {
    const t = testHandler();
    const response = await t.fetch("/v1/reference/brick-attributes?gpc_code=10000155", { method });
    assert.equal(response.status, 405);
    assert.equal(response.headers.get("allow"), "GET, HEAD, OPTIONS");
    const problem = v.parse(problemSchema, await response.json());
    assert.equal(problem.type, "https://gpc-reference.dev/problems/method-not-allowed");
    assert.equal(problem.title, "Method Not Allowed");
    assert.equal(
      problem.detail,
      `${method} is not allowed on /v1/reference/brick-attributes; use GET or HEAD`,
    );
    assert.deepEqual(t.gate.admitted, []);
  });
}

const unknownPaths = ["/", "/v1/reference/classify/", "/v1/reference/CLASSIFY", "/v1/shopper/best-prices"];
for (const path of unknownPaths) {
  Deno.test(`an unknown path ${path} answers a 404 problem`, async () => {
    const response = await testHandler().fetch(path);
    assert.equal(response.status, 404);
    assert.equal(response.headers.get("content-type"), "application/problem+json");
    assert.deepEqual(await response.json(), {
      type: "https://gpc-reference.dev/problems/not-found",
      title: "Not Found",
      status: 404,
      detail: `no operation at ${path}`,
      instance: path,
      error: { code: "NOT_FOUND", message: `no operation at ${path}`, details: { path } },
    });
  });
}

Deno.test("a CORS preflight answers 204 allowing GET, HEAD and the payment header", async () => {
  const t = testHandler();
  const response = await t.fetch("/v1/reference/classify", {
    method: "OPTIONS",
    headers: { Origin: "https://agent.example", "Access-Control-Request-Method": "GET" },
  });
  assert.equal(response.status, 204);
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  assert.equal(response.headers.get("access-control-allow-methods"), "GET, HEAD");
  assert.equal(
    response.headers.get("access-control-allow-headers"),
    "PAYMENT-SIGNATURE, Content-Type, X-Request-Id, If-None-Match, X-GPC-Release",
  );
  assert.equal(response.headers.get("access-control-max-age"), "86400");
  assert.deepEqual(t.gate.admitted, []);
});

const everyAnswer: [string, string][] = [
  ["a 200", CLASSIFY],
  ["a 400", "/v1/reference/classify"],
  ["a 404", "/nowhere"],
  ["the stats", "/v1/public/stats"],
];
for (const [name, path] of everyAnswer) {
  Deno.test(`${name} allows any origin and exposes the service's headers`, async () => {
    const response = await testHandler({ gate: "free" }).fetch(path, {
      headers: { Origin: "https://agent.example" },
    });
    assert.equal(response.headers.get("access-control-allow-origin"), "*");
    assert.equal(response.headers.get("access-control-expose-headers"), EXPOSED);
  });
  Deno.test(`${name} to a request without Origin carries no CORS headers`, async () => {
    const response = await testHandler({ gate: "free" }).fetch(path);
    assert.equal(response.headers.get("access-control-allow-origin"), null);
    assert.equal(response.headers.get("access-control-expose-headers"), null);
  });
}

Deno.test("the stats vary by Origin, because shared caches keep them", async () => {
  const response = await testHandler({ gate: "free" }).fetch("/v1/public/stats");
  assert.equal(response.headers.get("vary"), "Origin");
});

const requestIds: [string, string | undefined, RegExp][] = [
  ["a sane X-Request-Id is echoed", "trace-01:abc.DEF_9", /^trace-01:abc\.DEF_9$/],
  [
    "a missing X-Request-Id is generated",
    undefined,
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  ],
  ["an X-Request-Id with a space is replaced", "two words", /^[0-9a-f]{8}-[0-9a-f]{4}-4/],
  ["an X-Request-Id of 129 characters is replaced", "a".repeat(129), /^[0-9a-f]{8}-[0-9a-f]{4}-4/],
];
for (const [name, given, expected] of requestIds) {
  Deno.test(name, async () => {
    const t = testHandler({ gate: "free" });
    const response = await t.fetch(
      CLASSIFY,
      given === undefined ? {} : { headers: { "X-Request-Id": given } },
    );
    const id = response.headers.get("x-request-id")!;
    assert.match(id, expected);
    assert.equal(t.logs.at(-1)?.request_id, id);
  });
}

Deno.test("the request log line has the path without the query and no header values", async () => {
  const t = testHandler();
  await t.fetch(CLASSIFY, { headers: { "X-Request-Id": "log-1", "PAYMENT-SIGNATURE": "c2VjcmV0" } });
  const line = t.logs.at(-1)!;
  assert.deepEqual(Object.keys(line), [
    "time",
    "level",
    "request_id",
    "method",
    "path",
    "status",
    "duration_ms",
    "client",
  ]);
  assert.equal(line.level, "info");
  assert.equal(line.path, "/v1/reference/classify");
  assert.equal(line.status, 200);
  assert.equal(line.client, "192.0.2.10");
  assert.equal(JSON.stringify(t.logs).includes("c2VjcmV0"), false);
});

Deno.test("LOG_LEVEL=warn writes no request lines", async () => {
  const t = testHandler({ env: { LOG_LEVEL: "warn" } });
  await t.fetch(CLASSIFY);
  assert.deepEqual(t.logs, []);
});

Deno.test("paid answers are never stored by caches; stats may be for a minute", async () => {
  const t = testHandler({ gate: "free" });
  assert.equal((await t.fetch(CLASSIFY)).headers.get("cache-control"), "no-store");
  assert.equal((await t.fetch("/v1/reference/classify")).headers.get("cache-control"), "no-store");
  assert.equal((await t.fetch("/v1/public/stats")).headers.get("cache-control"), "public, max-age=60");
});

const health: [string, boolean, number, Record<string, string>][] = [
  ["/healthz answers 200 with the versions", true, 200, { status: "ok" }],
  ["/healthz answers 503 when the store failed an integrity check", false, 503, {
    status: "unavailable",
    reason: "the compiled data failed an integrity check",
  }],
];
for (const [name, healthy, status, words] of health) {
  Deno.test(name, async () => {
    const t = testHandler();
    t.store.isHealthy = healthy;
    const response = await t.fetch("/healthz");
    assert.equal(response.status, status);
    assert.deepEqual(await response.json(), {
      gpc_release: "v20241202",
      schema_version: "v1",
      map_version: "2025.11-1+3f9a2c1e",
      ...words,
    });
  });
}

Deno.test("a request target over 49,152 bytes is refused 400 before the gate is asked", async () => {
  for (const path of ["/v1/reference/classify?q=", "/v1/reference/brick-attributes?gpc_code="]) {
    const t = testHandler({ gate: "challenge" });
    const over = await t.fetch(path + "a".repeat(49_153 - path.length));
    assert.equal(over.status, 400, path);
    const problem = await over.json();
    assert.equal(problem.error.code, "INVALID_PARAMS");
    assert.equal(problem.error.details.request_target_bytes, 49_153);
    assert.equal(over.headers.has("payment-required"), false);
    assert.equal(t.gate.admitted.length, 0, path);
  }
});
