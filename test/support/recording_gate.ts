/**
 * A PaymentGate for handler tests that records what the handler asks of it. Its answer is chosen per
 * test: "free", "paid" (settle adds PAYMENT-RESPONSE: settled) or "challenge" (a 402 problem).
 */
import type { Admission, PaymentGate } from "../../src/payments/payment_gate.ts";
import type { PricedOperation } from "../../src/operation/paid_work.ts";

/** What the gate answers to every admit. */
export type GateMode = "free" | "paid" | "challenge";

/** The recording gate. */
export class RecordingGate implements PaymentGate {
  /** Every admit, in order. */
  readonly admitted: PricedOperation[] = [];
  /** Statuses of the responses passed to settle, in order. */
  readonly settled: number[] = [];
  abandoned = 0;

  constructor(readonly mode: GateMode = "paid") {}

  admit(_request: Request, operation: PricedOperation): Promise<Admission> {
    this.admitted.push(operation);
    if (this.mode === "free") return Promise.resolve({ kind: "free" });
    if (this.mode === "challenge") {
      const body = JSON.stringify({
        type: "https://paymentauth.org/problems/payment-required",
        title: "Payment Required",
        status: 402,
      });
      return Promise.resolve({
        kind: "respond",
        response: new Response(body, {
          status: 402,
          headers: { "Content-Type": "application/problem+json", "PAYMENT-REQUIRED": "e30=" },
        }),
      });
    }
    return Promise.resolve({
      kind: "paid",
      settle: (response: Response) => {
        this.settled.push(response.status);
        response.headers.set("PAYMENT-RESPONSE", "settled");
        return Promise.resolve(response);
      },
      abandon: () => {
        this.abandoned++;
        return Promise.resolve();
      },
    });
  }
}
