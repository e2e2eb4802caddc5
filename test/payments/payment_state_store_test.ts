/**
 * Payments when the state store fails (the shared Redis unreachable or too slow), end to end with the real
 * client and the development facilitator's ledger as the truth of what was charged: before settlement
 * every failure is a 503 STATE_STORE_UNAVAILABLE with Retry-After and nothing charged; after settlement the
 * payer gets what was paid for, and the payment still cannot be replayed.
 */
import assert from "node:assert/strict";
import { decodePaymentResponseHeader } from "npm:@x402/core@2.27.0/http";
import {
  harnessTest,
  type PaymentHarness,
  PRICE,
  START_BALANCE,
  workRuns,
} from "../support/payment_harness.ts";
import { type Payer, paymentHeader, presentPayment, signedPayment } from "../support/payment_client.ts";
import { FailingStateStore, type StoreCall } from "../support/failing_state_store.ts";

/** Runs `body` against a service whose state store fails the calls `fails` picks. */
function failingStoreTest(
  name: string,
  fails: (call: StoreCall) => boolean,
  body: (h: PaymentHarness, payer: Payer, url: string, state: FailingStateStore) => Promise<void>,
) {
  harnessTest(name, (h, payer, url) => body(h, payer, url, h.state as FailingStateStore), {
    state: () => new FailingStateStore(fails),
  });
}

function assertUnavailable(
  answer: { status: number; body: Record<string, unknown>; headers: Headers },
) {
  assert.equal(answer.status, 503);
  assert.equal(answer.headers.get("retry-after"), "2");
  assert.equal(answer.body.type, "https://gpc-reference.dev/problems/state-store-unavailable");
  assert.equal((answer.body.error as { code: string }).code, "STATE_STORE_UNAVAILABLE");
}

const at = (operation: string, value?: string) => (call: StoreCall) =>
  call.operation === operation && (value === undefined || call.value === value);

failingStoreTest(
  "a claim the store cannot take answers 503 and the payment is neither verified nor charged",
  at("claim"),
  async (h, payer, url, state) => {
    const header = paymentHeader(await signedPayment(payer, url));
    assertUnavailable(await presentPayment(url, header));
    assert.deepEqual(state.calls.map((call) => call.operation), ["claim"]);
    assert.equal(workRuns(h), 0);
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE);
    assert.equal(h.facilitator.ledger.nonceUsed(payer.account.address, payment(header)), false);
  },
);

failingStoreTest(
  "a claim that cannot be marked verified answers 503 and nothing runs or is charged",
  at("put", "verified"),
  async (h, payer, url) => {
    assertUnavailable(await presentPayment(url, paymentHeader(await signedPayment(payer, url))));
    assert.equal(workRuns(h), 0);
    assert.equal(h.facilitator.ledger.settledCount, 0);
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE);
  },
);

failingStoreTest(
  "a claim that cannot be marked settling answers 503: the work ran but nothing is settled",
  at("put", "settling"),
  async (h, payer, url) => {
    assertUnavailable(await presentPayment(url, paymentHeader(await signedPayment(payer, url))));
    assert.equal(workRuns(h), 1);
    assert.equal(h.facilitator.ledger.settledCount, 0);
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE);
  },
);

failingStoreTest(
  "a settlement the store cannot record still answers 200 with its PAYMENT-RESPONSE, and cannot be replayed",
  at("put", "settled"),
  async (h, payer, url) => {
    const header = paymentHeader(await signedPayment(payer, url));
    const paid = await presentPayment(url, header);
    assert.equal(paid.status, 200);
    assert.equal(decodePaymentResponseHeader(paid.headers.get("PAYMENT-RESPONSE")!).success, true);
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE - PRICE);
    const logged = h.logLines.map((line) => JSON.parse(line)).filter((line) => line.level === "error");
    assert.deepEqual(logged.map(({ message, operation }) => ({ message, operation })), [{
      message: "the outcome of a settlement could not be recorded in the state store",
      operation: "classifyBrowseNodes",
    }]);
    const replay = await presentPayment(url, header);
    assert.equal(replay.status, 402);
    assert.equal(replay.body.type, "https://paymentauth.org/problems/invalid-challenge");
    assert.equal(workRuns(h), 1);
    assert.equal(h.facilitator.ledger.settledCount, 1);
  },
);

failingStoreTest(
  "an unpaid request needs no state: it still gets its 402 challenge while the store is down",
  () => true,
  async (_h, _payer, url, state) => {
    const response = await fetch(url);
    await response.body?.cancel();
    assert.equal(response.status, 402);
    assert.notEqual(response.headers.get("PAYMENT-REQUIRED"), null);
    assert.deepEqual(state.calls, []);
  },
);

/** The nonce of a PAYMENT-SIGNATURE header. */
function payment(header: string): string {
  return JSON.parse(atob(header)).payload.authorization.nonce;
}
