/**
 * The calls paid with a payment identifier (payment_identifier.ts), in the shared StateStore so that replicas
 * answer a retry alike. One entry per payer and id, `x402-payment-id:<payer>:<id>`, holding JSON:
 *
 *   working → (settled) done, with the answer, kept PAYMENT_ID_TTL_SECONDS
 *           → (settlement has no outcome) pending, until the authorisation's validBefore
 *           → (refused, not settled, work failed) released: the id may be paid with again
 *
 * An entry names the request it was paid for (`request`: the challenge resource, amount and release pin), so
 * that the same id with another request is recognised, and the nonce of the authorisation that paid (the
 * very same credential sent again is its bearer). A `working` or `pending` entry lives as long as that
 * authorisation could still be settled, like its claim. Ids are per payer: another payer's id never meets
 * this one. A store that fails throws StateStoreError (the handler's 503), like a claim.
 */
import type { StateStore } from "../state/state_store.ts";
import { CLAIM_SKEW_MS } from "./payment_claims.ts";

/** The answer of a settled call, as it is sent again. */
export interface KeptAnswer {
  readonly status: number;
  readonly headers: [string, string][];
  readonly body: string;
}

/** An entry of the store. */
export type KeptCall =
  | EntryOf<"working">
  | EntryOf<"pending">
  | EntryOf<"done"> & { readonly answer: KeptAnswer };

/** What every entry holds: its state, the request it pays for, the nonce and validBefore that pay. */
interface EntryOf<S extends string> {
  readonly state: S;
  readonly request: string;
  readonly nonce: string;
  readonly validBefore: number;
}

/** What identifies a call paid with an id: the payer, the id, and the request it pays for. */
export interface PaidCallKey {
  readonly payer: string;
  readonly id: string;
  /** The request: see requestOf. */
  readonly request: string;
}

const PREFIX = "x402-payment-id:";

/** What makes two requests the same one for an id: the challenge resource, the amount, the release pin. */
export function requestOf(
  resource: { url: string; description: string },
  amount: bigint,
  releasePin: string | undefined,
): string {
  return JSON.stringify([resource.url, resource.description, amount.toString(), releasePin ?? null]);
}

/** The paid calls of a store. */
export class KeptAnswers {
  constructor(
    readonly store: StateStore,
    /** How long a settled call's answer is kept, in ms. */
    readonly ttlMs: number,
    readonly now: () => number = Date.now,
  ) {}

  /** The entry of `key`'s payer and id, if any. */
  async read(key: PaidCallKey): Promise<KeptCall | undefined> {
    const text = await this.store.read(storeKey(key), this.now());
    return text === undefined ? undefined : JSON.parse(text) as KeptCall;
  }

  /** Takes the id for a call now working; false when the payer's id is taken already. */
  reserve(key: PaidCallKey, nonce: string, validBefore: number): Promise<boolean> {
    const entry: KeptCall = { state: "working", request: key.request, nonce, validBefore };
    return this.store.claim(storeKey(key), JSON.stringify(entry), this.#liveMs(validBefore), this.now());
  }

  /** Keeps the answer of a settled call for ttlMs. */
  keep(key: PaidCallKey, nonce: string, validBefore: number, answer: KeptAnswer): Promise<void> {
    const entry: KeptCall = { state: "done", request: key.request, nonce, validBefore, answer };
    return this.store.put(storeKey(key), JSON.stringify(entry), this.ttlMs, this.now());
  }

  /** Marks a call whose settlement has no outcome: held until its authorisation expires. */
  pending(key: PaidCallKey, nonce: string, validBefore: number): Promise<void> {
    const entry: KeptCall = { state: "pending", request: key.request, nonce, validBefore };
    return this.store.put(storeKey(key), JSON.stringify(entry), this.#liveMs(validBefore), this.now());
  }

  /** Gives the id up: the call was not charged. */
  release(key: PaidCallKey): Promise<void> {
    return this.store.release(storeKey(key));
  }

  #liveMs(validBefore: number): number {
    return Math.max(1, validBefore * 1000 - this.now() + CLAIM_SKEW_MS);
  }
}

function storeKey({ payer, id }: PaidCallKey): string {
  return `${PREFIX}${payer.toLowerCase()}:${id}`;
}
