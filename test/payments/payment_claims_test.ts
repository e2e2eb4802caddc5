import assert from "node:assert/strict";
import {
  CLAIM_SKEW_MS,
  claimKey,
  PaymentClaims,
  type PaymentIdentity,
} from "../../src/payments/payment_claims.ts";
import { MemoryStateStore } from "../../src/state/memory_state_store.ts";

const NOW_MS = 1_800_000_000_000;
const PAYMENT: PaymentIdentity = {
  network: "eip155:84532",
  asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
  from: "0x6ef6d44e18B44860F6e2bafF4ece79b6F57d89c0",
  nonce: "0xAB00000000000000000000000000000000000000000000000000000000000001",
  validBefore: NOW_MS / 1000 + 300,
};

function claimsAt(clock: { now: number }) {
  return new PaymentClaims(new MemoryStateStore(), () => clock.now);
}

Deno.test("a claim key names network, asset, payer and nonce in lower case", () => {
  assert.equal(
    claimKey(PAYMENT),
    "x402-claim:eip155:84532:0x036cbd53842c5426634e7929541ec2318f3dcf7e:" +
      "0x6ef6d44e18b44860f6e2baff4ece79b6f57d89c0:" +
      "0xab00000000000000000000000000000000000000000000000000000000000001",
  );
});

Deno.test("the first claim of a payment wins and a duplicate, in any spelling, loses", async () => {
  const claims = claimsAt({ now: NOW_MS });
  assert.equal(await claims.claim(PAYMENT), true);
  assert.equal(await claims.claim({ ...PAYMENT, from: PAYMENT.from.toLowerCase() }), false);
  assert.equal(await claims.state(PAYMENT), "verifying");
});

Deno.test("concurrent claims of one payment: exactly one wins", async () => {
  const claims = claimsAt({ now: NOW_MS });
  const wins = await Promise.all(Array.from({ length: 8 }, () => claims.claim(PAYMENT)));
  assert.deepEqual(wins.filter(Boolean).length, 1);
});

Deno.test("a released claim (failed verification or failed work) can be claimed again", async () => {
  const claims = claimsAt({ now: NOW_MS });
  await claims.claim(PAYMENT);
  await claims.release(PAYMENT);
  assert.equal(await claims.state(PAYMENT), undefined);
  assert.equal(await claims.claim(PAYMENT), true);
});

Deno.test("a settled claim is kept and refuses the payment until validBefore plus the skew margin", async () => {
  const clock = { now: NOW_MS };
  const claims = claimsAt(clock);
  await claims.claim(PAYMENT);
  await claims.mark(PAYMENT, "settled");
  clock.now = PAYMENT.validBefore * 1000 + CLAIM_SKEW_MS - 1;
  assert.equal(await claims.state(PAYMENT), "settled");
  assert.equal(await claims.claim(PAYMENT), false);
  clock.now = PAYMENT.validBefore * 1000 + CLAIM_SKEW_MS;
  assert.equal(await claims.state(PAYMENT), undefined);
  assert.equal(await claims.claim(PAYMENT), true);
});

Deno.test("a pending settlement keeps its claim", async () => {
  const claims = claimsAt({ now: NOW_MS });
  await claims.claim(PAYMENT);
  await claims.mark(PAYMENT, "settling");
  await claims.mark(PAYMENT, "pending");
  assert.equal(await claims.state(PAYMENT), "pending");
  assert.equal(await claims.claim(PAYMENT), false);
});

Deno.test("claims of different nonces of one payer are independent", async () => {
  const claims = claimsAt({ now: NOW_MS });
  assert.equal(await claims.claim(PAYMENT), true);
  assert.equal(await claims.claim({ ...PAYMENT, nonce: PAYMENT.nonce.replace(/1$/, "2") }), true);
});
