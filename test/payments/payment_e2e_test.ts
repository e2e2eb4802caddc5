/**
 * Payments end to end on 127.0.0.1: the real x402 client pays the runtime's handler, gated by the x402
 * gate, settling on the development facilitator's ledger (behind a proxy that fails on demand).
 */
import assert from "node:assert/strict";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "npm:@x402/core@2.27.0/http";
import {
  harnessTest,
  type PaymentHarness,
  PRICE,
  START_BALANCE,
  workRuns,
} from "../support/payment_harness.ts";
import {
  type Payer,
  paymentHeader,
  presentPayment,
  replayState,
  signedPayment,
} from "../support/payment_client.ts";

/** Runs `body` against a fresh service and payer (`env`: payment variables), then stops everything. */
function paymentTest(
  name: string,
  body: (h: PaymentHarness, payer: Payer, url: string) => Promise<void>,
  env: Record<string, string> = {},
) {
  harnessTest(name, body, { env });
}

function challengeAmount(headers: Headers): string | undefined {
  const header = headers.get("PAYMENT-REQUIRED");
  return header === null ? undefined : decodePaymentRequiredHeader(header).accepts[0]?.amount;
}

paymentTest(
  "a paid classify answers 200 with a successful PAYMENT-RESPONSE and moves the price",
  async (h, payer, url) => {
    const response = await payer.pay(url);
    const body = await response.json();
    assert.equal(response.status, 200);
    assert.equal(body.results.length, 2);
    const settlement = decodePaymentResponseHeader(response.headers.get("PAYMENT-RESPONSE")!);
    assert.equal(settlement.success, true);
    assert.equal(settlement.network, "eip155:84532");
    assert.equal(settlement.payer, payer.account.address);
    assert.match(settlement.transaction, /^0x[0-9a-f]{64}$/);
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE - PRICE);
    assert.equal(h.facilitator.ledger.balanceOf(h.config.payTo), START_BALANCE + PRICE);
    assert.equal(workRuns(h), 1);
  },
);

paymentTest(
  "the same payment presented again is refused as invalid-challenge and the work does not run again",
  async (h, payer, url) => {
    const header = paymentHeader(await signedPayment(payer, url));
    const first = await presentPayment(url, header);
    assert.equal(first.status, 200);
    const replay = await presentPayment(url, header);
    assert.equal(replay.status, 402);
    assert.equal(replay.body.type, "https://paymentauth.org/problems/invalid-challenge");
    assert.deepEqual(replay.body.error, {
      code: "PAYMENT_REPLAYED",
      message: "This payment was already used; sign a new authorisation",
      details: {
        operation: "classifyBrowseNodes",
        items: 2,
        price: "0.001",
        currency: "USDC",
        amount: "1000",
        network: "eip155:84532",
        asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
        pay_to: h.config.payTo,
        payment_state: "settled",
      },
    });
    assert.equal(challengeAmount(replay.headers), "1000");
    assert.equal(workRuns(h), 1);
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE - PRICE);
  },
);

paymentTest(
  "two identical payments at once: exactly one 200, the work runs once, one transfer",
  async (h, payer, url) => {
    const header = paymentHeader(await signedPayment(payer, url));
    const answers = await Promise.all([presentPayment(url, header), presentPayment(url, header)]);
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 402]);
    const refused = answers.find((answer) => answer.status === 402)!;
    assert.equal(refused.body.type, "https://paymentauth.org/problems/invalid-challenge");
    assert.equal(workRuns(h), 1);
    assert.equal(h.facilitator.ledger.settledCount, 1);
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE - PRICE);
  },
);

/** A member `junk` holding arrays nested `levels` deep. */
function deepMember(levels: number): { junk: unknown } {
  return { junk: JSON.parse("[".repeat(levels) + "]".repeat(levels)) };
}

/** A bad payment: how to make it, then the problem and error code it must get. */
type BadPayment = [string, (h: PaymentHarness, payer: Payer, url: string) => Promise<string>, string, string];

