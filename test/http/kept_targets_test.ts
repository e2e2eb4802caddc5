import assert from "node:assert/strict";
import { readConfig } from "../../src/config.ts";
import { createHandler } from "../../src/http/handler.ts";
import { KeptTargets } from "../../src/http/kept_targets.ts";
import { createLog } from "../../src/log/request_log.ts";
import { freeGate, type PaymentGate } from "../../src/payments/payment_gate.ts";
import { MemoryStateStore } from "../../src/state/memory_state_store.ts";
import type { BucketRule, StateStore, TokenTake } from "../../src/state/state_store.ts";
import { FakeStore } from "../support/fake_store.ts";
import { RecordingGate } from "../support/recording_gate.ts";
import { BASE } from "../support/test_handler.ts";
import { harnessTest, PRICE, START_BALANCE } from "../support/payment_harness.ts";

/**
 * A handler over the fake store whose kept answers the test sees; `keepNothing` makes one that answers every
 * request through the whole pipeline (its kept answers are never usable), to compare with.
 */
function keptHandler(
  options: { env?: Record<string, string>; gate?: PaymentGate; state?: StateStore; keepNothing?: boolean } =
    {},
) {
  const config = readConfig({ RATE_LIMIT: "off", PAYMENTS: "off", LOG_LEVEL: "info", ...options.env });
  const store = new FakeStore();
  const kept = new KeptTargets(() => options.keepNothing !== true && store.healthy());
  const logs: Record<string, unknown>[] = [];
  const handle = createHandler({
    config,
    store,
    gate: options.gate ?? freeGate,
    state: options.state ?? new MemoryStateStore(),
    log: createLog(config.logLevel, (line) => logs.push(JSON.parse(line))),
    now: () => 0,
    keptTargets: kept,
  });
  const fetch = async (path: string, init?: RequestInit) =>
    await handle(new Request(BASE + path, init), { remoteAddr: { hostname: "192.0.2.10" } });
  return { store, kept, logs, fetch };
}

/** Status, every header in order, and the body of an answer. */
async function wire(response: Response) {
  return { status: response.status, headers: [...response.headers], body: await response.text() };
}

/** A log line without its time stamp and duration, which differ from request to request. */
function steady(line: Record<string, unknown>) {
  const { time: _time, duration_ms: _duration, ...rest } = line;
  return rest;
}

const TARGETS = [
  "/v1/reference/classify?browse_id=16318751",
  "/v1/reference/brick-attributes?gpc_code=10000155",
  "/v1/public/stats",
  "/v1/public/releases",
];

for (const target of TARGETS) {
  Deno.test(`${target}, asked a third time, is answered from its kept answer with the pipeline's bytes`, async () => {
    const t = keptHandler();
    const first = await wire(await t.fetch(target, { headers: { "X-Request-Id": "req-1" } }));
    assert.equal(first.status, 200);
    await (await t.fetch(target)).arrayBuffer();
    assert.equal(t.kept.served, 0);
    const third = await wire(await t.fetch(target, { headers: { "X-Request-Id": "req-1" } }));
    assert.equal(t.kept.served, 1);
    assert.deepEqual(third, first);
    assert.equal(t.logs.length, 3);
    assert.deepEqual(steady(t.logs[2]!), steady(t.logs[0]!));
    assert.deepEqual(steady(t.logs[2]!), {
      level: "info",
      request_id: "req-1",
      method: "GET",
      path: target.split("?")[0],
      status: 200,
      client: "192.0.2.10",
    });
    // A request without an id of its own gets a new one, as in the pipeline.
    const fourth = await t.fetch(target);
    assert.equal(t.kept.served, 2);
    assert.match(fourth.headers.get("x-request-id")!, /^[0-9a-f-]{36}$/);
    assert.notEqual(fourth.headers.get("x-request-id"), t.logs[1]!.request_id);
    assert.equal(await fourth.text(), first.body);
  });
}

Deno.test("a request whose headers could change its answer is never answered from a kept one", async () => {
  const t = keptHandler();
  const classify = TARGETS[0]!;
  for (let i = 0; i < 2; i++) await (await t.fetch(classify)).arrayBuffer();
  for (let i = 0; i < 2; i++) await (await t.fetch("/v1/public/stats")).arrayBuffer();

  const cors = await t.fetch(classify, { headers: { Origin: "https://agent.example" } });
  assert.equal(cors.headers.get("access-control-allow-origin"), "*");
  const pinned = await t.fetch(classify, { headers: { "X-GPC-Release": "v19990101" } });
  assert.equal(pinned.status, 400);
  const tag = (await t.fetch("/v1/public/stats", { headers: { "X-Request-Id": "tag" } })).headers.get(
    "etag",
  )!;
  assert.equal(t.kept.served, 1);
  const unchanged = await t.fetch("/v1/public/stats", { headers: { "If-None-Match": tag } });
  assert.equal(unchanged.status, 304);
  const head = await t.fetch(classify, { method: "HEAD" });
  assert.equal(head.body, null);
  assert.ok(Number(head.headers.get("content-length")) > 0);
  assert.equal(t.kept.served, 1);

  // Those requests kept nothing of their own: the same URL asked plainly is still the one kept answer.
  const plain = await t.fetch(classify);
  assert.equal(t.kept.served, 2);
  assert.equal(plain.headers.get("access-control-allow-origin"), null);
});

