/**
 * A bounded map of values kept by a string key a request names, which keeps a key only when it is offered a
 * second time (a doorkeeper: a fixed array of hash slots, a key's first offer fills its slot). Keys asked
 * once (a crawl over every id, random batches) would otherwise keep each value for the next `limit` new keys,
 * long enough to be promoted, and fill the old generation with values no request asks again: the source of
 * mark-compacts under load that docs/performance.md describes for kept answers. A slot another key filled
 * lets a key in at its first offer, which is harmless; the array is emptied once a quarter of its slots are
 * filled, so that a long crawl is let in at most a quarter of the time. Past `limit`, the oldest key goes
 * first (FifoMap).
 *
 * A value is kept under its key's hash, a small integer, with the key beside it to compare. A Map given a
 * string it has not seen as that object first looks it up in V8's table of internalized strings, and a
 * request's key (cut from its URL) is never there: the lookup walks that table to an empty slot, reads that
 * miss the CPU caches on a server. Keyed by the hash, a catalog request (its query, its kept work and the
 * answers kept by target: three lookups) took 1.3–1.4 µs less CPU time (share of shelf 30.7 → 29.3 µs a
 * request, 1.05 times the requests/s; inflation 1.03; docs/performance.md). Two keys of one hash take turns:
 * the later one's offer replaces the other's value, which is then asked again as new.
 */
import { FifoMap } from "./fifo_map.ts";

/** Hash slots of the doorkeeper: a power of two (256 KiB). */
const SEEN_SLOTS = 65_536;

/** Values by key, each kept from its key's second offer on. */
export class DoorkeptMap<V> {
  /** Kept values with their keys, by the key's hash (`keyOf`). */
  readonly #kept: FifoMap<number, Kept<V>>;
  readonly #seen = new Int32Array(SEEN_SLOTS);
  #filled = 0;

  /** `limit` is at least 1. */
  constructor(limit: number) {
    this.#kept = new FifoMap(limit);
  }

  /**
   * The value kept for `key`, if any; `hash` is `textHash(key)`, when the caller has it already, or 0 for a
   * key never to be kept.
   */
  get(key: string, hash: number = textHash(key)): V | undefined {
    if (hash === 0) return undefined;
    const kept = this.#kept.get(keyOf(hash));
    return kept !== undefined && kept.key === key ? kept.value : undefined;
  }

  /** Keeps `value` for `key` if `key` was offered before (see above); `hash` as in `get`. */
  offer(key: string, value: V, hash: number = textHash(key)): void {
    if (hash === 0) return;
    const slot = hash & (SEEN_SLOTS - 1);
    if (this.#seen[slot] === 0) {
      this.#seen[slot] = hash;
      if (++this.#filled === SEEN_SLOTS / 4) {
        this.#seen.fill(0);
        this.#filled = 0;
      }
      return;
    }
    this.#kept.set(keyOf(hash), { key, value });
  }

  /** Values kept. */
  get size(): number {
    return this.#kept.size;
  }
}

/** A value and the key it is kept for. */
interface Kept<V> {
  readonly key: string;
  readonly value: V;
}

/** The map key of a hash: its 30 high bits, a small integer to V8 (no number object is made). */
function keyOf(hash: number): number {
  return hash >>> 2;
}

/**
 * FNV-1a over the UTF-16 code units of `text` from `start` to `end`, never 0 (0 is an empty slot): the hash
 * DoorkeptMap keeps a key's value under. Read from the whole text a key was cut from (a request's URL, one
 * flat string), a character costs less than from the key itself, which V8 keeps as a slice of that text.
 */
export function textHash(text: string, start = 0, end = text.length): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash === 0 ? 1 : hash;
}
