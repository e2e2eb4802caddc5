import assert from "node:assert/strict";
import { readConfig } from "../../src/config.ts";
import { serve } from "../../src/main.ts";
import { createLog } from "../../src/log/request_log.ts";
import { MemoryStateStore } from "../../src/state/memory_state_store.ts";
import { freeGate, type PaymentGate } from "../../src/payments/payment_gate.ts";
import { FakeStore, STATS } from "../support/fake_store.ts";
import { DELIVERY_GRACE_MS, type StopSettlements } from "../../src/payments/settlements_in_flight.ts";

function startServer(store = new FakeStore()) {
  const config = readConfig({ HOST: "127.0.0.1", PORT: "0", PAYMENTS: "off", RATE_LIMIT: "100/s" });
  const log = createLog("error", () => {});
  return serve({ config, store, gate: freeGate, state: new MemoryStateStore(), log });
}

Deno.test("a real server answers classify, stats and HEAD over HTTP, then shuts down", async () => {
  const server = startServer();
  const base = `http://127.0.0.1:${server.port}`;
  try {
    const classify = await fetch(`${base}/v1/reference/classify?browse_id=16318751,1`);
    assert.equal(classify.status, 200);
    assert.equal(classify.headers.get("x-gpc-release"), "v20241202");
    assert.equal(classify.headers.get("ratelimit-policy"), '"default";q=100;w=1');
    const body = await classify.json();
    assert.deepEqual(body.results.map((r: { browse_id: string }) => r.browse_id), ["16318751", "1"]);

    const stats = await fetch(`${base}/v1/public/stats`);
    assert.deepEqual(await stats.json(), STATS);

    const head = await fetch(`${base}/v1/public/stats`, { method: "HEAD" });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get("content-length"), String(JSON.stringify(STATS).length));
    assert.equal((await head.arrayBuffer()).byteLength, 0);
  } finally {
    await server.stop();
  }
  await server.finished;
  await assert.rejects(fetch(`${base}/healthz`));
});

/** A server on the fake store whose requests are admitted by `gate`, DRAIN_MS `drainMs`. */
function gatedServer(drainMs: string, gate: PaymentGate) {
  const env = { HOST: "127.0.0.1", PORT: "0", PAYMENTS: "off", RATE_LIMIT: "off", DRAIN_MS: drainMs };
  return serve({
    config: readConfig(env),
    store: new FakeStore(),
    gate,
    state: new MemoryStateStore(),
    log: createLog("error", () => {}),
  });
}

/** The settlements a stop is given: one held, which ends (running `end`) when the stop finishes them. */
function oneHeldUntilFinish(end: () => void): StopSettlements {
  let ended = 0;
  return {
    ended: () => ended,
    finish: () => {
      end();
      ended++;
      return Promise.resolve(1);
    },
  };
}

/** A server whose classify waits for `release()`, with one such request in flight once `inFlight` resolves. */
function heldServer(drainMs: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => release = resolve);
  let arrived!: () => void;
  const inFlight = new Promise<void>((resolve) => arrived = resolve);
  const gate = {
    admit: async () => {
      arrived();
      await held;
      return { kind: "free" as const };
    },
  };
  const server = gatedServer(drainMs, gate);
  const pending = fetch(`http://127.0.0.1:${server.port}/v1/reference/classify?q=bread`);
  return { server, release, inFlight, pending };
}

Deno.test("stopping the server lets an in-flight request finish, and reports that nothing was cut", async () => {
  const { server, release, inFlight, pending } = heldServer("5000");
  await inFlight;
  const stopped = server.stop();
  release();
  const response = await pending;
  assert.equal(response.status, 200);
  assert.equal((await response.json()).results[0].q, "bread");
  assert.deepEqual(await stopped, { drained: true, cut: 0, settlements: 0 });
  await server.finished;
});

