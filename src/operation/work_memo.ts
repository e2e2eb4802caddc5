/**
 * Validated works kept by request target, per store: a request whose path and query, as the client spelled
 * them, were prepared before on the same store gets that preparation's work again, without parsing and
 * validating its query, resolving its names or probing the shards a second time. A work is kept only when
 * it says it may be (`reusable`): its answer is a function of the store and the target alone but for the
 * clock, which its `run` reads when it runs. A request that fails validation is never kept: it is checked
 * again each time (a 400 or 404 costs what it cost). A target is kept on its second preparation, not its
 * first (DoorkeptMap), so that targets asked once do not fill the memory with works.
 */
import { DoorkeptMap } from "../format/doorkept_map.ts";
import type { PaidWork } from "./paid_work.ts";

/** Works kept per store at most (the oldest goes first): a few hundred bytes each, besides the store's. */
export const WORKS_KEPT = 16_384;

/** The works of one store, by target (path and query as sent). */
export class WorkMemo {
  readonly #works: DoorkeptMap<PaidWork>;

  constructor(limit: number = WORKS_KEPT) {
    this.#works = new DoorkeptMap(limit);
  }

  /** The work kept for `target`, if any; `hash` is the target's (RequestTarget's), when the caller has it. */
  get(target: string, hash?: number): PaidWork | undefined {
    return this.#works.get(target, hash);
  }

  /** Keeps a reusable `work` for `target` once the target has been prepared before; `hash` as in `get`. */
  prepared(target: string, work: PaidWork, hash?: number): void {
    if (work.reusable === true) this.#works.offer(target, work, hash);
  }

  /** Works kept. */
  get size(): number {
    return this.#works.size;
  }
}

const memos = new WeakMap<object, WorkMemo>();

/** The memo of `store` (made on first use; it goes with the store). */
export function workMemo(store: object): WorkMemo {
  let memo = memos.get(store);
  if (memo === undefined) memos.set(store, memo = new WorkMemo());
  return memo;
}
