/**
 * Several replicas on one Redis, end to end: real server processes (src/main.ts) with
 * STATE_STORE=redis://…, a real redis-server, the real x402 client, and one development facilitator run by
 * the test (its ledger is the truth of what was charged), as a load balancer would spread one client's
 * requests over replicas.
 */
import assert from "node:assert/strict";
import { decodePaymentResponseHeader } from "npm:@x402/core@2.27.0/http";
import { resetAssetContractCache } from "npm:@x402/evm@2.27.0";
import { type DevFacilitator, startDevFacilitator } from "../../src/payments/dev_facilitator.ts";
import { BASE_SEPOLIA, readPaymentConfig } from "../../src/payments/payment_config.ts";
import { distWith, smallParts } from "../support/small_dist.ts";
import { type ServerProcess, startService } from "../support/server_process.ts";
import { type RedisServer, redisTest } from "../support/redis_server.ts";
import { newPayer, paymentHeader, signedPayment } from "../support/payment_client.ts";

const PAID = "/v1/reference/brick-attributes?gpc_code=10000155";
const PAY_TO = "0x000000000000000000000000000000000000bEEF";
const START = 1_000_000_000n;
const PRICE = 1000n;

/** Starts a replica per `env` on one dist and one Redis; stops them all after `body`. */
async function withReplicas(
  redis: RedisServer,
  envs: Record<string, string>[],
  body: (replicas: ServerProcess[]) => Promise<void>,
): Promise<void> {
  const { dir } = await distWith(smallParts());
  const replicas: ServerProcess[] = [];
  try {
    for (const env of envs) replicas.push(await startService(dir, { STATE_STORE: redis.url, ...env }));
    for (const replica of replicas) {
      await until(() => replica.lines.some((l) => l.includes("state store answers")));
    }
    await body(replicas);
  } finally {
    for (const replica of replicas) await replica.stop();
  }
}

/** Paid replicas: a facilitator of the test's own, one PUBLIC_URL (the load balancer's address). */
async function withPaidReplicas(
  redis: RedisServer,
  envs: Record<string, string>[],
  body: (replicas: ServerProcess[], facilitator: DevFacilitator) => Promise<void>,
): Promise<void> {
  resetAssetContractCache();
  const facilitator = startDevFacilitator({ network: BASE_SEPOLIA, asset: readPaymentConfig({}).asset });
  const paid = { PAYMENTS: "on", FACILITATOR_URL: facilitator.url, PAY_TO, PUBLIC_URL: "http://gpc.test" };
  try {
    await withReplicas(redis, envs.map((env) => ({ ...paid, ...env })), async (replicas) => {
      for (const replica of replicas) await until(async () => (await get(replica, "/readyz")).status === 200);
      await body(replicas, facilitator);
    });
  } finally {
    await facilitator.close();
  }
}

/** GET the paid path with a PAYMENT-SIGNATURE. */
function pay(replica: ServerProcess, header: string) {
  return get(replica, PAID, { "PAYMENT-SIGNATURE": header });
}

async function get(replica: ServerProcess, path: string, headers: HeadersInit = {}) {
  const response = await fetch(replica.base + path, { headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === "" ? {} : JSON.parse(text) };
}

/** Polls `condition` every 50 ms, at most 10 s. */
async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`condition not met within 10 s: ${condition}`);
}

redisTest("a client over its limit on replica A is limited on replica B", async (redis) => {
  const free = { PAYMENTS: "off", RATE_LIMIT: "5/min" };
  await withReplicas(redis, [free, free], async ([a, b]) => {
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await get(a!, "/v1/public/stats");
      assert.equal(answer.status, 200);
      remaining.push(answer.headers.get("ratelimit")!.replace(/;t=\d+$/, ""));
    }
    assert.deepEqual(remaining, [4, 3, 2, 1, 0].map((r) => `"default";r=${r}`));
    const limited = await get(b!, "/v1/public/stats");
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get("retry-after"), "12");
    assert.equal(limited.body.error.code, "RATE_LIMITED");
    assert.equal((await get(a!, "/v1/public/stats")).status, 429);
  });
});

