/**
 * Idempotent retries with the x402 payment-identifier extension, end to end over real HTTP with the real
 * client (@x402/fetch appending its id as the extension's client example does) and the development
 * facilitator's ledger behind a recording proxy: every 402 advertises the extension (required: false); the
 * same id with the same request answers the kept answer again without a second settlement; the same id with
 * another request is a free 409; a call still being answered is a 409 to retry; an id whose call was not
 * charged may pay again; a state store that fails is a 503, nothing charged.
 */
import assert from "node:assert/strict";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "npm:@x402/core@2.27.0/http";
import { declarePaymentIdentifierExtension } from "npm:@x402/extensions@2.27.0/payment-identifier";
import {
  harnessTest,
  type PaymentHarness,
  PRICE,
  START_BALANCE,
  workRuns,
} from "../support/payment_harness.ts";
import { newPayer, paymentHeader, presentPayment, signedPayment } from "../support/payment_client.ts";
import { loadShopperCatalog, PAID_OPERATIONS, servableTarget } from "../support/paid_requests.ts";
import { FailingStateStore } from "../support/failing_state_store.ts";

const ID = "pay_7d5d747be160e280504c099d984bcfe0";
const OTHER_QUERY = "/v1/reference/classify?browse_id=16318751";

/** How many times the facilitator was asked to `call` (verify, settle). */
const asked = (h: PaymentHarness, call: string) => h.proxy.sent.get(`/${call}`)?.length ?? 0;

harnessTest(
  "every paid operation's 402 advertises the payment-identifier extension, not required",
  async (h) => {
    await loadShopperCatalog(h.store);
    for (const operation of PAID_OPERATIONS) {
      const response = await fetch(h.url + servableTarget(operation));
      await response.body?.cancel();
      assert.equal(response.status, 402, operation);
      const challenge = decodePaymentRequiredHeader(response.headers.get("PAYMENT-REQUIRED")!);
      assert.deepEqual(challenge.extensions!["payment-identifier"], declarePaymentIdentifierExtension(false));
    }
  },
);

harnessTest(
  "a retry signed anew with the same id and request gets the kept answer: one settlement, one charge",
  async (h, _payer, url) => {
    const payer = newPayer(ID);
    const first = await payer.pay(url);
    const firstBody = await first.text();
    assert.equal(first.status, 200);
    const retry = await payer.pay(url);
    assert.equal(retry.status, 200);
    assert.equal(await retry.text(), firstBody);
    assert.equal(retry.headers.get("PAYMENT-RESPONSE"), first.headers.get("PAYMENT-RESPONSE"));
    assert.equal(decodePaymentResponseHeader(retry.headers.get("PAYMENT-RESPONSE")!).success, true);
    assert.equal(retry.headers.get("Content-Type"), "application/json");
    assert.equal(retry.headers.get("X-GPC-Release"), first.headers.get("X-GPC-Release"));
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE - PRICE);
    assert.equal(h.facilitator.ledger.settledCount, 1);
    assert.equal(asked(h, "settle"), 1);
    // The retry's new authorisation was verified (it proves the payer's key) but neither claimed nor spent.
    assert.equal(asked(h, "verify"), 2);
    assert.equal(workRuns(h), 1);
  },
);

harnessTest(
  "the very credential that paid, sent again, gets the kept answer without asking the facilitator",
  async (h, payer, url) => {
    const header = paymentHeader(await signedPayment(payer, url, undefined, ID));
    const first = await presentPayment(url, header);
    const again = await presentPayment(url, header);
    assert.equal(first.status, 200);
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, first.body);
    assert.equal(again.headers.get("PAYMENT-RESPONSE"), first.headers.get("PAYMENT-RESPONSE"));
    assert.equal(asked(h, "verify"), 1);
    assert.equal(asked(h, "settle"), 1);
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE - PRICE);
  },
);

harnessTest(
  "the same id with another request is a free 409 PAYMENT_ID_REUSED, nothing claimed, verified or charged",
  async (h, _payer, url) => {
    const payer = newPayer(ID);
    assert.equal((await payer.pay(url)).status, 200);
    const other = `${h.url}${OTHER_QUERY}`;
    const header = paymentHeader(await signedPayment(payer, other, undefined, ID));
    const answer = await presentPayment(other, header);
    assert.equal(answer.status, 409);
    assert.equal(answer.headers.get("PAYMENT-REQUIRED"), null);
    assert.equal(answer.headers.get("Content-Type"), "application/problem+json");
    assert.deepEqual(answer.body, {
      type: "https://gpc-reference.dev/problems/payment-id-reused",
      title: "Conflict",
      status: 409,
      detail: "This payment identifier paid for another request; use a new identifier for a new request",
      instance: OTHER_QUERY,
      error: {
        code: "PAYMENT_ID_REUSED",
        message: "This payment identifier paid for another request; use a new identifier for a new request",
        details: {},
      },
    });
    assert.equal(asked(h, "verify"), 1);
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE - PRICE);
    // Its authorisation was never claimed: without the id it buys that other request.
    const { extensions: _, ...plain } = await signedPayment(payer, other);
    assert.equal((await presentPayment(other, paymentHeader(plain))).status, 200);
  },
);

