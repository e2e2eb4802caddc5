/** The OpenAPI document of a deployment with payments and the rate limit on or off, for OpenAPI tests. */
import { readConfig } from "../../src/config.ts";
import { openApiDocument } from "../../src/contract/openapi.ts";
import type { PaymentDescription } from "../../src/payments/payment_setup.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

/** What createPaymentGate describes for the development setup (payment_setup's describe()). */
export const DEV_PAYMENT: PaymentDescription = {
  protocol: "x402",
  x402_version: 2,
  scheme: "exact",
  network: "eip155:84532",
  asset: { address: "0x036CbD53842c5426634e7929541eC2318f3dCF7e", name: "USDC", version: "2", decimals: 6 },
  currency: "USDC",
  pay_to: "0x000000000000000000000000000000000000dEaD",
  facilitator: "development",
  prices: {
    classifyBrowseNodes: { per_call: "0.001", per_item: "0" },
    getBrickAttributes: { per_call: "0.001", per_item: "0" },
    getBestPrice: { per_call: "0.01", per_item: "0" },
    findDeals: { per_call: "0.01", per_item: "0" },
    getPriceDropAlerts: { per_call: "0.01", per_item: "0" },
    getCompetitiveLandscape: { per_call: "0.05", per_item: "0" },
    getBrandTracker: { per_call: "0.05", per_item: "0" },
    getShareOfShelf: { per_call: "0.05", per_item: "0" },
    getInflationIndex: { per_call: "0.08", per_item: "0" },
    getPriceDispersion: { per_call: "0.08", per_item: "0" },
  },
  max_timeout_seconds: 300,
  payment_identifier: { required: false, kept_seconds: 3600 },
};

/** The document of a deployment with payments and the rate limit on or off, its state in-process or in Redis. */
export function documentOf(payments: boolean, rateLimit: boolean, redis = false): Json {
  const config = readConfig({
    PAYMENTS: payments ? "on" : "off",
    RATE_LIMIT: rateLimit ? "120/min" : "off",
    STATE_STORE: redis ? "redis://127.0.0.1:6379" : "memory",
  });
  return openApiDocument(config, ["v20241202"], payments ? DEV_PAYMENT : undefined);
}
