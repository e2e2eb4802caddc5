import assert from "node:assert/strict";
import { decodePaymentRequiredHeader, encodePaymentRequiredHeader } from "npm:@x402/core@2.27.0/http";
import type { PaymentRequired } from "npm:@x402/core@2.27.0/types";
import { base64Json } from "../../src/payments/x402_challenges.ts";
import { bazaarExtensions } from "../../src/payments/bazaar_extension.ts";
import { operationDiscovery } from "../../src/contract/operation_discovery.ts";
import { PAYMENT_IDENTIFIER_DECLARATION } from "../../src/payments/payment_identifier.ts";

/** A challenge naming `url`, with every paid operation's extensions. */
function challenge(url: string, description: string): PaymentRequired {
  return {
    x402Version: 2,
    error: "Payment required",
    resource: { url, description, mimeType: "application/json" },
    accepts: [{
      scheme: "exact",
      network: "eip155:84532",
      amount: "1000",
      asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
      payTo: "0x000000000000000000000000000000000000dEaD",
      maxTimeoutSeconds: 300,
      extra: { name: "USDC", version: "2" },
    }],
    extensions: {
      ...bazaarExtensions(operationDiscovery("getPriceDropAlerts")!),
      ...PAYMENT_IDENTIFIER_DECLARATION,
    },
  };
}

const CASES: [string, PaymentRequired][] = [
  [
    "an ASCII challenge",
    challenge("https://gpc.example.com/v1/reference/classify?q=caf%C3%A9", "classify: 1 item"),
  ],
  ["a challenge with text outside ASCII", challenge("https://gpc.example.com/v1/x", "café, 𝔟 and a tab\t")],
];

for (const [name, required] of CASES) {
  Deno.test(`the PAYMENT-REQUIRED of ${name} is what @x402/core encodes, and decodes to the challenge`, () => {
    const header = base64Json(required);
    assert.equal(header, encodePaymentRequiredHeader(required));
    assert.deepEqual(decodePaymentRequiredHeader(header), required);
  });
}
