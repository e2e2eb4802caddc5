import assert from "node:assert/strict";
import * as v from "npm:valibot@1.5.0";
import { catalogStatsSchema } from "../../src/catalog/stats_schema.ts";
import { statsErrorSchema } from "../../src/contract/body_schemas.ts";
import { STATS } from "../support/fake_store.ts";
import { testHandler } from "../support/test_handler.ts";

const PATH = "/v1/public/stats";

Deno.test("stats answers exactly the published fields without asking the gate", async () => {
  const t = testHandler();
  const response = await t.fetch(PATH);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "application/json");
  assert.equal(response.headers.get("cache-control"), "public, max-age=60");
  assert.equal(response.headers.get("x-gpc-release"), null);
  assert.deepEqual(v.parse(catalogStatsSchema, await response.json()), STATS);
  assert.deepEqual(t.gate.admitted, []);
});

Deno.test("stats leaves out members the record holds beyond the published fields", async () => {
  const t = testHandler();
  t.store.stats = () => ({ ...STATS, countries: ["us", "ca"] } as typeof STATS);
  const body = await (await t.fetch(PATH)).json();
  assert.deepEqual(body, STATS);
});

Deno.test("stats answers 304 to If-None-Match with its ETag", async () => {
  const t = testHandler();
  const etag = (await t.fetch(PATH)).headers.get("etag")!;
  assert.match(etag, /^"[0-9a-f]{32}"$/);
  const response = await t.fetch(PATH, { headers: { "If-None-Match": `W/"x", ${etag}` } });
  assert.equal(response.status, 304);
  assert.equal(response.body, null);
  assert.equal(response.headers.get("etag"), etag);
});

const errors: [string, (t: ReturnType<typeof testHandler>) => void, string, number, unknown][] = [
  [
    "stats rejects a query parameter with a bare error object",
    () => {},
    "?country=us",
    400,
    {
      code: "INVALID_PARAMS",
      message: 'unknown parameter "country"; this operation takes no parameters',
      details: {
        issues: [{
          parameter: "country",
          message: 'unknown parameter "country"; this operation takes no parameters',
        }],
      },
    },
  ],
  [
    "stats answers an internal failure with a bare error object that reveals nothing",
    (t) => t.store.statsFail = true,
    "",
    500,
    {
      code: "INTERNAL",
      message: "The server failed to answer this request; quote X-Request-Id to report it",
      details: {},
    },
  ],
  [
    "stats answers 503 when the store failed an integrity check",
    (t) => t.store.isHealthy = false,
    "",
    503,
    {
      code: "UNAVAILABLE",
      message: "the compiled data failed an integrity check; the service is not answering",
      details: {},
    },
  ],
];

for (const [name, arrange, query, status, error] of errors) {
  Deno.test(name, async () => {
    const t = testHandler();
    arrange(t);
    const response = await t.fetch(PATH + query);
    assert.equal(response.status, status);
    assert.equal(response.headers.get("content-type"), "application/json");
    assert.deepEqual(v.parse(statsErrorSchema, await response.json()), { error });
  });
}

Deno.test("stats is rate limited with the bare error shape", async () => {
  const t = testHandler({ env: { RATE_LIMIT: "1/min" }, now: () => 1_000_000 });
  assert.equal((await t.fetch(PATH)).status, 200);
  const response = await t.fetch(PATH);
  assert.equal(response.status, 429);
  assert.equal(response.headers.get("retry-after"), "60");
  assert.deepEqual(await response.json(), {
    error: {
      code: "RATE_LIMITED",
      message: "rate limit of 1/min per client exceeded; retry in 60 s",
      details: { limit: "1/min", retry_after_seconds: 60 },
    },
  });
});
