/**
 * Replay protection: one claim per signed authorisation, in the shared StateStore.
 *
 * The x402 libraries remember no payment: two requests carrying the same authorisation both pass /verify
 * and both run the work, while only one settlement lands. So the gate claims the authorisation's identity
 * `(network, asset, from, nonce)` atomically BEFORE verifying; a second request with the same identity
 * finds the claim and is refused. The claim's life:
 *
 *   verifying → (verification fails) released, so the payer may present it again
 *             → verified → settling → settled (kept: the nonce is spent on chain)
 *                                   → pending (settlement timed out: the outcome is unknown, keep it)
 *             → (work failed) released: nothing was charged
 *
 * A claim lives until the authorisation's validBefore plus a clock-skew margin: after that no chain would
 * accept it, so forgetting it cannot let a double spend through.
 */
import type { StateStore } from "../state/state_store.ts";

/** Where a claimed payment is in its life. */
export type ClaimState = "verifying" | "verified" | "settling" | "settled" | "pending";

/** What identifies one signed authorisation. */
export interface PaymentIdentity {
  readonly network: string;
  readonly asset: string;
  readonly from: string;
  readonly nonce: string;
  /** Unix seconds after which the authorisation cannot be settled. */
  readonly validBefore: number;
}

/** Extra life given to a claim past validBefore, for clocks that disagree with the chain's. */
export const CLAIM_SKEW_MS = 60_000;

const PREFIX = "x402-claim:";

/** The store key of a payment: addresses and nonce in lower case, so spelling cannot dodge the claim. */
export function claimKey(identity: PaymentIdentity): string {
  const { network, asset, from, nonce } = identity;
  return `${PREFIX}${network}:${asset.toLowerCase()}:${from.toLowerCase()}:${nonce.toLowerCase()}`;
}

/** Claims of payments, over a shared store. */
export class PaymentClaims {
  constructor(readonly store: StateStore, readonly now: () => number = Date.now) {}

  /** Takes the claim for `identity`; false when it is already held (a replay or a concurrent duplicate). */
  claim(identity: PaymentIdentity): Promise<boolean> {
    const now = this.now();
    return this.store.claim(claimKey(identity), "verifying", this.#ttl(identity, now), now);
  }

  /** Moves a held claim to `state`, keeping its life tied to validBefore. */
  mark(identity: PaymentIdentity, state: ClaimState): Promise<void> {
    const now = this.now();
    return this.store.put(claimKey(identity), state, this.#ttl(identity, now), now);
  }

  /** The state of a live claim, if any. */
  async state(identity: PaymentIdentity): Promise<ClaimState | undefined> {
    return (await this.store.read(claimKey(identity), this.now())) as ClaimState | undefined;
  }

  /** Gives the claim up: the payment was not charged and may be presented again. */
  release(identity: PaymentIdentity): Promise<void> {
    return this.store.release(claimKey(identity));
  }

  #ttl(identity: PaymentIdentity, now: number): number {
    return Math.max(1, identity.validBefore * 1000 - now + CLAIM_SKEW_MS);
  }
}
