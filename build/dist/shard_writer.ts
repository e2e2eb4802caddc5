/**
 * Writes one shard (layout in src/shard_format.ts) from key → record pairs.
 *
 * Output depends only on the pairs: entries are sorted by key bytes and records are encoded with the
 * fixed options of the manifest, so identical inputs give identical bytes.
 */
import { Packr } from "npm:msgpackr@2.1.3";
import {
  bucketCountFor,
  crc32,
  E,
  ENTRY_BYTES,
  fnv1a,
  H,
  HEADER_BYTES,
  MSGPACK_OPTIONS,
  SHARD_FORMAT_VERSION,
  SHARD_MAGIC,
} from "../../src/format/shard_format.ts";

const packr = new Packr({ ...MSGPACK_OPTIONS });
const encoder = new TextEncoder();

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** Encodes key → record pairs into shard bytes; a key may appear once. */
export function writeShard(pairs: Iterable<readonly [string, unknown]>): Uint8Array {
  const items: { key: Uint8Array; record: Uint8Array }[] = [];
  for (const [key, value] of pairs) {
    items.push({ key: encoder.encode(key), record: packr.pack(value) });
  }
  items.sort((a, b) => compareBytes(a.key, b.key));
  for (let i = 1; i < items.length; i++) {
    if (compareBytes(items[i - 1]!.key, items[i]!.key) === 0) {
      throw new Error(`duplicate shard key "${new TextDecoder().decode(items[i]!.key)}"`);
    }
  }

  const n = items.length;
  const bucketCount = bucketCountFor(n);
  const bucketsOffset = HEADER_BYTES;
  const entriesOffset = bucketsOffset + bucketCount * 4;
  const keysOffset = entriesOffset + n * ENTRY_BYTES;
  const keysLength = items.reduce((sum, item) => sum + item.key.length, 0);
  const recordsOffset = keysOffset + keysLength;
  const recordsLength = items.reduce((sum, item) => sum + item.record.length, 0);
  const fileLength = recordsOffset + recordsLength;

  const bytes = new Uint8Array(fileLength);
  const view = new DataView(bytes.buffer);
  const mask = bucketCount - 1;
  let keyAt = 0;
  let recordAt = 0;
  items.forEach((item, i) => {
    const entry = entriesOffset + i * ENTRY_BYTES;
    view.setUint32(entry + E.keyOffset, keyAt, true);
    view.setUint32(entry + E.keyLength, item.key.length, true);
    view.setUint32(entry + E.recordOffset, recordAt, true);
    view.setUint32(entry + E.recordLength, item.record.length, true);
    view.setUint32(entry + E.recordCrc, crc32(item.record), true);
    bytes.set(item.key, keysOffset + keyAt);
    bytes.set(item.record, recordsOffset + recordAt);
    keyAt += item.key.length;
    recordAt += item.record.length;
    let slot = fnv1a(item.key) & mask;
    while (view.getUint32(bucketsOffset + slot * 4, true) !== 0) slot = (slot + 1) & mask;
    view.setUint32(bucketsOffset + slot * 4, i + 1, true);
  });

  bytes.set(encoder.encode(SHARD_MAGIC), H.magic);
  view.setUint32(H.version, SHARD_FORMAT_VERSION, true);
  view.setUint32(H.recordCount, n, true);
  view.setUint32(H.bucketCount, bucketCount, true);
  view.setUint32(H.bucketsOffset, bucketsOffset, true);
  view.setUint32(H.entriesOffset, entriesOffset, true);
  view.setUint32(H.keysOffset, keysOffset, true);
  view.setUint32(H.keysLength, keysLength, true);
  view.setUint32(H.recordsOffset, recordsOffset, true);
  view.setUint32(H.recordsLength, recordsLength, true);
  view.setUint32(H.fileLength, fileLength, true);
  view.setUint32(H.indexCrc, crc32(bytes, HEADER_BYTES, recordsOffset), true);
  view.setUint32(H.headerCrc, crc32(bytes, 0, H.headerCrc), true);
  return bytes;
}