Deno.test("stopping the server gives up after DRAIN_MS and reports the request it cut", async () => {
  const { server, release, inFlight, pending } = heldServer("100");
  await inFlight;
  const started = performance.now();
  const result = await server.stop();
  const waited = performance.now() - started;
  release();
  await (await pending).body?.cancel();
  await server.finished;
  assert.deepEqual(result, { drained: false, cut: 1, settlements: 0 });
  assert.ok(waited >= 90 && waited < 2000, `stopped after ${waited.toFixed(0)} ms`);
});

Deno.test("a stop that waited for a settlement past DRAIN_MS returns once its answer is written and the connection closed", async () => {
  const { server, release, inFlight, pending } = heldServer("100");
  await inFlight;
  let finished = false;
  server.finished.then(() => finished = true);
  // The settlement ends as its answer is handed over: Deno.serve has not written a byte of it yet.
  const result = await server.stop(oneHeldUntilFinish(release));
  assert.equal(finished, true, "stop() returned before the server's last connection closed");
  assert.deepEqual(result, { drained: false, cut: 1, settlements: 1, written: true });
  const response = await pending;
  assert.equal(response.status, 200);
  assert.equal((await response.json()).results[0].q, "bread");
});

/** A server with two classify requests in flight: one with X-Request-Id "paid", held until `paid` resolves,
 * and another, held until `other` does. */
async function paidAndOther(drainMs: string) {
  const paid = Promise.withResolvers<void>();
  const other = Promise.withResolvers<void>();
  const bothIn = Promise.withResolvers<void>();
  let count = 0;
  const server = gatedServer(drainMs, {
    admit: async (request: Request) => {
      if (++count === 2) bothIn.resolve();
      await (request.headers.get("x-request-id") === "paid" ? paid : other).promise;
      return { kind: "free" as const };
    },
  });
  const url = `http://127.0.0.1:${server.port}/v1/reference/classify?q=bread`;
  const answered = fetch(url, { headers: { "X-Request-Id": "paid" } });
  const otherAnswered = fetch(url, { headers: { "X-Request-Id": "other" } });
  await bothIn.promise;
  return { server, paid, other, answered, otherAnswered };
}

Deno.test("a stop that waited for a settlement exits DELIVERY_GRACE_MS after it when a connection stays open, and reports it", async () => {
  const { server, paid, other: stuck, answered, otherAnswered: hanging } = await paidAndOther("100");
  const started = performance.now();
  const result = await server.stop(oneHeldUntilFinish(paid.resolve));
  const waited = performance.now() - started;
  assert.deepEqual(result, { drained: false, cut: 2, settlements: 1, written: false });
  assert.ok(
    waited >= 100 + DELIVERY_GRACE_MS - 10 && waited < 100 + DELIVERY_GRACE_MS + 1500,
    `${waited} ms`,
  );
  assert.equal((await answered).status, 200);
  await (await answered).body?.cancel();
  stuck.resolve();
  await (await hanging).body?.cancel();
  await server.finished;
});

Deno.test("a stop that saw a settlement end before DRAIN_MS ran out waits for the connections, not only for the cut-off", async () => {
  const { server, paid, other: slow, answered, otherAnswered: later } = await paidAndOther("300");
  let ended = 0;
  let finished = false;
  server.finished.then(() => finished = true);
  const started = performance.now();
  // The paid request's settlement ends 50 ms into the drain, its answer handed over; none is held at the
  // cut-off (300 ms), and the slow request's connection closes 200 ms after it.
  setTimeout(() => {
    paid.resolve();
    ended++;
  }, 50);
  setTimeout(() => slow.resolve(), 500);
  const result = await server.stop({ ended: () => ended, finish: () => Promise.resolve(0) });
  const waited = performance.now() - started;
  assert.equal(finished, true, "stop() returned before the server's last connection closed");
  assert.deepEqual(result, { drained: false, cut: 1, settlements: 0, written: true });
  assert.ok(waited >= 490 && waited < 100 + DELIVERY_GRACE_MS + 300, `${waited} ms`);
  assert.equal((await answered).status, 200);
  assert.equal((await (await answered).json()).results[0].q, "bread");
  await (await later).body?.cancel();
});