harnessTest(
  "another pin of the release is another request for an id: 409 PAYMENT_ID_REUSED",
  async (h, _payer, url) => {
    const payer = newPayer(ID);
    assert.equal((await payer.pay(url)).status, 200);
    const pinned = await payer.pay(url, { headers: { "X-GPC-Release": "v20241202" } });
    assert.equal(pinned.status, 409);
    assert.equal((await pinned.json()).error.code, "PAYMENT_ID_REUSED");
    assert.equal(h.facilitator.ledger.settledCount, 1);
  },
);

harnessTest(
  "a retry while the id's call is still being answered is 409 PAYMENT_ID_IN_USE with Retry-After, then the kept answer",
  async (h, payer, url) => {
    h.proxy.faults.set("/settle", { kind: "delay", ms: 1500 });
    const first = presentPayment(url, paymentHeader(await signedPayment(payer, url, undefined, ID)));
    for (let i = 0; i < 250 && asked(h, "settle") === 0; i++) await new Promise((r) => setTimeout(r, 20));
    const retry = paymentHeader(await signedPayment(payer, url, undefined, ID));
    const busy = await presentPayment(url, retry);
    assert.equal(busy.status, 409);
    assert.equal(busy.headers.get("Retry-After"), "1");
    assert.equal((busy.body.error as { code: string }).code, "PAYMENT_ID_IN_USE");
    const answered = await first;
    assert.equal(answered.status, 200);
    const kept = await presentPayment(url, retry);
    assert.equal(kept.status, 200);
    assert.deepEqual(kept.body, answered.body);
    assert.equal(h.facilitator.ledger.settledCount, 1);
  },
);

harnessTest(
  "an id whose payment failed verification may pay again: the call is charged once",
  async (h, payer, url) => {
    const signed = await signedPayment(payer, url, undefined, ID);
    const forged = { ...signed, payload: { ...signed.payload, signature: `0x${"1b".repeat(65)}` } };
    assert.equal((await presentPayment(url, paymentHeader(forged))).status, 402);
    const paid = await presentPayment(url, paymentHeader(signed));
    assert.equal(paid.status, 200);
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE - PRICE);
  },
);

harnessTest(
  "a retry signed by another key under the payer's address is refused, never given the kept answer",
  async (h, payer, url) => {
    assert.equal(
      (await presentPayment(url, paymentHeader(await signedPayment(payer, url, undefined, ID)))).status,
      200,
    );
    // Another key signs, and the payload claims the payer's address: the facilitator's verification refuses it.
    const thief = newPayer();
    const stolen = await signedPayment(thief, url, undefined, ID);
    const authorization = (stolen.payload as { authorization: Record<string, string> }).authorization;
    const claimed = { ...stolen.payload, authorization: { ...authorization, from: payer.account.address } };
    const answer = await presentPayment(url, paymentHeader({ ...stolen, payload: claimed }));
    assert.equal(answer.status, 402);
    assert.equal(answer.body.type, "https://paymentauth.org/problems/verification-failed");
    assert.equal(h.facilitator.ledger.settledCount, 1);
  },
);

harnessTest(
  "a state store that cannot read the id is 503 STATE_STORE_UNAVAILABLE, nothing claimed or charged",
  async (h, payer, url) => {
    const state = h.state as FailingStateStore;
    const header = paymentHeader(await signedPayment(payer, url, undefined, ID));
    state.fails = (call) => call.operation === "read" && call.key.startsWith("x402-payment-id:");
    const answer = await presentPayment(url, header);
    assert.equal(answer.status, 503);
    assert.equal(answer.headers.get("Retry-After"), "2");
    assert.equal((answer.body.error as { code: string }).code, "STATE_STORE_UNAVAILABLE");
    assert.equal(asked(h, "verify"), 0);
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE);
    state.fails = () => false;
    assert.equal((await presentPayment(url, header)).status, 200);
  },
  { state: () => new FailingStateStore(() => false) },
);

harnessTest(
  "an id whose work failed (500, not settled) is released: the retry with the same id is paid once",
  async (h, payer, url) => {
    const header = paymentHeader(await signedPayment(payer, url, undefined, ID));
    h.store.failing.add("browse:18776870011");
    assert.equal((await presentPayment(url, header)).status, 500);
    h.store.failing.clear();
    const retry = await presentPayment(url, paymentHeader(await signedPayment(payer, url, undefined, ID)));
    assert.equal(retry.status, 200);
    assert.equal(h.facilitator.ledger.settledCount, 1);
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE - PRICE);
  },
);
