/**
 * Reads a shard in place (layout in shard_format.ts): the bytes may be a memory mapping or a file read
 * into memory; the reader does not care which.
 */
import { Unpackr } from "npm:msgpackr@2.1.3";
import {
  crc32,
  E,
  ENTRY_BYTES,
  fnv1a,
  H,
  HEADER_BYTES,
  MSGPACK_OPTIONS,
  SHARD_FORMAT_VERSION,
  SHARD_MAGIC,
} from "../format/shard_format.ts";
import { flat } from "../format/flat_text.ts";
import { mapKey } from "../format/map_key.ts";
import { FifoTable } from "../format/fifo_table.ts";
import { NumberTable } from "../format/number_table.ts";

/** A shard that fails its checks; the message names the file. */
export class ShardCorruptError extends Error {
  override readonly name = "ShardCorruptError";
  constructor(readonly file: string, problem: string) {
    super(`shard ${file} is corrupt: ${problem}`);
  }
}

const unpackr = new Unpackr({ ...MSGPACK_OPTIONS });

/**
 * Texts a reader keeps at most (`text`): about 60 MB of browse results at full scale, and more than the ids
 * a bench batch pool asks (100,000); a shard of at most as many records keeps all of its texts.
 */
export const TEXTS_KEPT = 131_072;
/**
 * Where a larger shard keeps the text of a key that is not a number of 1 to 9 digits (`text`): at this plus
 * the key's entry, above every such number, which is kept under itself. A `FifoTable` holds keys below 2^31:
 * a shard of more than 2^30 records would be refused when its texts are kept, not answered wrongly.
 */
const ENTRY_KEYS = 2 ** 30;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Writes `key` into `bytes` when it is ASCII and fits, returning its length; -1 otherwise. Keys are mostly
 * short ASCII (ids, codes): a loop over them costs less than a call into the encoder.
 */
function asciiInto(key: string, bytes: Uint8Array): number {
  const length = key.length;
  if (length >= bytes.length) return -1;
  for (let i = 0; i < length; i++) {
    const code = key.charCodeAt(i);
    if (code > 0x7f) return -1;
    bytes[i] = code;
  }
  return length;
}

/** One opened shard: O(1) lookup of a key's record. */
export class ShardReader {
  readonly #file: string;
  readonly #bytes: Uint8Array;
  readonly #view: DataView;
  readonly #mask: number;
  readonly #buckets: number;
  readonly #entries: number;
  readonly #keys: number;
  readonly #records: number;
  readonly #recordsLength: number;
  readonly #verified: Uint8Array;
  readonly #decoded: unknown[];
  // Kept texts (`text`): by entry when the shard has at most `textsKept` records, else by key, oldest first.
  #textsByEntry: (string | undefined)[] | undefined;
  readonly #textsKept: number;
  /** Made when first needed: its typed arrays take 20 bytes a text kept. */
  #textsByKey: FifoTable<string> | undefined;
  /** The kept texts of a shard that keeps them all, again by their key's number (`textOfDigits`). */
  #textsByNumber: NumberTable<string> | undefined;
  #textOf: ((key: string, record: never) => string) | undefined;
  readonly #scratch = new Uint8Array(256);
  /** Number of records. */
  readonly size: number;

  /** The shard's bytes as served (for verification against the manifest). */
  get bytes(): Uint8Array {
    return this.#bytes;
  }

