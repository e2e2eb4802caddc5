/**
 * The settlements this process has started and not yet seen through, so that it never exits while one is
 * unresolved: a settlement sent to the facilitator may move the payer's money whatever happens to the
 * process, and the answer it pays for must then reach the client (or the failure to deliver it must be
 * logged, so that an operator can refund).
 *
 * A settlement is held from the moment the gate decides to settle until the facilitator has answered (at
 * most its own timeout, FACILITATOR_SETTLE_TIMEOUT_MS) and the answer has been delivered or
 * DELIVERY_GRACE_MS has passed. A stopping process first lets DRAIN_MS run, then `finish`es: no settlement
 * starts after that (the work's claim is released, nothing is charged), and it waits for the held ones.
 */

/** How long a settled answer is given to reach its client before the process may exit anyway. */
export const DELIVERY_GRACE_MS = 2000;

/** The settlements of one process as its stop sees them. */
export interface StopSettlements {
  /** Settlements ended so far: one that ended while a stop drained has an answer whose bytes may be unwritten. */
  ended(): number;
  /**
   * Lets no settlement start any more and resolves, with how many were held, once those have ended (each
   * within FACILITATOR_SETTLE_TIMEOUT_MS) and their answers were delivered or given up.
   */
  finish(): Promise<number>;
}

/** The settlements of one process. */
export class SettlementsInFlight implements StopSettlements {
  #held = 0;
  #ended = 0;
  #closed = false;
  #idle: (() => void)[] = [];

  /** Holds a new settlement; undefined when the process is stopping and none may start. Call `done` once. */
  begin(): { done(): void } | undefined {
    if (this.#closed) return undefined;
    this.#held++;
    let ended = false;
    return {
      done: () => {
        if (ended) return;
        ended = true;
        this.#ended++;
        if (--this.#held === 0) { for (const resolve of this.#idle.splice(0)) resolve(); }
      },
    };
  }

  /** Settlements held now. */
  get held(): number {
    return this.#held;
  }

  ended(): number {
    return this.#ended;
  }

  async finish(): Promise<number> {
    this.#closed = true;
    const held = this.#held;
    if (held > 0) await new Promise<void>((resolve) => this.#idle.push(resolve));
    return held;
  }
}

/** Resolves when `delivered` settles or after DELIVERY_GRACE_MS, whichever is first (never rejects). */
export function deliveryOrGrace(delivered: Promise<unknown>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const grace = new Promise<void>((resolve) => timer = setTimeout(resolve, DELIVERY_GRACE_MS));
  return Promise.race([delivered.then(() => {}, () => {}), grace]).finally(() => clearTimeout(timer));
}
