/**
 * GET /readyz: 200 only when every check passes (dist verified; with payments on, the facilitator and the
 * state store answer), 503 naming what fails; checks are bounded in time and kept for a second.
 */
import assert from "node:assert/strict";
import * as v from "npm:valibot@1.5.0";
import {
  CHECK_CACHE_MS,
  createReadiness,
  PROBE_TIMEOUT_MS,
  type Verification,
} from "../../src/http/readiness.ts";
import { readinessSchema } from "../../src/contract/body_schemas.ts";
import type { StoreProblem } from "../../src/store/reference_store.ts";
import { testHandler } from "../support/test_handler.ts";
import { FailingStateStore } from "../support/failing_state_store.ts";

const hang = () => new Promise<void>(() => {});
const fail = () => Promise.reject(new Error("connection refused"));
const answer = () => Promise.resolve();

const cases: [string, {
  verification?: Verification;
  problem?: StoreProblem;
  facilitator?: () => Promise<void>;
  stateFails?: boolean;
}, v.InferOutput<typeof readinessSchema>][] = [
  ["payments off: the dist alone decides", {}, { status: "ready", checks: { dist: "ok" } }],
  ["payments on: every check passes", { facilitator: answer, stateFails: false }, {
    status: "ready",
    checks: { dist: "ok", facilitator: "ok", state_store: "ok" },
  }],
  ["the dist is still being verified", { verification: "verifying" }, {
    status: "unavailable",
    checks: { dist: "verifying" },
  }],
  ["the dist failed its verification", { verification: "failed" }, {
    status: "unavailable",
    checks: { dist: "damaged" },
  }],
  ["the build was removed from disk", { problem: "removed" }, {
    status: "unavailable",
    checks: { dist: "removed" },
  }],
  ["the facilitator has not answered", { facilitator: fail, stateFails: false }, {
    status: "unavailable",
    checks: { dist: "ok", facilitator: "unreachable", state_store: "ok" },
  }],
  ["the state store does not answer", { facilitator: answer, stateFails: true }, {
    status: "unavailable",
    checks: { dist: "ok", facilitator: "ok", state_store: "unreachable" },
  }],
];
for (const [name, given, expected] of cases) {
  Deno.test(`readiness: ${name}`, async () => {
    const ready = createReadiness({
      store: { problem: () => given.problem },
      verification: () => given.verification ?? "verified",
      ...(given.facilitator ? { facilitator: given.facilitator } : {}),
      ...(given.stateFails === undefined ? {} : { state: new FailingStateStore(() => given.stateFails!) }),
    });
    const body = await ready();
    assert.deepEqual(body, expected);
    assert.deepEqual(v.parse(readinessSchema, body), body);
  });
}

Deno.test("a facilitator or state store that hangs makes readiness fail after the probe timeout, not hang", async () => {
  const state = new FailingStateStore(() => false);
  state.inner.ping = hang;
  const started = performance.now();
  const body = await createReadiness({
    store: {},
    verification: () => "verified",
    facilitator: hang,
    state,
  })();
  const ms = performance.now() - started;
  assert.deepEqual(body.checks, { dist: "ok", facilitator: "unreachable", state_store: "unreachable" });
  assert.ok(ms >= PROBE_TIMEOUT_MS - 10 && ms < PROBE_TIMEOUT_MS + 500, `took ${ms} ms`);
});

Deno.test("probes within a second share one check of the facilitator and of the state store", async () => {
  let now = 0;
  let asked = 0;
  const state = new FailingStateStore(() => false);
  const ready = createReadiness({
    store: {},
    verification: () => "verified",
    facilitator: () => (asked++, Promise.resolve()),
    state,
    now: () => now,
  });
  await Promise.all([ready(), ready()]);
  now += CHECK_CACHE_MS - 1;
  await ready();
  assert.deepEqual([asked, state.calls.length], [1, 1]);
  now += 1;
  await ready();
  assert.deepEqual([asked, state.calls.length], [2, 2]);
});

Deno.test("GET /readyz is neither rate limited nor cached, and answers 503 once the data is damaged", async () => {
  const t = testHandler({ env: { RATE_LIMIT: "1/min" }, now: () => 0 });
  for (let i = 0; i < 3; i++) {
    const response = await t.fetch("/readyz");
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("cache-control"), "no-store");
    assert.equal(response.headers.get("ratelimit"), null);
    assert.deepEqual(await response.json(), { status: "ready", checks: { dist: "ok" } });
  }
  t.store.isHealthy = false;
  const damaged = await t.fetch("/readyz");
  assert.equal(damaged.status, 503);
  assert.deepEqual(await damaged.json(), { status: "unavailable", checks: { dist: "damaged" } });
});