const BAD_PAYMENTS: BadPayment[] = [
  [
    "a tampered signature",
    async (_h, payer, url) => {
      const payment = await signedPayment(payer, url);
      const signature = payment.payload.signature as string;
      const flipped = signature.slice(0, 10) + (signature[10] === "a" ? "b" : "a") + signature.slice(11);
      return paymentHeader({ ...payment, payload: { ...payment.payload, signature: flipped } });
    },
    "verification-failed",
    "PAYMENT_VERIFICATION_FAILED",
  ],
  [
    "an offer of a lower amount than the price",
    async (_h, payer, url) => {
      const payment = await signedPayment(payer, url, (r) => ({ ...r, amount: "10" }));
      return paymentHeader({ ...payment, accepted: { ...payment.accepted, amount: "10" } });
    },
    "payment-insufficient",
    "PAYMENT_INSUFFICIENT",
  ],
  [
    "an authorisation for less than the offer it claims to accept",
    async (_h, payer, url) => paymentHeader(await signedPayment(payer, url, (r) => ({ ...r, amount: "10" }))),
    "verification-failed",
    "PAYMENT_VERIFICATION_FAILED",
  ],
  [
    "an authorisation paying someone else",
    async (_h, payer, url) =>
      paymentHeader(
        await signedPayment(
          payer,
          url,
          (r) => ({ ...r, payTo: "0x1111111111111111111111111111111111111111" }),
        ),
      ),
    "verification-failed",
    "PAYMENT_VERIFICATION_FAILED",
  ],
  [
    "an authorisation whose validBefore has passed",
    async (_h, payer, url) =>
      paymentHeader(await signedPayment(payer, url, (r) => ({ ...r, maxTimeoutSeconds: -10 }))),
    "payment-expired",
    "PAYMENT_EXPIRED",
  ],
  [
    "an authorisation that expires within the facilitator's 6 second margin",
    async (_h, payer, url) =>
      paymentHeader(await signedPayment(payer, url, (r) => ({ ...r, maxTimeoutSeconds: 3 }))),
    "payment-expired",
    "PAYMENT_EXPIRED",
  ],
  [
    "an unfunded payer",
    async (h, payer, url) => {
      h.facilitator.ledger.setBalance(payer.account.address, 0n);
      return paymentHeader(await signedPayment(payer, url));
    },
    "payment-insufficient",
    "PAYMENT_INSUFFICIENT",
  ],
  [
    "an extra member nested 3,000 arrays deep",
    async (_h, payer, url) => paymentHeader({ ...await signedPayment(payer, url), ...deepMember(3000) }),
    "malformed-credential",
    "PAYMENT_MALFORMED",
  ],
  [
    "an extra member of the authorisation nested 2,000 arrays deep (within the length cap)",
    async (_h, payer, url) => {
      const payment = await signedPayment(payer, url);
      const authorization = { ...(payment.payload.authorization as object), ...deepMember(2000) };
      return paymentHeader({ ...payment, payload: { ...payment.payload, authorization } });
    },
    "malformed-credential",
    "PAYMENT_MALFORMED",
  ],
  [
    "a header that is not base64",
    () => Promise.resolve("%%% not base64 %%%"),
    "malformed-credential",
    "PAYMENT_MALFORMED",
  ],
  [
    "base64 of something that is not JSON",
    () => Promise.resolve(btoa("hello")),
    "malformed-credential",
    "PAYMENT_MALFORMED",
  ],
  [
    "an x402 version 1 payload",
    () =>
      Promise.resolve(
        btoa(JSON.stringify({ x402Version: 1, scheme: "exact", network: "base-sepolia", payload: {} })),
      ),
    "malformed-credential",
    "PAYMENT_MALFORMED",
  ],
];

for (const [name, make, problem, code] of BAD_PAYMENTS) {
  paymentTest(
    `${name} is answered 402 ${problem} with a fresh challenge and charges nothing`,
    async (h, payer, url) => {
      const header = await make(h, payer, url);
      const balance = h.facilitator.ledger.balanceOf(payer.account.address);
      const answer = await presentPayment(url, header);
      assert.equal(answer.status, 402);
      assert.equal(answer.body.type, `https://paymentauth.org/problems/${problem}`);
      assert.equal(answer.body.title, "Payment Required");
      assert.equal((answer.body.error as { code: string }).code, code);
      assert.match(answer.body.detail as string, /GET \/v1\/reference\/classify costs 0\.001 USDC per call$/);
      assert.equal(challengeAmount(answer.headers), "1000");
      assert.equal(answer.headers.get("Cache-Control"), "no-store");
      assert.equal(answer.headers.get("Retry-After"), null);
      // A client's bad payment is not the service's or the facilitator's trouble.
      assert.deepEqual(h.logLines.filter((line) => JSON.parse(line).level === "error"), []);
      assert.equal(workRuns(h), 0);
      assert.equal(h.facilitator.ledger.settledCount, 0);
      assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), balance);
    },
  );
}

