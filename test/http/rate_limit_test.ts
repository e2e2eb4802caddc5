import assert from "node:assert/strict";
import { clientAddress } from "../../src/http/client_address.ts";
import { testHandler } from "../support/test_handler.ts";
import { FailingStateStore } from "../support/failing_state_store.ts";
import { STORE_LOG_INTERVAL_MS } from "../../src/http/store_trouble.ts";

const CLASSIFY = "/v1/reference/classify?browse_id=16318751";

Deno.test("rate limiting answers 429 with Retry-After and RateLimit headers once the bucket is empty", async () => {
  let now = 1_000_000;
  const t = testHandler({ env: { RATE_LIMIT: "2/min" }, gate: "free", now: () => now });
  const first = await t.fetch(CLASSIFY);
  assert.equal(first.status, 200);
  assert.equal(first.headers.get("ratelimit-policy"), '"default";q=2;w=60');
  assert.equal(first.headers.get("ratelimit"), '"default";r=1;t=30');
  const second = await t.fetch(CLASSIFY);
  assert.equal(second.headers.get("ratelimit"), '"default";r=0;t=60');
  const third = await t.fetch(CLASSIFY);
  assert.equal(third.status, 429);
  assert.equal(third.headers.get("retry-after"), "30");
  assert.equal(third.headers.get("ratelimit"), '"default";r=0;t=60');
  assert.equal(third.headers.get("x-gpc-release"), "v20241202");
  assert.deepEqual(await third.json(), {
    type: "https://gpc-reference.dev/problems/rate-limited",
    title: "Too Many Requests",
    status: 429,
    detail: "rate limit of 2/min per client exceeded; retry in 30 s",
    instance: CLASSIFY,
    error: {
      code: "RATE_LIMITED",
      message: "rate limit of 2/min per client exceeded; retry in 30 s",
      details: { limit: "2/min", retry_after_seconds: 30 },
    },
  });
  now += 30_000;
  assert.equal((await t.fetch(CLASSIFY)).status, 200);
});

Deno.test("rate limiting comes before validation, so a flood of bad requests is refused cheaply", async () => {
  const t = testHandler({ env: { RATE_LIMIT: "1/min" }, now: () => 0 });
  assert.equal((await t.fetch("/v1/reference/classify")).status, 400);
  assert.equal((await t.fetch("/v1/reference/classify")).status, 429);
});

Deno.test("rate limiting counts each client separately", async () => {
  const t = testHandler({ env: { RATE_LIMIT: "1/min" }, gate: "free", now: () => 0 });
  const from = (address: string) =>
    t.handle(new Request(`http://gpc.test${CLASSIFY}`), { remoteAddr: { hostname: address } });
  assert.equal((await from("192.0.2.1")).status, 200);
  assert.equal((await from("192.0.2.1")).status, 429);
  assert.equal((await from("192.0.2.2")).status, 200);
});

Deno.test("health, the OpenAPI document and preflights are not rate limited", async () => {
  const t = testHandler({ env: { RATE_LIMIT: "1/min" }, now: () => 0 });
  for (const path of ["/healthz", "/healthz", "/openapi.json", "/openapi.json"]) {
    assert.equal((await t.fetch(path)).status, 200);
  }
  assert.equal((await t.fetch("/v1/public/stats", { method: "OPTIONS" })).status, 204);
  assert.equal((await t.fetch("/v1/public/stats")).status, 200);
});

Deno.test("RATE_LIMIT=off sends no RateLimit headers", async () => {
  const response = await testHandler({ gate: "free" }).fetch(CLASSIFY);
  assert.equal(response.headers.get("ratelimit"), null);
  assert.equal(response.headers.get("ratelimit-policy"), null);
});

