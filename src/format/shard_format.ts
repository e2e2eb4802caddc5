/**
 * The shard file format, shared by the compiler (which writes it) and the store (which reads it).
 *
 * A shard maps string keys to MessagePack records and is read in place, without parsing the file:
 *
 * ```
 * header   64 bytes   magic "GPCSHARD", version, counts, section offsets, CRC-32s of header and index
 * buckets  4 × B      open-addressing table (B a power of two, load ≤ 1/2): entry number + 1, 0 = empty
 * entries  20 × N     per record: key offset, key length, record offset, record length, record CRC-32
 * keys     …          UTF-8 keys, concatenated in entry order (entries are sorted by key bytes)
 * records  …          MessagePack records, concatenated in entry order
 * ```
 *
 * All integers are little-endian u32. A lookup hashes the key (FNV-1a, 32 bit), probes the buckets
 * linearly, compares key bytes and slices the record: O(1), and nothing but that record is decoded.
 * Opening checks the header, the section bounds and the index CRC (work proportional to the number of
 * keys, not to the record bytes); each record's CRC is checked when it is read, so a corrupted record is
 * detected before it is served. The manifest's sha256 covers the whole file for full verification.
 */
import { crc32 as zlibCrc32 } from "node:zlib";

/** The 8 magic bytes every shard starts with. */
export const SHARD_MAGIC = "GPCSHARD";
/** Version of this layout; readers refuse any other. */
export const SHARD_FORMAT_VERSION = 1;
/** Bytes of the fixed header. */
export const HEADER_BYTES = 64;
/** Bytes of one index entry. */
export const ENTRY_BYTES = 20;

/** Header field offsets. */
export const H = {
  magic: 0,
  version: 8,
  recordCount: 12,
  bucketCount: 16,
  bucketsOffset: 20,
  entriesOffset: 24,
  keysOffset: 28,
  keysLength: 32,
  recordsOffset: 36,
  recordsLength: 40,
  fileLength: 44,
  indexCrc: 48,
  headerCrc: 60,
} as const;

/** Entry field offsets, relative to the entry. */
export const E = { keyOffset: 0, keyLength: 4, recordOffset: 8, recordLength: 12, recordCrc: 16 } as const;

/** msgpackr options every shard record is written and read with; the manifest records them. */
export const MSGPACK_OPTIONS = Object.freeze(
  {
    useRecords: false,
    mapsAsObjects: true,
    variableMapSize: true,
    useFloat32: 0,
    int64AsType: "number",
  } as const,
);

/**
 * From this many bytes on, CRC-32 is computed by zlib: a record checked on its first read lies at random in
 * the mapping, and zlib through a call beat the loop from 64 bytes on (460 bytes, a browse record: 250 against
 * 1,260 ns; 64 bytes: 220 against 350 ns).
 */
const NATIVE_CRC_BYTES = 64;

/** FNV-1a 32-bit hash of bytes. */
export function fnv1a(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) {
    hash ^= bytes[i]!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE) of bytes[start, end). */
export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  // zlib's CRC-32 (the same polynomial) is native: a full-scale shard's index is checked at open in a few
  // milliseconds instead of a tenth of a second. Only the shortest records are cheaper in the loop.
  if (end - start >= NATIVE_CRC_BYTES) return zlibCrc32(bytes.subarray(start, end)) >>> 0;
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Smallest power of two ≥ 2·n (at least 1): the bucket count for n keys. */
export function bucketCountFor(n: number): number {
  let b = 1;
  while (b < n * 2) b *= 2;
  return b;
}
