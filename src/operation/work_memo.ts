/**
 * Validated works kept by request target, per store: a request whose path and query, as the client spelled
 * them, were prepared before on the same store gets that preparation's work again, without parsing and
 * validating its query, resolving its names or probing the shards a second time. A work is kept only when
 * it says it may be (`reusable`): its answer is a function of the store and the target alone but for the
 * clock, which its `run` reads when it runs. A request that fails validation is never kept: it is checked
 * again each time (a 400 or 404 costs what it cost).
 *
 * A target is kept on its second preparation, not its first (a doorkeeper: a fixed array of hash slots, a
 * target's first preparation fills its slot). Targets asked once (a crawl over every id, random batches)
 * would otherwise keep each work for the next WORKS_KEPT requests, long enough to be promoted, and fill the
 * old generation with works no request asks again: the source of mark-compacts under load that
 * docs/performance.md describes for kept answers. A slot another target filled lets a target in at its first
 * preparation, which is harmless; the array is emptied once a quarter of its slots are filled, so that a
 * long crawl is let in at most a quarter of the time.
 */
import { FifoMap } from "../format/fifo_map.ts";
import type { PaidWork } from "./paid_work.ts";

/** Works kept per store at most (the oldest goes first): a few hundred bytes each besides the store's data. */
export const WORKS_KEPT = 16_384;
/** Hash slots of the doorkeeper: a power of two, four times WORKS_KEPT (256 KiB). */
const SEEN_SLOTS = 65_536;

/** The works of one store, by target (path and query as sent). */
export class WorkMemo {
  readonly #works: FifoMap<string, PaidWork>;
  readonly #seen = new Int32Array(SEEN_SLOTS);
  #filled = 0;

  constructor(limit: number = WORKS_KEPT) {
    this.#works = new FifoMap(limit);
  }

  /** The work kept for `target`, if any. */
  get(target: string): PaidWork | undefined {
    return this.#works.get(target);
  }

  /** Keeps a reusable `work` for `target` once the target has been prepared before (see above). */
  prepared(target: string, work: PaidWork): void {
    if (work.reusable !== true) return;
    const hash = hashOf(target);
    const slot = hash & (SEEN_SLOTS - 1);
    if (this.#seen[slot] === 0) {
      this.#seen[slot] = hash;
      if (++this.#filled === SEEN_SLOTS / 4) {
        this.#seen.fill(0);
        this.#filled = 0;
      }
      return;
    }
    this.#works.set(target, work);
  }

  /** Works kept. */
  get size(): number {
    return this.#works.size;
  }
}

/** FNV-1a over the UTF-16 code units of `text`, never 0 (0 is an empty slot). */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash === 0 ? 1 : hash;
}

const memos = new WeakMap<object, WorkMemo>();

/** The memo of `store` (made on first use; it goes with the store). */
export function workMemo(store: object): WorkMemo {
  let memo = memos.get(store);
  if (memo === undefined) memos.set(store, memo = new WorkMemo());
  return memo;
}