  /**
   * Checks header, bounds and index CRC; throws ShardCorruptError naming `file` when they fail. `textsKept`
   * bounds the texts kept (`text`).
   */
  constructor(file: string, bytes: Uint8Array, textsKept = TEXTS_KEPT) {
    this.#file = file;
    this.#textsKept = Math.max(1, textsKept);
    this.#bytes = bytes;
    this.#view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const fail = (problem: string): never => {
      throw new ShardCorruptError(file, problem);
    };
    if (bytes.length < HEADER_BYTES) fail(`${bytes.length} bytes is shorter than the header`);
    if (decoder.decode(bytes.subarray(0, 8)) !== SHARD_MAGIC) fail("bad magic bytes");
    const u32 = (at: number) => this.#view.getUint32(at, true);
    if (crc32(bytes, 0, H.headerCrc) !== u32(H.headerCrc)) fail("header checksum mismatch");
    if (u32(H.version) !== SHARD_FORMAT_VERSION) fail(`format version ${u32(H.version)} is not supported`);
    if (u32(H.fileLength) !== bytes.length) {
      fail(`length ${bytes.length} differs from the ${u32(H.fileLength)} bytes the header declares`);
    }
    this.size = u32(H.recordCount);
    const bucketCount = u32(H.bucketCount);
    this.#buckets = u32(H.bucketsOffset);
    this.#entries = u32(H.entriesOffset);
    this.#keys = u32(H.keysOffset);
    this.#records = u32(H.recordsOffset);
    this.#recordsLength = u32(H.recordsLength);
    const layoutOk = bucketCount > 0 && (bucketCount & (bucketCount - 1)) === 0 &&
      bucketCount >= this.size * 2 && this.#buckets === HEADER_BYTES &&
      this.#entries === this.#buckets + bucketCount * 4 &&
      this.#keys === this.#entries + this.size * ENTRY_BYTES &&
      this.#records === this.#keys + u32(H.keysLength) &&
      this.#records + this.#recordsLength === bytes.length;
    if (!layoutOk) fail("section offsets are inconsistent");
    if (crc32(bytes, HEADER_BYTES, this.#records) !== u32(H.indexCrc)) fail("index checksum mismatch");
    this.#mask = bucketCount - 1;
    this.#verified = new Uint8Array(this.size);
    this.#decoded = new Array(this.size);
  }

  /**
   * The decoded record of `key`, or undefined; throws ShardCorruptError if the record is damaged.
   * A record is decoded once and kept, frozen, so every caller shares one immutable object (the runtime
   * keys its JSON text cache on that identity).
   */
  get<T>(key: string): T | undefined {
    const entry = this.#find(key);
    if (entry < 0) return undefined;
    let record = this.#decoded[entry];
    if (record === undefined) {
      record = deepFreeze(unpackr.unpack(this.#checkRecord(entry)));
      this.#decoded[entry] = record;
    }
    return record as T;
  }

  /**
   * The text `make` derives from the record of `key` (a JSON answer), or undefined when the key is absent;
   * throws ShardCorruptError if the record is damaged. Made once per record and kept flat, in place of the
   * record: a record asked only through here is decoded once and let go, so a large shard read at random
   * keeps a string per record it served, not an object graph. A reader serves one `make` for its life.
   *
   * A shard of at most `textsKept` records keeps every text it made, by entry: its index stays in the CPU
   * caches, and probing it costs less than hashing the request's fresh key string (46 against 75 ns). A
   * larger shard keeps at most `textsKept` texts, the oldest going first, in a `FifoTable`: the text of a key
   * of 1 to 9 digits without a leading zero (`mapKey`) under its number, found without probing the mapping,
   * whose random reads miss the caches (100 random ids of 1,000,000: 42 % more requests/s); the text of any
   * other key (a leading zero, 10 to 20 digits, a word) under its entry, found after the probe.
   */
  text<T>(key: string, make: (key: string, record: T) => string): string | undefined {
    if (this.#textOf !== make) {
      if (this.#textOf !== undefined) throw new Error(`shard ${this.#file}: text asked with another make`);
      this.#textOf = make as (key: string, record: never) => string;
    }
    const byKey = this.size > this.#textsKept;
    const at = byKey ? mapKey(key) : undefined;
    const number = typeof at === "number" ? at : undefined;
    if (number !== undefined) {
      const kept = this.#textsByKey?.get(number);
      if (kept !== undefined) return kept;
    }
    const entry = this.#find(key);
    if (entry < 0) return undefined;
    const byEntry = byKey ? undefined : this.#textsByEntry ??= new Array(this.size);
    const keptAt = number ?? ENTRY_KEYS + entry;
    const kept = byEntry !== undefined
      ? byEntry[entry]
      : number === undefined
      ? this.#textsByKey?.get(keptAt)
      : undefined;
    if (kept !== undefined) return kept;
    const record = this.#decoded[entry] ?? unpackr.unpack(this.#checkRecord(entry));
    // Flattened now: a join of many would otherwise walk each rope on every answer.
    const text = flat(make(key, record as T));
    if (byEntry !== undefined) byEntry[entry] = text;
    else (this.#textsByKey ??= new FifoTable(this.#textsKept)).set(keptAt, text);
    return text;
  }

  /**
   * `text` of the key `source.slice(start, end)`, which is 1 to 15 decimal digits without a leading zero
   * (the caller checked), `value` their number: a text made before is found by the number, without cutting
   * the key out of `source` (a batch's query text). A shard that keeps all its texts finds them in a table by
   * number; a larger one finds a key of at most 9 digits under the number its kept texts are keyed by
   * (map_key.ts). Anything else, and a text not made yet, goes through `text`.
   */
  textOfDigits<T>(
    source: string,
    start: number,
    end: number,
    value: number,
    make: (key: string, record: T) => string,
  ): string | undefined {
    if (this.size > this.#textsKept) {
      const kept = end - start <= 9 ? this.#textsByKey?.get(value) : undefined;
      return kept ?? this.text(source.slice(start, end), make);
    }
    const kept = this.#textsByNumber?.get(value);
    if (kept !== undefined) return kept;
    const text = this.text(source.slice(start, end), make);
    if (text !== undefined) (this.#textsByNumber ??= new NumberTable(this.size)).set(value, text);
    return text;
  }

  /** Every key in byte order (for verification and tools, not for serving). */
  *keys(): Generator<string> {
    for (let i = 0; i < this.size; i++) yield this.#keyAt(i);
  }

  #keyAt(entry: number): string {
    const at = this.#entries + entry * ENTRY_BYTES;
    const offset = this.#keys + this.#u32(at + E.keyOffset);
    return decoder.decode(this.#bytes.subarray(offset, offset + this.#u32(at + E.keyLength)));
  }

  /** Checks every record's CRC; throws ShardCorruptError at the first damaged one. */
  verifyRecords(): void {
    for (let i = 0; i < this.size; i++) this.#checkRecord(i);
  }

  #u32(at: number): number {
    return this.#view.getUint32(at, true);
  }

  #find(key: string): number {
    let keyBytes = this.#scratch;
    let length = asciiInto(key, keyBytes);
    if (length < 0) {
      length = encoder.encodeInto(key, keyBytes).written;
      if (length === keyBytes.length) {
        keyBytes = encoder.encode(key);
        length = keyBytes.length;
      }
    }
    let slot = fnv1a(keyBytes, 0, length) & this.#mask;
    for (let probes = 0; probes <= this.#mask; probes++) {
      const value = this.#u32(this.#buckets + slot * 4);
      if (value === 0) return -1;
      const entry = value - 1;
      if (entry >= this.size) throw new ShardCorruptError(this.#file, `bucket ${slot} points past the index`);
      const at = this.#entries + entry * ENTRY_BYTES;
      if (this.#u32(at + E.keyLength) === length) {
        const offset = this.#keys + this.#u32(at + E.keyOffset);
        let same = true;
        for (let i = 0; i < length; i++) {
          if (this.#bytes[offset + i] !== keyBytes[i]) {
            same = false;
            break;
          }
        }
        if (same) return entry;
      }
      slot = (slot + 1) & this.#mask;
    }
    return -1;
  }

  #checkRecord(entry: number): Uint8Array {
    const at = this.#entries + entry * ENTRY_BYTES;
    const offset = this.#u32(at + E.recordOffset);
    const length = this.#u32(at + E.recordLength);
    if (offset + length > this.#recordsLength) {
      throw new ShardCorruptError(this.#file, `record ${entry} lies outside the records section`);
    }
    const record = this.#bytes.subarray(this.#records + offset, this.#records + offset + length);
    if (this.#verified[entry] === 0) {
      if (crc32(record) !== this.#u32(at + E.recordCrc)) {
        throw new ShardCorruptError(this.#file, `record ${entry} checksum mismatch`);
      }
      this.#verified[entry] = 1;
    }
    return record;
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
