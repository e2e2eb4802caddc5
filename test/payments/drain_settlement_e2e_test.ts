/**
 * SIGTERM to a real server process (src/main.ts, payments on) while a paid call is at the facilitator, which
 * is made slow on purpose: a settlement once started runs to its end and its answer is delivered whatever
 * DRAIN_MS says; an answer that cannot be delivered after the payer was charged is logged at error with what
 * an operator needs to refund; a payment still verifying when DRAIN_MS runs out is never settled, nor is the
 * payment of a client that left before its settlement started.
 */
import assert from "node:assert/strict";
import { decodePaymentResponseHeader } from "npm:@x402/core@2.27.0/http";
import { resetAssetContractCache } from "npm:@x402/evm@2.27.0";
import { readPaymentConfig } from "../../src/payments/payment_config.ts";
import { startDevFacilitator } from "../../src/payments/dev_facilitator.ts";
import { FacilitatorProxy, harnessTest, PRICE, START_BALANCE } from "../support/payment_harness.ts";
import { newPayer, paymentHeader, presentPayment, signedPayment } from "../support/payment_client.ts";
import { freePort, logLines, preparedDist, Spawned } from "../support/spawned_process.ts";

const DRAIN_MS = 500;
const SLOW_MS = 3000;
/** A paid request the small dist serves. */
const PAID = "/v1/reference/brick-attributes?gpc_code=10000155";

/** What one test runs against: a paid server process behind a recording, slowable facilitator. */
interface Stage {
  readonly server: Spawned;
  readonly proxy: FacilitatorProxy;
  readonly url: string;
  readonly balanceOf: (address: string) => bigint;
}

