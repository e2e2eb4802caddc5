/**
 * Discovery end to end: the real x402 client pays each paid operation, the facilitator gets the payment the
 * gate forwards, and the facilitator side of @x402/extensions (what a facilitator runs to catalog a resource)
 * lists the operation from it, its declaration validated by Ajv against real queries and answers.
 */
import assert from "node:assert/strict";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "npm:@x402/core@2.27.0/http";
import type { PaymentPayload, PaymentRequirements } from "npm:@x402/core@2.27.0/types";
import { extractDiscoveryInfo, validateDiscoveryExtension } from "npm:@x402/extensions@2.27.0/bazaar";
import { resetAssetContractCache } from "npm:@x402/evm@2.27.0";
import { type PaymentHarness, startPaymentHarness } from "../support/payment_harness.ts";
import { newPayer, paymentHeader, presentPayment, signedPayment } from "../support/payment_client.ts";
import { loadShopperCatalog, PAID_OPERATIONS, servableTarget } from "../support/paid_requests.ts";
import { bazaarExtensions } from "../../src/payments/bazaar_extension.ts";
import { operationDiscovery } from "../../src/contract/operation_discovery.ts";

const PUBLIC_URL = "https://gpc.example.com/api";

// deno-lint-ignore no-explicit-any
type Json = any;

/** What the facilitator was sent last on `path`. */
function lastSent(h: PaymentHarness, path: "/verify" | "/settle") {
  const sent = h.proxy.sent.get(path) ?? [];
  return sent.at(-1) as { paymentPayload: PaymentPayload; paymentRequirements: PaymentRequirements };
}

function discoveryTest(name: string, body: (h: PaymentHarness) => Promise<void>) {
  Deno.test(name, async () => {
    resetAssetContractCache();
    const h = await startPaymentHarness({ PUBLIC_URL });
    try {
      await loadShopperCatalog(h.store);
      await body(h);
    } finally {
      await h.close();
    }
  });
}

discoveryTest("a paid call of every paid operation lists it in the facilitator's discovery", async (h) => {
  const payer = newPayer();
  for (const operation of PAID_OPERATIONS) {
    const target = servableTarget(operation);
    const response = await payer.pay(h.url + target);
    const body = await response.json();
    assert.equal(response.status, 200, `${operation}: ${JSON.stringify(body)}`);
    const declared = bazaarExtensions(operationDiscovery(operation)!);
    for (const path of ["/verify", "/settle"] as const) {
      const { paymentPayload, paymentRequirements } = lastSent(h, path);
      assert.deepEqual(paymentPayload.extensions, declared);
      const discovered = extractDiscoveryInfo(paymentPayload, paymentRequirements);
      assert.ok(discovered !== null, `${operation}: the facilitator cannot catalog the payment`);
      const url = new URL(PUBLIC_URL + target);
      assert.deepEqual(
        { ...discovered, extensions: undefined },
        {
          resourceUrl: `https://gpc.example.com${url.pathname}`,
          description: `${operation}: 1 item`,
          mimeType: "application/json",
          x402Version: 2,
          discoveryInfo: (declared.bazaar as Json).info,
          extensions: undefined,
          routeTemplate: undefined,
          method: "GET",
        },
      );
    }
    // The declaration holds this very query and answer: what the schemas declare is what is served.
    const { info, schema } = declared.bazaar as Json;
    const served = {
      input: { ...info.input, queryParams: Object.fromEntries(new URL(h.url + target).searchParams) },
      output: { ...info.output, example: body },
    };
    assert.deepEqual(validateDiscoveryExtension({ info: served, schema }), { valid: true }, operation);
    const unknown = { ...served, input: { ...served.input, queryParams: { nope: "1" } } };
    assert.equal(validateDiscoveryExtension({ info: unknown, schema }).valid, false, operation);
  }
});

discoveryTest(
  "a payment echoing an altered discovery extension reaches the facilitator with the service's own",
  async (h) => {
    const target = servableTarget("getBestPrice");
    const required = decodePaymentRequiredHeader(
      (await fetch(h.url + target).then(async (response) => {
        await response.body?.cancel();
        return response;
      })).headers.get("PAYMENT-REQUIRED")!,
    );
    const signed = await newPayer().client.createPaymentPayload(required);
    const altered = {
      ...signed,
      extensions: {
        bazaar: { info: { input: { type: "http", method: "POST" } }, schema: {}, rogue: "x".repeat(900) },
      },
    };
    const answer = await presentPayment(h.url + target, encodePaymentSignatureHeader(altered));
    assert.equal(answer.status, 200);
    // The service's own discovery declaration, and nothing else of what the client sent.
    const declared = { bazaar: required.extensions!.bazaar };
    assert.deepEqual(lastSent(h, "/verify").paymentPayload.extensions, declared);
    assert.deepEqual(lastSent(h, "/settle").paymentPayload.extensions, declared);
  },
);

discoveryTest(
  "a payment that does not echo the discovery extension reaches the facilitator without one",
  async (h) => {
    const url = h.url + servableTarget("classifyBrowseNodes");
    const answer = await presentPayment(url, paymentHeader(await signedPayment(newPayer(), url)));
    assert.equal(answer.status, 200);
    assert.equal(lastSent(h, "/verify").paymentPayload.extensions, undefined);
    assert.equal(lastSent(h, "/settle").paymentPayload.extensions, undefined);
  },
);