Deno.test("answers made for each request and errors are never kept", async () => {
  const t = keptHandler();
  const batch = "/v1/reference/classify?browse_id=16318751,16318751";
  const invalid = "/v1/reference/classify?browse_id=abc";
  for (const target of [batch, invalid, "/v1/public/stats?country=us", "/healthz"]) {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.fetch(target)).status);
    assert.deepEqual(statuses, target === batch || target === "/healthz" ? [200, 200, 200] : [400, 400, 400]);
  }
  assert.equal(t.kept.served, 0);
});

Deno.test("a kept answer is not used once a shard has failed a check", async () => {
  const t = keptHandler();
  for (let i = 0; i < 3; i++) await (await t.fetch(TARGETS[0]!)).arrayBuffer();
  assert.equal(t.kept.served, 1);
  t.store.isHealthy = false;
  const response = await t.fetch(TARGETS[0]!);
  assert.equal(response.status, 503);
  assert.equal(t.kept.served, 1);
});

/** The in-process store without its synchronous take: every count needs a turn of the event loop, as Redis's. */
class AsyncCountStore implements StateStore {
  readonly #inner = new MemoryStateStore();
  takes = 0;
  takeToken(key: string, rule: BucketRule, nowMs: number): Promise<TokenTake> {
    this.takes++;
    return this.#inner.takeToken(key, rule, nowMs);
  }
  claim = this.#inner.claim.bind(this.#inner);
  put = this.#inner.put.bind(this.#inner);
  read = this.#inner.read.bind(this.#inner);
  release = this.#inner.release.bind(this.#inner);
  ping = this.#inner.ping.bind(this.#inner);
  close = this.#inner.close.bind(this.#inner);
}

/** The in-process store, counting its takes. */
class CountingStore extends MemoryStateStore {
  takes = 0;
  override takeTokenNow(key: string, rule: BucketRule, nowMs: number): TokenTake {
    this.takes++;
    return super.takeTokenNow(key, rule, nowMs);
  }
}

/** Seven requests for `target` with ids req-1… against a limit of 5 a minute (the clock stands still). */
async function sevenCounted(target: string, options: { state?: StateStore; keepNothing?: boolean }) {
  const t = keptHandler({ env: { RATE_LIMIT: "5/min" }, ...options });
  const answers = [];
  for (let i = 1; i <= 7; i++) {
    answers.push(await wire(await t.fetch(target, { headers: { "X-Request-Id": `req-${i}` } })));
  }
  return { t, answers, logs: t.logs.map(steady) };
}

for (const target of TARGETS) {
  Deno.test(`with the rate limit on, ${target} is answered from its kept answer, counted once a request`, async () => {
    const state = new CountingStore();
    const kept = await sevenCounted(target, { state });
    const pipeline = await sevenCounted(target, { keepNothing: true });
    assert.deepEqual(kept.answers.map((a) => a.status), [200, 200, 200, 200, 200, 429, 429]);
    assert.equal(kept.t.kept.served, 3);
    // One take a request: a refused kept request goes on through the pipeline without a second.
    assert.equal(state.takes, 7);
    assert.equal(pipeline.t.kept.served, 0);
    // The same bytes as the whole pipeline's, each with its own count, the refusals included.
    assert.deepEqual(kept.answers, pipeline.answers);
    assert.deepEqual(kept.logs, pipeline.logs);
    const third = new Headers(kept.answers[2]!.headers);
    assert.equal(third.get("ratelimit"), '"default";r=2;t=36');
    assert.equal(third.get("ratelimit-policy"), '"default";q=5;w=60');
    assert.equal(third.get("x-request-id"), "req-3");
    assert.equal(new Headers(kept.answers[5]!.headers).get("retry-after"), "12");
  });
}

Deno.test("with a count that needs a turn of the event loop, a kept answer's request goes the pipeline's way, counted once", async () => {
  const state = new AsyncCountStore();
  const kept = await sevenCounted(TARGETS[0]!, { state });
  const pipeline = await sevenCounted(TARGETS[0]!, { keepNothing: true });
  assert.deepEqual(kept.answers.map((a) => a.status), [200, 200, 200, 200, 200, 429, 429]);
  assert.equal(state.takes, 7);
  assert.equal(kept.t.kept.served, 0);
  assert.deepEqual(kept.answers, pipeline.answers);
});

Deno.test("with payments on, a paid route asks the gate every time and a free one is kept", async () => {
  const gate = new RecordingGate("free");
  const t = keptHandler({ env: { PAYMENTS: "on" }, gate });
  for (let i = 0; i < 3; i++) assert.equal((await t.fetch(TARGETS[0]!)).status, 200);
  assert.equal(gate.admitted.length, 3);
  assert.equal(t.kept.served, 0);
  for (let i = 0; i < 3; i++) assert.equal((await t.fetch("/v1/public/stats")).status, 200);
  assert.equal(t.kept.served, 1);
});

harnessTest(
  "with payments on, a 402 asked again and again is never kept: the paid request is served and charged once",
  async (h, payer) => {
    const url = `${h.url}/v1/reference/classify?browse_id=16318751`;
    for (let i = 0; i < 3; i++) {
      const unpaid = await fetch(url);
      assert.equal(unpaid.status, 402);
      await unpaid.arrayBuffer();
    }
    const paid = await payer.pay(url);
    assert.equal(paid.status, 200);
    assert.equal((await paid.json()).results[0].browse_id, "16318751");
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE - PRICE);
  },
);
