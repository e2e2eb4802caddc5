/**
 * A payment buys exactly the request it was made out for, over real HTTP against the development facilitator
 * behind a recording proxy: a credential whose `resource` is not the challenge resource of the request it
 * comes with is a free 402 PAYMENT_RESOURCE_MISMATCH with a fresh challenge, never claimed, verified or
 * settled; and the facilitator only ever receives the service's own resource and requirements.
 */
import assert from "node:assert/strict";
import { decodePaymentRequiredHeader } from "npm:@x402/core@2.27.0/http";
import type { PaymentPayload } from "npm:@x402/core@2.27.0/types";
import {
  harnessTest,
  type PaymentHarness,
  PRICE,
  START_BALANCE,
  workRuns,
} from "../support/payment_harness.ts";
import { paymentHeader, presentPayment, signedPayment } from "../support/payment_client.ts";
import { bazaarExtensions } from "../../src/payments/bazaar_extension.ts";
import { operationDiscovery } from "../../src/contract/operation_discovery.ts";

const MISMATCH = "https://paymentauth.org/problems/invalid-challenge";

/** The answer to `header` at `url`: a 402 PAYMENT_RESOURCE_MISMATCH naming `mismatched`, with `url`'s challenge. */
async function assertMismatch(url: string, header: string, mismatched: string[]): Promise<void> {
  const answer = await presentPayment(url, header);
  assert.equal(answer.status, 402);
  assert.equal(answer.body.type, MISMATCH);
  const error = answer.body.error as { code: string; details: Record<string, unknown> };
  assert.equal(error.code, "PAYMENT_RESOURCE_MISMATCH");
  assert.deepEqual(error.details.mismatched, mismatched);
  assert.equal(error.details.resource, url);
  const challenge = decodePaymentRequiredHeader(answer.headers.get("PAYMENT-REQUIRED")!);
  assert.equal(challenge.resource.url, url);
  assert.equal(challenge.error, "resource-mismatch");
}

/** Nothing was verified, settled or charged, and the work never ran. */
function assertUntouched(h: PaymentHarness, payer: { account: { address: string } }): void {
  assert.equal(h.proxy.sent.get("/verify"), undefined);
  assert.equal(h.proxy.sent.get("/settle"), undefined);
  assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE);
  assert.equal(workRuns(h), 0);
}

harnessTest(
  "a payment signed for one request buys no other: a free 402 PAYMENT_RESOURCE_MISMATCH, then it buys its own",
  async (h, payer, url) => {
    const own = `${h.url}/v1/reference/classify?browse_id=16318751`;
    const signed = await signedPayment(payer, own);
    const header = paymentHeader(signed);
    // The same price elsewhere: another operation, another query of the same operation.
    await assertMismatch(`${h.url}/v1/reference/brick-attributes?gpc_code=10000155`, header, [
      "url",
      "description",
    ]);
    await assertMismatch(url, header, ["url", "description"]);
    assertUntouched(h, payer);
    // Never claimed: it still buys the request it was made out for.
    const answer = await presentPayment(own, header);
    assert.equal(answer.status, 200);
    assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE - PRICE);
  },
);

harnessTest(
  "a credential naming another site's resource is refused before the facilitator hears of it",
  async (h, payer, url) => {
    const signed = await signedPayment(payer, url);
    const evil = { ...signed, resource: { ...signed.resource!, url: "https://evil.example/free-gpc" } };
    await assertMismatch(url, paymentHeader(evil), ["url"]);
    const retitled = { ...signed, resource: { ...signed.resource!, description: "free GPC lookups" } };
    await assertMismatch(url, paymentHeader(retitled), ["description"]);
    assertUntouched(h, payer);
  },
);

harnessTest("a credential naming no resource is refused as a mismatch", async (h, payer, url) => {
  const { resource: _, ...anonymous } = await signedPayment(payer, url);
  await assertMismatch(url, paymentHeader(anonymous as PaymentPayload), ["url", "description", "mimeType"]);
  assertUntouched(h, payer);
});

harnessTest(
  "the facilitator receives the service's own resource, requirements and discovery declaration, nothing else",
  async (h, payer, url) => {
    const challenge = decodePaymentRequiredHeader((await fetch(url)).headers.get("PAYMENT-REQUIRED")!);
    const signed = await signedPayment(payer, url);
    // What a client may add and have ignored: its own echo of the discovery declaration.
    const echo = { bazaar: { info: { input: { type: "http", method: "GET" } }, schema: { x: "made up" } } };
    const answer = await presentPayment(url, paymentHeader({ ...signed, extensions: echo }));
    assert.equal(answer.status, 200);
    for (const call of ["/verify", "/settle"]) {
      const [sent] = h.proxy.sent.get(call) as [
        { paymentPayload: PaymentPayload; paymentRequirements: unknown },
      ];
      assert.deepEqual(sent.paymentPayload.resource, challenge.resource, call);
      assert.deepEqual(sent.paymentPayload.accepted, challenge.accepts[0], call);
      assert.deepEqual(sent.paymentRequirements, challenge.accepts[0], call);
      assert.deepEqual(sent.paymentPayload.payload, signed.payload, call);
      assert.deepEqual(
        sent.paymentPayload.extensions,
        bazaarExtensions(operationDiscovery("classifyBrowseNodes")!),
      );
    }
  },
);