Deno.test("a state store that fails leaves free paths answering, uncounted, and logs it once per interval", async () => {
  let now = 1_000_000;
  const state = new FailingStateStore();
  const t = testHandler({ env: { RATE_LIMIT: "1/min", PAYMENTS: "on" }, state, now: () => now });
  for (let i = 0; i < 3; i++) {
    const stats = await t.fetch("/v1/public/stats");
    assert.equal(stats.status, 200);
    assert.equal(stats.headers.get("ratelimit-policy"), '"default";q=1;w=60');
    assert.equal(stats.headers.get("ratelimit"), null);
  }
  now += STORE_LOG_INTERVAL_MS;
  assert.equal((await t.fetch("/v1/public/stats")).status, 200);
  const warnings = t.logs.filter((line) => line.level === "warn");
  assert.deepEqual(warnings.map(({ message, error, held_back }) => ({ message, error, held_back })), [
    {
      message: "the state store does not answer: requests are admitted without counting them against the " +
        "rate limit (paid requests are refused)",
      error: "state store takeToken failed: Command timed out",
      held_back: undefined,
    },
    {
      message: "the state store does not answer: requests are admitted without counting them against the " +
        "rate limit (paid requests are refused)",
      error: "state store takeToken failed: Command timed out",
      held_back: 2,
    },
  ]);
});

Deno.test("a state store that fails turns a paid request away with 503 and Retry-After before any payment", async () => {
  const t = testHandler({ env: { RATE_LIMIT: "120/min", PAYMENTS: "on" }, state: new FailingStateStore() });
  const response = await t.fetch(CLASSIFY);
  assert.equal(response.status, 503);
  assert.equal(response.headers.get("retry-after"), "2");
  assert.equal(response.headers.get("payment-required"), null);
  assert.deepEqual(await response.json(), {
    type: "https://gpc-reference.dev/problems/state-store-unavailable",
    title: "Service Unavailable",
    status: 503,
    detail:
      "The service's shared state cannot be reached, so no payment can be taken; nothing was charged. " +
      "Try again in 2 s",
    instance: CLASSIFY,
    error: {
      code: "STATE_STORE_UNAVAILABLE",
      message: "The service's shared state cannot be reached, so no payment can be taken; nothing was " +
        "charged. Try again in 2 s",
      details: {},
    },
  });
  assert.deepEqual(t.gate.admitted, []);
  assert.equal(t.store.lookups.length, 0);
});

Deno.test("with payments off a paid path needs no state: it fails open like a free path", async () => {
  const t = testHandler({ env: { RATE_LIMIT: "120/min" }, gate: "free", state: new FailingStateStore() });
  const response = await t.fetch(CLASSIFY);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("ratelimit"), null);
});

Deno.test("any other failure of the store is a fault answered 500, not a reason to fail open", async () => {
  const state = new FailingStateStore(() => false);
  state.inner.takeToken = () => Promise.reject(new TypeError("a bug"));
  const t = testHandler({ env: { RATE_LIMIT: "120/min" }, gate: "free", state });
  assert.equal((await t.fetch("/v1/public/stats")).status, 500);
});

const addresses: [string, Record<string, string>, number, string][] = [
  ["the peer without trusted proxies", { "X-Forwarded-For": "203.0.113.9" }, 0, "10.0.0.2"],
  [
    "the rightmost X-Forwarded-For entry behind one proxy",
    { "X-Forwarded-For": "198.51.100.1, 203.0.113.9" },
    1,
    "203.0.113.9",
  ],
  [
    "the second from the right behind two proxies",
    { "X-Forwarded-For": "198.51.100.1, 203.0.113.9" },
    2,
    "198.51.100.1",
  ],
  [
    "the leftmost when the chain is shorter than the hops",
    { "X-Forwarded-For": "203.0.113.9" },
    5,
    "203.0.113.9",
  ],
  ["the peer when no forwarding header is sent", {}, 1, "10.0.0.2"],
  [
    "Forwarded before X-Forwarded-For, IPv6 without brackets and port",
    { Forwarded: 'for="[2001:db8:cafe::17]:4711";proto=https', "X-Forwarded-For": "203.0.113.9" },
    1,
    "2001:db8:cafe::17",
  ],
  [
    "Forwarded IPv4 without its port",
    { Forwarded: "for=192.0.2.60:8080, for=198.51.100.17" },
    2,
    "192.0.2.60",
  ],
];
for (const [name, headers, hops, expected] of addresses) {
  Deno.test(`the client address is ${name}`, () => {
    assert.equal(clientAddress(new Request("http://gpc.test/", { headers }), "10.0.0.2", hops), expected);
  });
}