redisTest(
  "one payment replayed against two replicas at once runs the work once and settles once",
  async (redis) => {
    const env = { RATE_LIMIT: "off" };
    await withPaidReplicas(redis, [env, env], async ([a, b], facilitator) => {
      const payer = newPayer();
      const header = paymentHeader(await signedPayment(payer, a!.base + PAID));
      const answers = await Promise.all([
        pay(a!, header),
        pay(b!, header),
      ]);
      assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 402]);
      const paid = answers.find((answer) => answer.status === 200)!;
      assert.equal(decodePaymentResponseHeader(paid.headers.get("PAYMENT-RESPONSE")!).success, true);
      assert.equal(paid.body.results[0].gpc.code, "10000155");
      const refused = answers.find((answer) => answer.status === 402)!;
      assert.equal(refused.body.type, "https://paymentauth.org/problems/invalid-challenge");
      assert.equal(refused.headers.get("PAYMENT-RESPONSE"), null);
      assert.equal(facilitator.ledger.settledCount, 1);
      assert.equal(facilitator.ledger.balanceOf(payer.account.address), START - PRICE);
      // The log is written in batches off the request path: the line may follow the answer.
      const settledLines = () =>
        [...a!.lines, ...b!.lines].filter((line) => line.includes('"payment settled"'));
      await until(() => settledLines().length > 0);
      assert.equal(settledLines().length, 1);
      // Later, on either replica, the claim says it was spent.
      for (const replica of [a!, b!]) {
        const again = await pay(replica, header);
        assert.equal(again.status, 402);
        assert.equal(again.body.error.details.payment_state, "settled");
      }
      assert.equal(facilitator.ledger.settledCount, 1);
    });
  },
);

redisTest(
  "Redis down or hanging: paid paths answer 503 with Retry-After and charge nothing, free paths answer",
  async (redis) => {
    // A is rate limited (its limiter meets the outage first), B is not (its payment claim meets it).
    await withPaidReplicas(
      redis,
      [{ RATE_LIMIT: "120/min" }, { RATE_LIMIT: "off" }],
      async ([a, b], facilitator) => {
        const payer = newPayer();
        const headers = [a!, b!].map(async (replica) =>
          paymentHeader(await signedPayment(payer, replica.base + PAID))
        );
        const [headerA, headerB] = await Promise.all(headers);
        const unpaidB = await get(b!, PAID);
        assert.equal(unpaidB.status, 402);
        await redis.stop();
        const outage = async () => {
          for (const [replica, header] of [[a!, headerA!], [b!, headerB!]] as const) {
            const answer = await get(replica, PAID, { "PAYMENT-SIGNATURE": header });
            assert.equal(answer.status, 503, replica.base);
            assert.equal(answer.headers.get("retry-after"), "2");
            assert.equal(answer.body.error.code, "STATE_STORE_UNAVAILABLE");
          }
          assert.equal((await get(a!, PAID)).status, 503);
          for (const replica of [a!, b!]) {
            for (const path of ["/v1/public/stats", "/healthz", "/openapi.json"]) {
              assert.equal((await get(replica, path)).status, 200, `${replica.base}${path}`);
            }
            // A probe within the last second may still be the cached answer of before.
            await until(async () => (await get(replica, "/readyz")).status === 503);
            const ready = await get(replica, "/readyz");
            assert.deepEqual(ready.body.checks, {
              dist: "ok",
              facilitator: "ok",
              state_store: "unreachable",
            });
          }
          assert.equal(facilitator.ledger.settledCount, 0);
          assert.equal(facilitator.ledger.balanceOf(payer.account.address), START);
        };
        await outage();
        assert.equal(a!.lines.filter((line) => line.includes('"state store does not answer"')).length, 1);

        await redis.restart();
        for (const replica of [a!, b!]) {
          await until(async () => (await get(replica, "/readyz")).status === 200);
        }
        redis.pause();
        try {
          const started = performance.now();
          await outage();
          assert.ok(
            performance.now() - started < 8000,
            `the outage checks took ${performance.now() - started} ms`,
          );
        } finally {
          redis.resume();
        }

        for (const replica of [a!, b!]) {
          await until(async () => (await get(replica, "/readyz")).status === 200);
        }
        // A's payment never reached the store (its rate limiter failed first): it pays now. B's claim was
        // sent to the frozen server, which applied it on waking: taken, never verified, so B's payer signs
        // anew, and is charged once.
        assert.equal((await pay(a!, headerA!)).status, 200);
        const stuck = await pay(b!, headerB!);
        assert.equal(stuck.status, 402);
        assert.equal(stuck.body.error.details.payment_state, "verifying");
        assert.equal((await pay(b!, paymentHeader(await signedPayment(payer, b!.base + PAID)))).status, 200);
        assert.equal(facilitator.ledger.settledCount, 2);
        assert.equal(facilitator.ledger.balanceOf(payer.account.address), START - 2n * PRICE);
      },
    );
  },
);
