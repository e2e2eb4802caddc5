/**
 * The 200 body of classify and brick-attributes: results, then the versions the answer is pinned to.
 *
 * Records are immutable and the store hands out one object per record, so each record's JSON text is
 * computed once and kept (`jsonOf`); a body is then assembled by concatenation, which is what keeps a
 * 100-item answer cheap, and the body of a one-item request is kept whole, per record (`singleBody`) or per
 * store and id (`singleKeyedBody`: classify, whose store keeps browse results as texts, not records), as a
 * `KeptBody`: one object, whose Response the pipeline builds once and copies for each request.
 */
import type { DataVersions } from "../store/reference_store.ts";
import { flat } from "../format/flat_text.ts";
import { mapKey } from "../format/map_key.ts";
import { FifoMap } from "../format/fifo_map.ts";
import { KeptBody } from "../operation/kept_body.ts";

const texts = new WeakMap<object, string>();

/** JSON text of `value`, computed once per object for the life of the object. */
export function jsonOf(value: object): string {
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text;
}

const suffixes = new WeakMap<DataVersions, string>();
const RESULTS_HEAD = `{"results":[`;

/**
 * JSON text of `{ results, gpc_release, schema_version }` from the results' JSON texts. The body is left a
 * rope of the kept texts (concatenations, no copy), which the server writes out piece by piece: joining it
 * flat first cost a copy of the whole body, and measured in process the join looked cheaper (6.7 µs against
 * 9.4 µs for 100 ids), but on the wire the rope is answered faster (100 random ids, two servers alternating,
 * 5 rounds: classify 1.13 and brick-attributes 1.27 times the requests/s, 4 and 20 µs less CPU a request;
 * 1.01 at full scale; docs/performance.md). A bare `Deno.serve` sending a 40 KB body made of 100 texts
 * answered 26,500–28,000 requests/s as a rope and 21,900–24,800 joined.
 */
export function versionedBody(results: string[], versions: DataVersions): string {
  let suffix = suffixes.get(versions);
  if (suffix === undefined) {
    suffix = `],"gpc_release":${JSON.stringify(versions.gpc_release)},` +
      `"schema_version":${JSON.stringify(versions.schema_version)}}`;
    suffixes.set(versions, suffix);
  }
  charsRead += readEachEnd(results);
  let body = RESULTS_HEAD + (results[0] ?? "");
  for (let i = 1; i < results.length; i++) body = body + "," + results[i];
  return body + suffix;
}

/** A sum of the characters `readEachEnd` read, kept so that the reads are not optimised away. */
let charsRead = 0;

/**
 * Reads the last character of each text, before the body is copied out (by the server, from the rope). The
 * kept texts of a large release lie apart in a heap of tens of megabytes, so each is a read that misses the
 * CPU caches: inside a copy of one text after another, each miss waits for the one before, while this loop
 * does nothing else and lets the processor wait for many at once. Measured when the body was joined flat: 100
 * random ids of 1,000,000, kept (two servers alternating, `wrk -t1 -c32 -d4s`, the rounds after the first pass
 * over the pool): 22,700–25,800 requests/s against 17,600–20,700; no change on the embedded release, whose
 * texts stay in the caches. Reading only each length, or every 64th character, moved nothing. Not measured
 * again apart since the body is a rope.
 */
function readEachEnd(texts: readonly string[]): number {
  let sum = 0;
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i]!;
    sum += text.charCodeAt(text.length - 1);
  }
  return sum;
}

const bodies = new WeakMap<object, KeptBody>();

/**
 * The body of a request for exactly one item, whose record is `key`: computed once per record and kept flat,
 * so that the most common request is answered from a string the server sends as it is.
 */
export function singleBody(key: object, body: () => string): KeptBody {
  let kept = bodies.get(key);
  if (kept === undefined) {
    kept = new KeptBody(flat(body()));
    bodies.set(key, kept);
  }
  return kept;
}

const keyedBodies = new WeakMap<object, FifoMap<string | number, KeptBody>>();
/** One-item bodies kept per store, at most (the oldest goes first): about 40 MB of classify bodies. */
export const KEYED_BODIES_KEPT = 65_536;

/**
 * `singleBody` for an item known by a string: the body of a request for exactly `key` from `store`, computed
 * once per store and key and kept flat, at most `KEYED_BODIES_KEPT` per store.
 */
export function singleKeyedBody(store: object, key: string, body: () => string): KeptBody {
  let kept = keyedBodies.get(store);
  if (kept === undefined) keyedBodies.set(store, kept = new FifoMap(KEYED_BODIES_KEPT));
  const at = mapKey(key);
  let one = kept.get(at);
  if (one === undefined) {
    one = new KeptBody(flat(body()));
    kept.set(at, one);
  }
  return one;
}
