/**
 * A map of at most `limit` entries, the oldest going first when a new key comes in: the bound of every text
 * and answer the runtime keeps by a key a request names (browse results, one-item bodies, 402s).
 *
 * The oldest key is taken from a ring of keys in the order they came, not from the Map's own order. V8
 * leaves a hole where an entry was deleted, and the first key of a Map is found by stepping over every hole
 * before it, so a Map that keeps letting its first entry go pays for all the holes each time: 19 µs an
 * eviction in a Map of 131,072 keys, which made a full-scale batch of 100 ids never asked before take 2 ms.
 */
export class FifoMap<K, V> {
  readonly #entries = new Map<K, V>();
  /** Keys in the order they came; once full, `#oldest` is the index of the next to go. */
  readonly #ring: K[] = [];
  #oldest = 0;

  /** `limit` is at least 1. */
  constructor(readonly limit: number) {
    if (!(limit >= 1)) throw new RangeError(`a FifoMap keeps at least one entry, not ${limit}`);
  }

  /** The value kept for `key`, if any. */
  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  /** Keeps `value` for `key`; a key not kept yet lets the oldest go when `limit` are kept. */
  set(key: K, value: V): void {
    const entries = this.#entries;
    if (!entries.has(key)) {
      const ring = this.#ring;
      if (ring.length < this.limit) ring.push(key);
      else {
        entries.delete(ring[this.#oldest]!);
        ring[this.#oldest] = key;
        this.#oldest = (this.#oldest + 1) % this.limit;
      }
    }
    entries.set(key, value);
  }

  /** Entries kept. */
  get size(): number {
    return this.#entries.size;
  }
}