paymentTest(
  "a payment that failed verification is released: the same payer can pay properly at once",
  async (h, payer, url) => {
    h.facilitator.ledger.setBalance(payer.account.address, 0n);
    const header = paymentHeader(await signedPayment(payer, url));
    assert.equal((await presentPayment(url, header)).status, 402);
    h.facilitator.ledger.setBalance(payer.account.address, START_BALANCE);
    assert.equal((await presentPayment(url, header)).status, 200);
    assert.equal(workRuns(h), 1);
  },
);

const FREE_REFUSALS: [string, string, number][] = [
  ["an invalid browse_id", "/v1/reference/classify?browse_id=abc", 400],
  ["both browse_id and q", "/v1/reference/classify?browse_id=1&q=bread", 400],
  ["ids the browse tree does not know", "/v1/reference/classify?browse_id=999,998", 404],
  ["an unknown path", "/v1/reference/classifier", 404],
];

for (const [name, path, status] of FREE_REFUSALS) {
  paymentTest(
    `${name} is answered ${status} without PAYMENT-REQUIRED, even to a payment, and charges nothing`,
    async (h, payer, url) => {
      const header = paymentHeader(await signedPayment(payer, url));
      for (const init of [{}, { headers: { "PAYMENT-SIGNATURE": header } }]) {
        const response = await fetch(h.url + path, init);
        await response.body?.cancel();
        assert.equal(response.status, status);
        assert.equal(response.headers.get("PAYMENT-REQUIRED"), null);
      }
      assert.equal(h.facilitator.ledger.settledCount, 0);
      // The payment was never claimed: it still buys the work.
      assert.equal((await presentPayment(url, header)).status, 200);
    },
  );
}

paymentTest(
  "a facilitator that is down answers 503 with Retry-After, charges nothing and releases the payment",
  async (h, payer, url) => {
    const header = paymentHeader(await signedPayment(payer, url));
    await h.proxy.stop();
    const down = await presentPayment(url, header);
    assert.equal(down.status, 503);
    assert.equal(down.headers.get("Retry-After"), "5");
    assert.equal(down.headers.get("PAYMENT-REQUIRED"), null);
    assert.equal(down.body.type, "https://gpc-reference.dev/problems/facilitator-unavailable");
    assert.equal((down.body.error as { code: string }).code, "PAYMENT_FACILITATOR_UNAVAILABLE");
    assert.equal(workRuns(h), 0);
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE);
    h.proxy.start();
    assert.equal((await presentPayment(url, header)).status, 200);
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE - PRICE);
  },
);

paymentTest(
  "a facilitator slower than the verify timeout answers 503 and charges nothing",
  async (h, payer, url) => {
    h.proxy.faults.set("/verify", { kind: "delay", ms: 600 });
    const slow = await presentPayment(url, paymentHeader(await signedPayment(payer, url)));
    assert.equal(slow.status, 503);
    assert.equal(slow.headers.get("Retry-After"), "5");
    assert.equal((slow.body.error as { code: string }).code, "PAYMENT_FACILITATOR_UNAVAILABLE");
    assert.equal(workRuns(h), 0);
    assert.equal(h.facilitator.ledger.settledCount, 0);
  },
  { FACILITATOR_VERIFY_TIMEOUT_MS: "200" },
);

paymentTest(
  "a facilitator answering 500 to verify answers 502 and charges nothing",
  async (h, payer, url) => {
    h.proxy.faults.set("/verify", { kind: "status", status: 500 });
    const broken = await presentPayment(url, paymentHeader(await signedPayment(payer, url)));
    assert.equal(broken.status, 502);
    assert.equal(broken.headers.get("Retry-After"), "5");
    assert.equal(broken.body.type, "https://gpc-reference.dev/problems/facilitator-error");
    assert.equal((broken.body.error as { code: string }).code, "PAYMENT_FACILITATOR_ERROR");
    assert.equal(workRuns(h), 0);
    assert.equal(h.facilitator.ledger.settledCount, 0);
  },
);

