/**
 * The state store failing in the middle of a paid request, at each of its calls in turn (rate limit on: the
 * token, the claim, then the claim marked verified, settling, settled), end to end with the real client and
 * the development facilitator's ledger. Each failure has its documented answer, and nothing is lost: a payer
 * is charged exactly for the answers delivered, a payment is never spent twice, and what the claim says
 * afterwards matches what happened (released: the same payment buys the call; kept: a replay is refused).
 */
import assert from "node:assert/strict";
import { decodePaymentResponseHeader } from "npm:@x402/core@2.27.0/http";
import { harnessTest, PRICE, START_BALANCE, workRuns } from "../support/payment_harness.ts";
import { paymentHeader, presentPayment, replayState, signedPayment } from "../support/payment_client.ts";
import { FailingStateStore } from "../support/failing_state_store.ts";

/** What one failing call leads to. */
interface Outcome {
  /** The store call that fails (the n-th of the request). */
  readonly call: string;
  readonly status: number;
  readonly code: string | undefined;
  readonly workRuns: number;
  readonly charged: bigint;
  /** The same payment presented again once the store answers: 200, or refused with this claim state. */
  readonly again: 200 | { readonly payment_state: string };
}

const OUTCOMES: Outcome[] = [
  { call: "takeToken", status: 503, code: "STATE_STORE_UNAVAILABLE", workRuns: 0, charged: 0n, again: 200 },
  { call: "claim", status: 503, code: "STATE_STORE_UNAVAILABLE", workRuns: 0, charged: 0n, again: 200 },
  {
    call: "put verified",
    status: 503,
    code: "STATE_STORE_UNAVAILABLE",
    workRuns: 0,
    charged: 0n,
    again: { payment_state: "verifying" },
  },
  {
    call: "put settling",
    status: 503,
    code: "STATE_STORE_UNAVAILABLE",
    workRuns: 1,
    charged: 0n,
    again: { payment_state: "verified" },
  },
  {
    call: "put settled",
    status: 200,
    code: undefined,
    workRuns: 1,
    charged: PRICE,
    again: { payment_state: "settling" },
  },
];

for (const [index, expected] of OUTCOMES.entries()) {
  const n = index + 1;
  const name = `the state store failing at call ${n} of a paid request (${expected.call}) answers ` +
    `${expected.status} and loses nothing`;
  harnessTest(name, async (h, payer, url) => {
    const state = h.state as FailingStateStore;
    const header = paymentHeader(await signedPayment(payer, url));
    state.calls.length = 0;
    state.fails = () => state.calls.length === n;
    const answer = await presentPayment(url, header);
    state.fails = () => false;
    const calls = state.calls.map(({ operation, value }) =>
      value === undefined || operation === "claim" ? operation : `${operation} ${value}`
    );
    assert.equal(calls[n - 1], expected.call);
    assert.equal(calls.length, n, `no store call after the failing one: ${calls}`);
    assert.equal(answer.status, expected.status);
    assert.equal((answer.body.error as { code?: string } | undefined)?.code, expected.code);
    if (expected.status === 503) {
      assert.equal(answer.headers.get("Retry-After"), "2");
      assert.equal(answer.headers.get("PAYMENT-REQUIRED"), null);
    } else {
      assert.equal(decodePaymentResponseHeader(answer.headers.get("PAYMENT-RESPONSE")!).success, true);
    }
    assert.equal(workRuns(h), expected.workRuns);
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE - expected.charged);
    // Once the store answers again, the claim says what happened to this payment.
    const again = await presentPayment(url, header);
    if (expected.again === 200) {
      assert.equal(again.status, 200);
    } else {
      assert.equal(replayState(again), expected.again.payment_state);
      // A new authorisation pays for the call as usual.
      assert.equal((await payer.pay(url)).status, 200);
    }
    // Charged exactly for the answers delivered: one after the failure, plus the first when it was a 200.
    const delivered = expected.status === 200 ? 2n : 1n;
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE - PRICE * delivered);
    assert.equal(h.facilitator.ledger.settledCount, Number(delivered));
  }, { serviceEnv: { RATE_LIMIT: "1000/min" }, state: () => new FailingStateStore(() => false) });
}
