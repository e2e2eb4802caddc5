/**
 * A paid request that passed every free check (400, 404): what the payment gate prices, and the work that
 * runs only once the gate admits the request.
 */
import type { KeptBody } from "./kept_body.ts";

/** A paid operation, as priced by the gate. */
export interface PricedOperation {
  /** Operation name, e.g. "classifyBrowseNodes". */
  readonly operation: string;
  /** Number of items the request asks for (ids, phrases or codes), for per-item pricing. */
  readonly items: number;
}

/** A validated, servable request of a paid operation. */
export interface PaidWork {
  readonly operation: PricedOperation;
  /**
   * Runs the remaining lookups and returns the JSON text of the 200 body, or the body kept for the one item
   * asked (the same object for every request of that item).
   */
  run(): string | KeptBody;
  /**
   * True when this same work may answer every later request with the same path and query on the same store
   * (work_memo.ts): `run` reads nothing but the store, what the work holds and the clock it was given, and
   * the work holds nothing large of its own.
   */
  readonly reusable?: boolean;
}