paymentTest(
  "a settlement that times out answers 503 without a new challenge and keeps the payment claimed",
  async (h, payer, url) => {
    h.proxy.faults.set("/settle", { kind: "delay", ms: 500 });
    const header = paymentHeader(await signedPayment(payer, url));
    const pending = await presentPayment(url, header);
    assert.equal(pending.status, 503);
    assert.equal(pending.headers.get("PAYMENT-REQUIRED"), null);
    assert.equal(pending.body.type, "https://gpc-reference.dev/problems/settlement-pending");
    assert.equal((pending.body.error as { code: string }).code, "PAYMENT_SETTLEMENT_PENDING");
    const retryAfter = Number(pending.headers.get("Retry-After"));
    assert.ok(retryAfter >= 295 && retryAfter <= 302, `Retry-After ${retryAfter} reaches past validBefore`);
    // The late settlement lands: the payer was charged once, and the payment stays spent.
    await h.proxy.settled();
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE - PRICE);
    h.proxy.faults.clear();
    assert.equal(replayState(await presentPayment(url, header)), "pending");
    assert.equal(h.facilitator.ledger.settledCount, 1);
  },
  { FACILITATOR_SETTLE_TIMEOUT_MS: "200" },
);

paymentTest(
  "a connection lost after the facilitator settled answers 503 pending and keeps the payment claimed",
  async (h, payer, url) => {
    h.proxy.faults.set("/settle", { kind: "break" });
    const header = paymentHeader(await signedPayment(payer, url));
    const lost = await presentPayment(url, header);
    assert.equal(lost.status, 503);
    assert.equal(lost.headers.get("PAYMENT-REQUIRED"), null);
    assert.equal((lost.body.error as { code: string }).code, "PAYMENT_SETTLEMENT_PENDING");
    // The transfer did land: the payer was charged once, and the same payment cannot buy a second call.
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE - PRICE);
    h.proxy.faults.clear();
    const again = await presentPayment(url, header);
    assert.equal(again.status, 402);
    assert.equal(again.body.type, "https://paymentauth.org/problems/invalid-challenge");
    assert.equal(h.facilitator.ledger.settledCount, 1);
  },
);

paymentTest(
  "a HEAD request never spends a payment: it gets the challenge's headers and the payment stays unused",
  async (h, payer, url) => {
    const header = paymentHeader(await signedPayment(payer, url));
    const head = await fetch(url, { method: "HEAD", headers: { "PAYMENT-SIGNATURE": header } });
    assert.equal(head.status, 402);
    assert.ok(head.headers.get("PAYMENT-REQUIRED"));
    assert.equal(head.headers.get("PAYMENT-RESPONSE"), null);
    assert.equal(h.facilitator.ledger.settledCount, 0);
    const get = await presentPayment(url, header);
    assert.equal(get.status, 200);
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE - PRICE);
  },
);

paymentTest(
  "an authorisation valid far beyond maxTimeoutSeconds is refused before anything is claimed",
  async (h, payer, url) => {
    const far = await signedPayment(payer, url, (offered) => ({ ...offered, maxTimeoutSeconds: 10_000_000 }));
    const refused = await presentPayment(url, paymentHeader(far));
    assert.equal(refused.status, 402);
    assert.equal(refused.body.type, "https://paymentauth.org/problems/verification-failed");
    assert.match(String(refused.body.detail), /validBefore \d+ lies beyond the 300 s this service accepts/);
    assert.ok(refused.headers.get("PAYMENT-REQUIRED"));
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE);
  },
);

paymentTest(
  "work that fails is answered 500, is not settled, and the payment can buy a retry",
  async (h, payer, url) => {
    const header = paymentHeader(await signedPayment(payer, url));
    h.store.failing.add("browse:18776870011");
    const failed = await presentPayment(url, header);
    assert.equal(failed.status, 500);
    assert.equal(failed.headers.get("PAYMENT-RESPONSE"), null);
    assert.equal(h.facilitator.ledger.settledCount, 0);
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE);
    h.store.failing.clear();
    assert.equal((await presentPayment(url, header)).status, 200);
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE - PRICE);
  },
);

paymentTest("no log line carries a payment header's value", async (h, payer, url) => {
  const header = paymentHeader(await signedPayment(payer, url));
  await presentPayment(url, header);
  await presentPayment(url, header);
  const signature = (JSON.parse(atob(header)).payload as { signature: string }).signature;
  const log = h.logLines.join("\n");
  assert.ok(h.logLines.length >= 3);
  assert.equal(log.includes(header), false);
  assert.equal(log.includes(signature), false);
});
