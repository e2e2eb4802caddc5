/**
 * Values kept by a small whole-number key, at most `limit`, the oldest going first when a new key comes in:
 * a `FifoMap` for keys from 0 to 2^31 − 1 (a phrase's hash, a browse id of up to nine digits), held in typed
 * arrays, so that a batch's 100 lookups wait for fewer reads that miss the CPU caches, and for more of them at
 * once.
 *
 * A V8 Map finds a key through its bucket, then its entry, then the value: reads that depend on one another,
 * inside a builtin of many instructions, so that little of one lookup overlaps the next. Here a key is found
 * by linear probing in an `Int32Array` and its value in the array beside it, a loop of a few instructions.
 * In process, 100 lookups among 50,000 kept texts and the first read of each text, with 8 MB of other memory
 * read between batches as a server's other work reads it: 15–18 µs against 20–24 µs from a Map. On the wire
 * (docs/performance.md): 100 phrases and 100 random ids of 1,000,000 at up to 1.1 times the requests/s, with
 * less CPU a request. A table of a few thousand keys is better left a Map: its twice-`limit` slots spread
 * them over more memory than the Map's compact entries (100 bricks: 0.82–0.87 of the requests/s).
 *
 * The table has twice `limit` slots (at most half full). A key that goes leaves no tombstone: the keys after
 * it in its run move back (backward-shift deletion), so a lookup never steps over a deleted slot.
 */

/** The empty slot's key: no key is negative. */
const EMPTY = -1;
/** The largest key: an `Int32Array` holds it. */
const MAX_KEY = 2 ** 31 - 1;

/** A FIFO-bounded table of values by whole number (0 ≤ key < 2^31). */
export class FifoTable<V> {
  readonly #keys: Int32Array;
  readonly #values: (V | undefined)[];
  /** Keys in the order they came; once full, `#oldest` is the index of the next to go. */
  readonly #ring: Int32Array;
  readonly #mask: number;
  readonly #shift: number;
  #size = 0;
  #oldest = 0;

  /** `limit` is from 1 to 2^29. */
  constructor(readonly limit: number) {
    if (!(Number.isInteger(limit) && limit >= 1 && limit <= 2 ** 29)) {
      throw new RangeError(`a FifoTable keeps 1 to 2^29 entries, not ${limit}`);
    }
    let bits = 1;
    while (1 << bits < limit * 2) bits++;
    this.#keys = new Int32Array(1 << bits).fill(EMPTY);
    this.#values = new Array<V | undefined>(1 << bits).fill(undefined);
    this.#ring = new Int32Array(limit);
    this.#mask = (1 << bits) - 1;
    this.#shift = 32 - bits;
  }

  /** Entries kept. */
  get size(): number {
    return this.#size;
  }

  /** The value kept for `key`, if any. */
  get(key: number): V | undefined {
    const keys = this.#keys, mask = this.#mask;
    for (let slot = this.#home(key);; slot = (slot + 1) & mask) {
      const kept = keys[slot]!;
      if (kept === key) return this.#values[slot];
      if (kept === EMPTY) return undefined;
    }
  }

  /** Keeps `value` for `key` (a whole number from 0 to MAX_KEY); a new key lets the oldest go when full. */
  set(key: number, value: V): void {
    if (!(Number.isInteger(key) && key >= 0 && key <= MAX_KEY)) {
      throw new RangeError(`a FifoTable key is a whole number from 0 to 2^31 - 1, not ${key}`);
    }
    const found = this.#slotOf(key);
    if (found >= 0) {
      this.#values[found] = value;
      return;
    }
    if (this.#size < this.limit) this.#ring[this.#size++] = key;
    else {
      this.#remove(this.#ring[this.#oldest]!);
      this.#ring[this.#oldest] = key;
      this.#oldest = (this.#oldest + 1) % this.limit;
    }
    const keys = this.#keys, mask = this.#mask;
    let slot = this.#home(key);
    while (keys[slot] !== EMPTY) slot = (slot + 1) & mask;
    keys[slot] = key;
    this.#values[slot] = value;
  }

  /** The first slot probed for `key`: the top bits of its product with 2^32 ÷ φ, so that runs of ids spread. */
  #home(key: number): number {
    return Math.imul(key, 0x9e3779b1) >>> this.#shift;
  }

  /** The slot holding `key`, or −1. */
  #slotOf(key: number): number {
    const keys = this.#keys, mask = this.#mask;
    for (let slot = this.#home(key);; slot = (slot + 1) & mask) {
      const kept = keys[slot]!;
      if (kept === key) return slot;
      if (kept === EMPTY) return -1;
    }
  }

  /** Empties `key`'s slot and moves back each key after it in the run that may stand there. */
  #remove(key: number): void {
    const keys = this.#keys, values = this.#values, mask = this.#mask;
    let hole = this.#slotOf(key);
    if (hole < 0) return;
    for (let slot = (hole + 1) & mask; keys[slot] !== EMPTY; slot = (slot + 1) & mask) {
      // The key at `slot` may fill the hole when the hole lies on its probe path: from its home to `slot`.
      if (((slot - this.#home(keys[slot]!)) & mask) >= ((slot - hole) & mask)) {
        keys[hole] = keys[slot]!;
        values[hole] = values[slot];
        hole = slot;
      }
    }
    keys[hole] = EMPTY;
    values[hole] = undefined;
  }
}
