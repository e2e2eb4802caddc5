/**
 * A bounded map of values kept by a string key a request names, which keeps a key only when it is offered a
 * second time (a doorkeeper: a fixed array of hash slots, a key's first offer fills its slot). Keys asked
 * once (a crawl over every id, random batches) would otherwise keep each value for the next `limit` new keys,
 * long enough to be promoted, and fill the old generation with values no request asks again: the source of
 * mark-compacts under load that docs/performance.md describes for kept answers. A slot another key filled
 * lets a key in at its first offer, which is harmless; the array is emptied once a quarter of its slots are
 * filled, so that a long crawl is let in at most a quarter of the time. Past `limit`, the oldest key goes
 * first (FifoMap).
 */
import { FifoMap } from "./fifo_map.ts";

/** Hash slots of the doorkeeper: a power of two (256 KiB). */
const SEEN_SLOTS = 65_536;

/** Values by key, each kept from its key's second offer on. */
export class DoorkeptMap<V> {
  readonly #kept: FifoMap<string, V>;
  readonly #seen = new Int32Array(SEEN_SLOTS);
  #filled = 0;

  /** `limit` is at least 1. */
  constructor(limit: number) {
    this.#kept = new FifoMap(limit);
  }

  /** The value kept for `key`, if any. */
  get(key: string): V | undefined {
    return this.#kept.get(key);
  }

  /** Keeps `value` for `key` if `key` was offered before (see above). */
  offer(key: string, value: V): void {
    const hash = hashOf(key);
    const slot = hash & (SEEN_SLOTS - 1);
    if (this.#seen[slot] === 0) {
      this.#seen[slot] = hash;
      if (++this.#filled === SEEN_SLOTS / 4) {
        this.#seen.fill(0);
        this.#filled = 0;
      }
      return;
    }
    this.#kept.set(key, value);
  }

  /** Values kept. */
  get size(): number {
    return this.#kept.size;
  }
}

/** FNV-1a over the UTF-16 code units of `text`, never 0 (0 is an empty slot). */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash === 0 ? 1 : hash;
}
