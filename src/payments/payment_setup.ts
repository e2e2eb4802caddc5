/**
 * Builds the x402 payment gate from the payment configuration (PAYMENTS=on; with PAYMENTS=off the runtime
 * uses `freeGate` and never calls this).
 *
 * The gate talks to its facilitator through @x402/core's HTTPFacilitatorClient: the one at FACILITATOR_URL,
 * or, when that is unset, the development facilitator started here on 127.0.0.1 (a test ledger, Base
 * Sepolia only). Verify and settle get their own timeouts: verification is a check, settlement waits for a
 * transfer to land.
 */
import { HTTPFacilitatorClient, x402ResourceServer } from "npm:@x402/core@2.27.0/server";
import type { FacilitatorClient } from "npm:@x402/core@2.27.0/server";
import { ExactEvmScheme } from "npm:@x402/evm@2.27.0/exact/server";
import type { PaymentGate } from "./payment_gate.ts";
import { DEV_STARTING_BALANCE, type DevFacilitator, startDevFacilitator } from "./dev_facilitator.ts";
import { formatAmount, type PaymentConfig } from "./payment_config.ts";
import { PaymentClaims } from "./payment_claims.ts";
import type { StateStore } from "../state/state_store.ts";
import { createX402Gate, type PaymentLog, UnsupportedNetworkError } from "./x402_gate.ts";
import { facilitatorCall } from "./facilitator_trouble.ts";
import { SettlementsInFlight, type StopSettlements } from "./settlements_in_flight.ts";
import type { DiscoveryOf } from "./bazaar_extension.ts";
import { safeMessage } from "../log/error_message.ts";

/** What the payment gate is built from besides its configuration. */
export interface PaymentDeps {
  /** Shared state for payment claims (replay protection), the same store as rate limiting. */
  readonly state: StateStore;
  readonly log: PaymentLog;
  /**
   * The address the service listens on once bound (see `listenUrl`): the resource challenges name when
   * PUBLIC_URL is unset, which only the development setup allows.
   */
  readonly listenUrl?: () => string;
  /** The discovery metadata of each paid operation, for its challenges (built from its schemas). */
  readonly discovery: DiscoveryOf;
  /** Clock in ms, for tests. */
  readonly now?: () => number;
}

/** The payment facts for the OpenAPI document and the start-up log. */
export interface PaymentDescription {
  readonly protocol: "x402";
  readonly x402_version: 2;
  readonly scheme: "exact";
  readonly network: string;
  readonly asset: {
    readonly address: string;
    readonly name: string;
    readonly version: string;
    readonly decimals: number;
  };
  readonly currency: string;
  readonly pay_to: string;
  /** The facilitator URL, or "development" for the local test-ledger facilitator. */
  readonly facilitator: string;
  /** Decimal prices by operation: per call and per item. */
  readonly prices: Readonly<Record<string, { readonly per_call: string; readonly per_item: string }>>;
  readonly max_timeout_seconds: number;
  /** The x402 payment-identifier extension: declared not required; how long an id's answer is kept. */
  readonly payment_identifier: { readonly required: false; readonly kept_seconds: number };
}

/** A built payment gate and what goes with it. */
export interface PaymentSetup {
  readonly gate: PaymentGate;
  /** Resolves once the facilitator has answered (readiness); retried on the next call after a failure. */
  ready(): Promise<void>;
  /** The settlements, as a stop sees them (main.ts). */
  readonly settlements: StopSettlements;
  /** Stops the development facilitator, if one was started. */
  close(): Promise<void>;
  describe(): PaymentDescription;
}

/**
 * Builds the gate. A facilitator that is not reachable yet is retried on the first requests; one that does
 * not support the configured network rejects (start-up should stop).
 */
export async function createPaymentGate(config: PaymentConfig, deps: PaymentDeps): Promise<PaymentSetup> {
  const { log } = deps;
  const configured = config.publicUrl;
  const publicUrl = configured === null ? deps.listenUrl : () => configured;
  if (publicUrl === undefined) throw new Error("PUBLIC_URL is unset and no listen address was given");
  let development: DevFacilitator | undefined;
  let url = config.facilitatorUrl;
  if (url === null) {
    development = startDevFacilitator({ network: config.network, asset: config.asset });
    url = development.url;
    log("warn", "payments use the DEVELOPMENT facilitator: an in-memory test ledger, no real funds move", {
      facilitator: url,
      network: config.network,
      asset: config.asset.address,
      test_balance: `every address starts with ${DEV_STARTING_BALANCE} test ${config.asset.symbol}`,
    });
  }
  const verifier = new HTTPFacilitatorClient({ url, timeoutMs: config.verifyTimeoutMs });
  const settler = new HTTPFacilitatorClient({ url, timeoutMs: config.settleTimeoutMs });
  // The credential reaching verify and settle was bounded by decodePayment (size, depth, strict schema), so
  // what these calls throw is the facilitator's: the network, its timeout or its answer.
  const facilitator: FacilitatorClient = {
    verify: (payload, requirements) =>
      facilitatorCall("verify", () => verifier.verify(payload, requirements)),
    settle: (payload, requirements) => facilitatorCall("settle", () => settler.settle(payload, requirements)),
    getSupported: () => facilitatorCall("supported", () => verifier.getSupported()),
  };
  const server = new x402ResourceServer(facilitator).register(config.network, new ExactEvmScheme());
  const settlements = new SettlementsInFlight();
  const gate = createX402Gate({
    config,
    server,
    settlements,
    claims: new PaymentClaims(deps.state, deps.now),
    log,
    publicUrl,
    discovery: deps.discovery,
    ...(deps.now === undefined ? {} : { now: deps.now }),
  });
  try {
    await gate.ready();
  } catch (error) {
    if (error instanceof UnsupportedNetworkError) {
      await development?.close();
      throw error;
    }
    log("warn", "payment facilitator not reachable at start-up; paid operations answer 503 until it is", {
      facilitator: url,
      error: safeMessage(error),
    });
  }
  const description: PaymentDescription = Object.freeze({
    protocol: "x402",
    x402_version: 2,
    scheme: "exact",
    network: config.network,
    asset: {
      address: config.asset.address,
      name: config.asset.name,
      version: config.asset.version,
      decimals: config.asset.decimals,
    },
    currency: config.asset.symbol,
    pay_to: config.payTo,
    facilitator: development === undefined ? url : "development",
    prices: Object.fromEntries(
      Object.entries(config.prices).map(([operation, price]) => [operation, {
        per_call: formatAmount(price.perCall, config.asset.decimals),
        per_item: formatAmount(price.perItem, config.asset.decimals),
      }]),
    ),
    max_timeout_seconds: config.maxTimeoutSeconds,
    payment_identifier: { required: false as const, kept_seconds: config.paymentIdTtlSeconds },
  });
  return {
    gate,
    ready: () => gate.ready(),
    settlements,
    close: async () => {
      await development?.close();
    },
    describe: () => description,
  };
}
