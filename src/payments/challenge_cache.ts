/**
 * What the gate keeps of the 402s it built. Encoding a challenge is the costly part of a 402, and an unpaid
 * request's whole 402 depends only on its method (the price sentence names it), the operation, its item
 * count, the request's path and query (the resource the challenge names, the problem's instance) and the MCP
 * tool it was called through, if any (the discovery metadata names it): such a 402, once built, is answered
 * again at once (no await, no encoding, no facilitator call), as the same answer object, marked `shared` so
 * that the handler copies its Response instead of building it again. Both caches are bounded, the oldest
 * entry going first, so a flood of distinct queries costs at most CHALLENGE_CACHE_SIZE entries each.
 */
import { FifoMap } from "../format/fifo_map.ts";
import type { PricedOperation } from "../operation/paid_work.ts";
import { type RequestTarget, requestTarget } from "../operation/request_target.ts";
import type { Admission, PaidCall, PaymentGate } from "./payment_gate.ts";

/** How many entries each cache keeps. */
export const CHALLENGE_CACHE_SIZE = 4096;

/**
 * `admit` answering an unpaid request (no PAYMENT-SIGNATURE, no X-PAYMENT) it has answered 402 before with
 * that same 402, at once. Only 402s are kept: a 503 (facilitator not ready) is asked again each time.
 */
export function keepingUnpaidChallenges(admit: PaymentGate["admit"]): PaymentGate["admit"] {
  const kept = new FifoMap<string, Admission>(CHALLENGE_CACHE_SIZE);
  return (request: Request, operation: PricedOperation, target?: RequestTarget, call?: PaidCall) => {
    const headers = request.headers;
    if (headers.has("payment-signature") || headers.has("x-payment")) {
      return admit(request, operation, target, call);
    }
    target ??= requestTarget(request.url);
    const key = `${request.method}\u0000${operation.operation}\u0000${operation.items}\u0000` +
      `${target.instance}\u0000${call?.tool ?? ""}`;
    const known = kept.get(key);
    if (known !== undefined) return known;
    return Promise.resolve(admit(request, operation, target, call)).then((admission) => {
      // A 402 as data: a Response's body can be read once only.
      const answer = admission.kind === "respond" ? admission.response : undefined;
      if (answer === undefined || answer instanceof Response || answer.status !== 402) return admission;
      // Every request asking again gets this same answer: the handler builds its Response once (`shared`).
      const shared: Admission = { kind: "respond", response: { ...answer, shared: true } };
      kept.set(key, shared);
      return shared;
    });
  };
}
