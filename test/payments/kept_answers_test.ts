/**
 * The answers kept by payment identifier, in each StateStore: the in-process one and Redis on a real
 * redis-server (started by the test), with their TTL run in real time (Redis expires keys by its own clock);
 * and two replicas on one Redis, end to end, answering a retry at either one alike.
 */
import assert from "node:assert/strict";
import { resetAssetContractCache } from "npm:@x402/evm@2.27.0";
import { KeptAnswers, requestOf } from "../../src/payments/kept_answers.ts";
import { MemoryStateStore } from "../../src/state/memory_state_store.ts";
import { RedisStateStore } from "../../src/state/redis_state_store.ts";
import type { StateStore } from "../../src/state/state_store.ts";
import { redisTest, waitUntilUp } from "../support/redis_server.ts";
import { PAID_PATH, PRICE, START_BALANCE, startPaymentHarness } from "../support/payment_harness.ts";
import { newPayer, paymentHeader, presentPayment, signedPayment } from "../support/payment_client.ts";

const PAYER = "0x209693Bc6afc0C5328bA36FaF03C514EF312287C";
const ID = "pay_0123456789abcdef";
const REQUEST = requestOf(
  { url: "https://gpc.example.com/v1/reference/classify?q=bread", description: "x" },
  1000n,
  undefined,
);
const KEY = { payer: PAYER, id: ID, request: REQUEST };
const ANSWER = {
  status: 200,
  headers: [["content-type", "application/json"]] as [string, string][],
  body: '{"a":1}',
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A validBefore far enough ahead for the tests' entries to live. */
const validBefore = () => Math.floor(Date.now() / 1000) + 300;

type Case = (answers: KeptAnswers, store: StateStore) => Promise<void>;

const CASES: Record<string, Case> = {
  "an id is reserved once, read as working with its request and nonce, and reserved no more": async (
    answers,
  ) => {
    const before = validBefore();
    assert.equal(await answers.read(KEY), undefined);
    assert.equal(await answers.reserve(KEY, "0x01", before), true);
    assert.deepEqual(await answers.read(KEY), {
      state: "working",
      request: REQUEST,
      nonce: "0x01",
      validBefore: before,
    });
    assert.equal(await answers.reserve({ ...KEY, request: "another" }, "0x02", before), false);
  },
  "a kept answer is read back whole until its TTL, then forgotten": async (answers) => {
    const before = validBefore();
    await answers.reserve(KEY, "0x01", before);
    await answers.keep(KEY, "0x01", before, ANSWER);
    assert.deepEqual(await answers.read(KEY), {
      state: "done",
      request: REQUEST,
      nonce: "0x01",
      validBefore: before,
      answer: ANSWER,
    });
    await sleep(450);
    assert.equal(await answers.read(KEY), undefined);
    assert.equal(await answers.reserve(KEY, "0x03", before), true);
  },
  "a released id may be reserved again; a pending one is read as pending": async (answers) => {
    const before = validBefore();
    await answers.reserve(KEY, "0x01", before);
    await answers.release(KEY);
    assert.equal(await answers.read(KEY), undefined);
    assert.equal(await answers.reserve(KEY, "0x02", before), true);
    await answers.pending(KEY, "0x02", before);
    assert.equal((await answers.read(KEY))?.state, "pending");
  },
  "ids are the payer's own: another payer's same id is another entry, and the address's case does not matter":
    async (answers) => {
      const before = validBefore();
      assert.equal(await answers.reserve(KEY, "0x01", before), true);
      const other = { ...KEY, payer: "0x1111111111111111111111111111111111111111" };
      assert.equal(await answers.reserve(other, "0x02", before), true);
      assert.equal(await answers.reserve({ ...KEY, payer: PAYER.toLowerCase() }, "0x03", before), false);
    },
};

for (const [name, run] of Object.entries(CASES)) {
  Deno.test(`in process: ${name}`, async () => {
    const store = new MemoryStateStore();
    await run(new KeptAnswers(store, 400), store);
  });
  redisTest(`on Redis: ${name}`, async (redis) => {
    const store = new RedisStateStore({ url: redis.url, timeoutMs: 1000 });
    try {
      await waitUntilUp(store);
      await run(new KeptAnswers(store, 400), store);
    } finally {
      await store.close();
    }
  });
}

redisTest(
  "two replicas on one Redis answer a retry at either one from the kept answer, settled once",
  async (redis) => {
    resetAssetContractCache();
    const stores = [0, 1].map(() => new RedisStateStore({ url: redis.url, timeoutMs: 1000 }));
    for (const store of stores) await waitUntilUp(store);
    // One PUBLIC_URL (the load balancer's): both replicas name the request alike.
    const [a, b] = await Promise.all(
      stores.map((state) => startPaymentHarness({ PUBLIC_URL: "http://gpc.test" }, {}, { state })),
    );
    try {
      const payer = newPayer(ID);
      const first = await payer.pay(a!.url + PAID_PATH);
      assert.equal(first.status, 200);
      const firstBody = await first.text();
      const retry = await presentPayment(
        b!.url + PAID_PATH,
        paymentHeader(await signedPayment(payer, b!.url + PAID_PATH, undefined, ID)),
      );
      assert.equal(retry.status, 200);
      assert.deepEqual(retry.body, JSON.parse(firstBody));
      assert.equal(retry.headers.get("PAYMENT-RESPONSE"), first.headers.get("PAYMENT-RESPONSE"));
      assert.equal(a!.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE - PRICE);
      assert.equal(a!.facilitator.ledger.settledCount + b!.facilitator.ledger.settledCount, 1);
    } finally {
      await a!.close();
      await b!.close();
      for (const store of stores) await store.close();
    }
  },
);
