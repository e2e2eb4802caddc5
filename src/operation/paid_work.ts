/**
 * A paid request that passed every free check (400, 404): what the payment gate prices, and the work that
 * runs only once the gate admits the request.
 */
import type { PricedOperation } from "../payments/payment_gate.ts";

/** A validated, servable request of a paid operation. */
export interface PaidWork {
  readonly operation: PricedOperation;
  /** Runs the remaining lookups and returns the JSON text of the 200 body. */
  run(): string;
}
