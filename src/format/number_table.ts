/**
 * Values kept by a whole-number key from 0 to 2^53 − 1: open addressing over two typed arrays (the keys as
 * doubles, the slots of the values), growing at half full, never letting a key go. It serves a shard whose
 * texts are all kept (shard_reader.ts): a batch of browse ids is read as numbers straight from its query
 * text, and a number is found here without cutting its id out as a string, hashing that fresh string and
 * probing the mapped index (src/reference/classify.ts, `scannedIds`, has the figures).
 */

/** The empty slot's key: no whole number is negative. */
const EMPTY = -1;
const TWO_32 = 4_294_967_296;

/** A table of values by whole number (0 ≤ key < 2^53). */
export class NumberTable<V> {
  #keys: Float64Array;
  #slots: Int32Array;
  readonly #values: V[] = [];
  #mask: number;

  /** `expected`: how many keys it will likely hold (it grows past that). */
  constructor(expected = 16) {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    this.#keys = new Float64Array(capacity).fill(EMPTY);
    this.#slots = new Int32Array(capacity);
    this.#mask = capacity - 1;
  }

  /** How many keys are kept. */
  get size(): number {
    return this.#values.length;
  }

  /** The value kept for `key`, if any (none for a key that is not a whole number). */
  get(key: number): V | undefined {
    const keys = this.#keys, mask = this.#mask;
    for (let slot = hashOf(key) & mask;; slot = (slot + 1) & mask) {
      const kept = keys[slot]!;
      if (kept === EMPTY) return undefined;
      if (kept === key) return this.#values[this.#slots[slot]!];
    }
  }

  /** Keeps `value` for `key` (a whole number from 0 to 2^53 − 1), in place of the value kept before. */
  set(key: number, value: V): void {
    if (!(Number.isSafeInteger(key) && key >= 0)) throw new RangeError(`not a whole number key: ${key}`);
    const keys = this.#keys, mask = this.#mask;
    let slot = hashOf(key) & mask;
    for (; keys[slot] !== EMPTY; slot = (slot + 1) & mask) {
      if (keys[slot] === key) {
        this.#values[this.#slots[slot]!] = value;
        return;
      }
    }
    keys[slot] = key;
    this.#slots[slot] = this.#values.length;
    this.#values.push(value);
    if (this.#values.length * 2 > keys.length) this.#grow();
  }

  #grow(): void {
    const oldKeys = this.#keys, oldSlots = this.#slots;
    const capacity = oldKeys.length * 2;
    const keys = new Float64Array(capacity).fill(EMPTY), slots = new Int32Array(capacity);
    const mask = capacity - 1;
    for (let i = 0; i < oldKeys.length; i++) {
      const key = oldKeys[i]!;
      if (key === EMPTY) continue;
      let slot = hashOf(key) & mask;
      while (keys[slot] !== EMPTY) slot = (slot + 1) & mask;
      keys[slot] = key;
      slots[slot] = oldSlots[i]!;
    }
    this.#keys = keys;
    this.#slots = slots;
    this.#mask = mask;
  }
}

/** Both 32-bit halves of `key`, multiplied apart and mixed (ids that differ in high digits spread too). */
function hashOf(key: number): number {
  return (Math.imul(key >>> 0, 0x9e3779b1) ^ Math.imul((key / TWO_32) >>> 0, 0x85ebca6b)) >>> 0;
}
