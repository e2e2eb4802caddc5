/**
 * The payment seam: where the handler asks for payment, after validation and before any work.
 *
 * Order per request: route → validate (400) → unservable (404) → `gate.admit` → work → `admission.settle`.
 * A request that ends in 400/404 never reaches the gate, so it never carries a challenge. When the work
 * fails the handler calls `admission.abandon()` instead of settling: nothing is charged for failed work.
 */
import type { PricedOperation } from "../operation/paid_work.ts";
import type { RequestTarget } from "../operation/request_target.ts";

/** An answer of the gate as data; the handler adds its own headers and builds the Response once. */
export interface GateAnswer {
  readonly status: number;
  readonly body: string;
  readonly headers: [string, string][];
  /** Given to many requests as this same object (a kept 402): the handler builds its Response once. */
  readonly shared?: boolean;
}

/** The gate's answer for one request. */
export type Admission =
  /** Payment is off or not needed: do the work and answer as is. */
  | { readonly kind: "free" }
  /** The gate answers instead of the work (402 challenge, 402 failure, 502/503 facilitator trouble). */
  | { readonly kind: "respond"; readonly response: Response | GateAnswer }
  /** Paid and verified: do the work, then `settle` with the successful response, or `abandon` on failure. */
  | {
    readonly kind: "paid";
    /** Settles the payment and returns the response to send (with PAYMENT-RESPONSE, or a 503 on timeout). */
    settle(response: Response): Promise<Response>;
    /** Releases what the gate holds for this payment without charging it. */
    abandon(): Promise<void>;
  };

/** What the handler tells the gate of a call besides its request. */
export interface PaidCall {
  /** The request's X-Request-Id, for the log lines of its payment. */
  readonly requestId: string;
  /**
   * What besides path and query chooses the answer, as the request says it (its X-GPC-Release), so that a
   * payment identifier recognises the same request.
   */
  readonly pin?: string;
  /** The MCP tool the call was made through, if any: its challenges declare the tool (bazaar_extension.ts). */
  readonly tool?: string;
  /**
   * Settles once the answer has been delivered to the client (resolves) or could not be (rejects): the
   * server's word on it (Deno.serve's `completed`), asked only of a settled payment.
   */
  readonly delivered?: () => Promise<void> | undefined;
}

/** Decides, per request, whether the work may run. */
export interface PaymentGate {
  /** True when every request is free (PAYMENTS=off): the handler then runs the work without asking. */
  readonly off?: boolean;
  /**
   * `target`, when given, is the request's path and query (else read from the request's URL); `call` what
   * the handler knows of the call. An admission known without waiting (an unpaid request's 402 seen before)
   * is returned as it is, not as a promise.
   */
  admit(
    request: Request,
    operation: PricedOperation,
    target?: RequestTarget,
    call?: PaidCall,
  ): Admission | Promise<Admission>;
}

/** The gate of `PAYMENTS=off`: every request is free. */
export const freeGate: PaymentGate = {
  off: true,
  admit: () => Promise.resolve({ kind: "free" }),
};
