/**
 * Builds the payment gate from the configuration: the one place main.ts gets its gate from.
 *
 * PAYMENTS=off serves every request free. PAYMENTS=on needs the x402 gate, which this file will build
 * (its own variables are read here, from the environment snapshot main.ts passes); until it does, start-up
 * stops with a clear error instead of serving paid operations for free.
 */
import type { Config } from "./config.ts";
import { freeGate, type PaymentGate } from "./payment_gate.ts";
import type { StateStore } from "./state_store.ts";

/** What the payment gate may use besides the runtime configuration. */
export interface PaymentSetup {
  /** The environment as main.ts read it once, for the gate's own variables. */
  readonly env: Readonly<Record<string, string>>;
  /** Shared state for payment claims (replay protection). */
  readonly state: StateStore;
}

/** A payment configuration the runtime cannot start with. */
export class PaymentSetupError extends Error {
  override readonly name = "PaymentSetupError";
}

/** The gate for `config.payments`. */
export function createPaymentGate(config: Config, _setup: PaymentSetup): Promise<PaymentGate> {
  if (config.payments === "off") return Promise.resolve(freeGate);
  return Promise.reject(
    new PaymentSetupError("payments are not configured: set PAYMENTS=off to serve every operation free"),
  );
}
