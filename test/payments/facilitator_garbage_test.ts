/**
 * A facilitator that answers garbage, end to end with the real client and the development facilitator's
 * ledger as the truth of what was charged (payment_e2e_test.ts covers one that is down, slow or answers
 * 500). Garbage to /verify is a 502 with Retry-After: nothing charged, the claim released, the same payment
 * buys the call once the facilitator is sound. Garbage or a lost connection at /settle leaves the outcome
 * unknown: 503 settlement-pending, the claim kept, and the payer charged at most once whatever happened.
 */
import assert from "node:assert/strict";
import {
  harnessTest,
  type PaymentHarness,
  PRICE,
  type ProxyFault,
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

/** Runs `body` against a fresh service and payer, with `fault` on the facilitator path `at`. */
function garbageTest(
  name: string,
  at: "/verify" | "/settle",
  fault: ProxyFault,
  body: (h: PaymentHarness, payer: Payer, url: string) => Promise<void>,
) {
  harnessTest(name, (h, payer, url) => {
    h.proxy.faults.set(at, fault);
    return body(h, payer, url);
  });
}

// What a broken facilitator or a proxy in front of it answers instead of a VerifyResponse.
const VERIFY_GARBAGE: [string, ProxyFault][] = [
  ["an HTML page with 200", { kind: "answer", status: 200, body: "<html><body>Bad Gateway</body></html>" }],
  ["an empty 200", { kind: "answer", status: 200, body: "" }],
  ["JSON of another shape with 200", { kind: "answer", status: 200, body: '{"ok":true,"valid":"yes"}' }],
  ["a JSON array with 200", { kind: "answer", status: 200, body: "[]" }],
  ["isValid that is not a boolean", { kind: "answer", status: 200, body: '{"isValid":"true"}' }],
  ["JSON null with 200", { kind: "answer", status: 200, body: "null" }],
  ["JSON that is no refusal with 503", { kind: "answer", status: 503, body: '{"error":"maintenance"}' }],
];

for (const [what, fault] of VERIFY_GARBAGE) {
  garbageTest(
    `a facilitator answering /verify with ${what} is a 502 with Retry-After; the payment stays usable`,
    "/verify",
    fault,
    async (h, payer, url) => {
      const header = paymentHeader(await signedPayment(payer, url));
      const answer = await presentPayment(url, header);
      assert.equal(answer.status, 502);
      assert.equal(answer.headers.get("Retry-After"), "5");
      assert.equal(answer.headers.get("PAYMENT-REQUIRED"), null);
      assert.equal(answer.body.type, "https://gpc-reference.dev/problems/facilitator-error");
      assert.equal(
        answer.body.detail,
        "The payment facilitator gave an unusable answer to verify; nothing was charged",
      );
      assert.equal(workRuns(h), 0);
      assert.equal(h.facilitator.ledger.settledCount, 0);
      // The claim was released: once the facilitator is sound, the same payment buys the call, once.
      h.proxy.faults.clear();
      assert.equal((await presentPayment(url, header)).status, 200);
      assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE - PRICE);
      assert.equal(workRuns(h), 1);
    },
  );
}

// [what happened, the fault, whether the facilitator settled (the transfer landed)]
const SETTLE_TROUBLE: [string, ProxyFault, boolean][] = [
  ["settled, then answered an HTML page", { kind: "garble", body: "<html>Gateway Timeout</html>" }, true],
  ["settled, then answered JSON of another shape", { kind: "garble", body: '{"status":"done"}' }, true],
  ["did not settle and answered an empty 200", { kind: "answer", status: 200, body: "" }, false],
  ["did not settle and answered success without a transaction", {
    kind: "answer",
    status: 200,
    body: '{"success":true}',
  }, false],
  ["did not settle and the connection was lost", { kind: "drop" }, false],
];

for (const [what, fault, landed] of SETTLE_TROUBLE) {
  garbageTest(
    `a facilitator that ${what} at /settle: 503 pending, the claim kept, charged ${
      landed ? "once" : "nothing"
    }`,
    "/settle",
    fault,
    async (h, payer, url) => {
      const header = paymentHeader(await signedPayment(payer, url));
      const pending = await presentPayment(url, header);
      assert.equal(pending.status, 503);
      assert.equal(pending.headers.get("PAYMENT-REQUIRED"), null);
      assert.equal(pending.headers.get("PAYMENT-RESPONSE"), null);
      assert.equal(pending.body.type, "https://gpc-reference.dev/problems/settlement-pending");
      const retryAfter = Number(pending.headers.get("Retry-After"));
      assert.ok(retryAfter >= 295 && retryAfter <= 302, `Retry-After ${retryAfter} reaches past validBefore`);
      assert.equal(workRuns(h), 1);
      assert.equal(h.facilitator.ledger.settledCount, landed ? 1 : 0);
      assert.equal(
        h.facilitator.ledger.balanceOf(payer.account.address),
        landed ? START_BALANCE - PRICE : START_BALANCE,
      );
      // The claim is kept: the same payment cannot buy a second call, even once the facilitator is sound.
      h.proxy.faults.clear();
      assert.equal(replayState(await presentPayment(url, header)), "pending");
      assert.equal(h.facilitator.ledger.settledCount, landed ? 1 : 0);
      // A new authorisation pays for the call as usual.
      assert.equal((await payer.pay(url)).status, 200);
      assert.equal(
        h.facilitator.ledger.balanceOf(payer.account.address),
        START_BALANCE - PRICE * (landed ? 2n : 1n),
      );
    },
  );
}
