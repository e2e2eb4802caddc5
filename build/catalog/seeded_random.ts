/**
 * A seeded pseudo-random sequence (mulberry32) for generated data (catalog snapshots, synthetic GPC
 * releases): the same seed gives the same numbers on every machine and run, which is what keeps generated
 * data byte-identical.
 */

/** A function answering the next number in [0, 1) of the sequence started by `seed` (an unsigned 32-bit int). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