/** Starts the development facilitator, a proxy in front of it, and the server paying through the proxy. */
async function withStage(body: (stage: Stage) => Promise<void>): Promise<void> {
  resetAssetContractCache();
  const base = readPaymentConfig({});
  const facilitator = startDevFacilitator({ network: base.network, asset: base.asset });
  const proxy = new FacilitatorProxy(facilitator.url);
  proxy.start();
  const port = freePort();
  try {
    await using server = Spawned.server({
      HOST: "127.0.0.1",
      PORT: String(port),
      DIST_DIR: await preparedDist(),
      PAYMENTS: "on",
      RATE_LIMIT: "off",
      DRAIN_MS: String(DRAIN_MS),
      FACILITATOR_URL: proxy.url,
      PAY_TO: base.payTo,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    await server.servingPort();
    await body({
      server,
      proxy,
      url: `http://127.0.0.1:${port}${PAID}`,
      balanceOf: (address) => facilitator.ledger.balanceOf(address),
    });
  } finally {
    await proxy.settled();
    await proxy.stop();
    await facilitator.close();
  }
}

/** Resolves once the facilitator has been sent a call to `path` (at most 10 s). */
async function sent(proxy: FacilitatorProxy, path: string): Promise<void> {
  for (let i = 0; i < 500 && (proxy.sent.get(path)?.length ?? 0) === 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.equal(proxy.sent.get(path)?.length, 1, `the facilitator was sent no ${path}`);
}

/** The log lines of the server's stdout that are not access lines. */
function events(server: Spawned): Record<string, unknown>[] {
  return logLines(server.lines).filter((line) => line.path === undefined).map(({ time: _, ...line }) => line);
}

Deno.test("SIGTERM during a slow settlement waits for it past DRAIN_MS: the payer gets the paid answer", async () => {
  await withStage(async ({ server, proxy, url, balanceOf }) => {
    proxy.faults.set("/settle", { kind: "delay", ms: SLOW_MS });
    const payer = newPayer();
    const paying = payer.pay(url, { headers: { "X-Request-Id": "drain-delivered" } });
    await sent(proxy, "/settle");
    const signalled = performance.now();
    server.child.kill("SIGTERM");
    const response = await paying;
    const waited = performance.now() - signalled;
    assert.equal(response.status, 200);
    assert.equal(decodePaymentResponseHeader(response.headers.get("PAYMENT-RESPONSE")!).success, true);
    assert.equal((await response.json()).results[0].gpc_code, "10000155");
    assert.ok(waited > DRAIN_MS * 2, `answered ${waited.toFixed(0)} ms after SIGTERM`);
    const { code } = await server.outcome(SLOW_MS + 10_000);
    assert.equal(code, 0);
    assert.equal(balanceOf(payer.account.address), START_BALANCE - PRICE);
    const lines = events(server);
    assert.deepEqual(lines.filter((line) => line.level === "error"), []);
    assert.deepEqual(lines.slice(-4).map((line) => line.message), [
      "SIGTERM: draining in-flight requests",
      "payment settled",
      `DRAIN_MS=${DRAIN_MS} ran out with settlements started: waited for them and their answers`,
      "stopped",
    ]);
    assert.deepEqual(lines.at(-2), {
      level: "warn",
      message: `DRAIN_MS=${DRAIN_MS} ran out with settlements started: waited for them and their answers`,
      cut: 1,
      settlements: 1,
    });
  });
});

Deno.test("a settlement that lands after its client left is logged at error with payer, amount, transaction and request id", async () => {
  await withStage(async ({ server, proxy, url, balanceOf }) => {
    proxy.faults.set("/settle", { kind: "delay", ms: SLOW_MS });
    const payer = newPayer();
    const leaving = new AbortController();
    const paying = payer.pay(url, {
      headers: { "X-Request-Id": "drain-undelivered" },
      signal: leaving.signal,
    });
    await sent(proxy, "/settle");
    leaving.abort();
    await assert.rejects(paying);
    server.child.kill("SIGTERM");
    const { code } = await server.outcome(SLOW_MS + 10_000);
    assert.equal(code, 0);
    // The facilitator did settle: the payer was charged and got nothing, which the log says.
    assert.equal(balanceOf(payer.account.address), START_BALANCE - PRICE);
    const [undelivered, ...others] = events(server).filter((line) => line.level === "error");
    assert.deepEqual(others, []);
    const { transaction, ...rest } = undelivered as { transaction: string };
    assert.match(transaction, /^0x[0-9a-f]{64}$/);
    assert.deepEqual(rest, {
      level: "error",
      message: "payment settled, answer not delivered: the payer was charged and got no answer",
      operation: "getBrickAttributes",
      amount: String(PRICE),
      payer: payer.account.address,
      network: "eip155:84532",
      request_id: "drain-undelivered",
    });
  });
});

Deno.test("a payment still verifying when DRAIN_MS runs out is never settled, and the process exits", async () => {
  await withStage(async ({ server, proxy, url, balanceOf }) => {
    proxy.faults.set("/verify", { kind: "delay", ms: SLOW_MS });
    const payer = newPayer();
    const paying = payer.pay(url).catch((error) => error);
    await sent(proxy, "/verify");
    const signalled = performance.now();
    server.child.kill("SIGTERM");
    const { code } = await server.outcome(10_000);
    assert.equal(code, 0);
    assert.ok(performance.now() - signalled < SLOW_MS, "the process waited for a payment it never settled");
    assert.ok(await paying instanceof Error);
    await proxy.settled();
    assert.equal(proxy.sent.get("/settle"), undefined);
    assert.equal(balanceOf(payer.account.address), START_BALANCE);
  });
});

harnessTest(
  "a client that leaves before its settlement starts is not charged, and its payment stays usable",
  async (h, payer, url) => {
    h.proxy.faults.set("/verify", { kind: "delay", ms: 1000 });
    const header = paymentHeader(await signedPayment(payer, url));
    const leaving = new AbortController();
    const paying = fetch(url, { headers: { "PAYMENT-SIGNATURE": header }, signal: leaving.signal });
    await sent(h.proxy, "/verify");
    leaving.abort();
    await assert.rejects(paying);
    await h.proxy.settled();
    for (let i = 0; i < 100 && !h.logLines.some((line) => line.includes("payment not settled")); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const line = h.logLines.map((text) => JSON.parse(text)).find((entry) =>
      entry.message?.startsWith("payment not")
    );
    assert.equal(
      line?.message,
      "payment not settled: the client left before its answer; nothing was charged",
    );
    assert.equal(line?.level, "warn");
    assert.equal(h.proxy.sent.get("/settle"), undefined);
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE);
    h.proxy.faults.delete("/verify");
    assert.equal((await presentPayment(url, header)).status, 200);
  },
);
