/**
 * The sha256 of a served shard, hashed in slices with a turn of the event loop between them. WebCrypto's
 * digest takes its input whole and copies it first: for a shard of hundreds of megabytes that copy was the
 * start-up's anonymous memory peak (387 MB over a 358 MB browse shard, 39 MB without it). Slices of a
 * mapping are hashed where they lie, so verification adds no memory, and a slice (about a millisecond of
 * hashing) is all a request can wait behind while the background check runs.
 */
import { createHash } from "node:crypto";

/** Bytes hashed between two turns of the event loop. */
export const DIGEST_SLICE_BYTES = 2 * 1024 * 1024;

/**
 * Hex sha256 of `bytes`, the same as `sha256Hex` of src/format/sha256.ts, without copying them; undefined
 * when `stopped` says so at a turn between slices (a mapping unmapped meanwhile must never be read: that is
 * a segmentation fault, not an exception).
 */
export async function shardSha256Hex(bytes: Uint8Array, stopped: () => boolean): Promise<string | undefined> {
  const hash = createHash("sha256");
  for (let at = 0; at < bytes.length; at += DIGEST_SLICE_BYTES) {
    if (at > 0) await nextTurn();
    if (stopped()) return undefined;
    hash.update(bytes.subarray(at, Math.min(at + DIGEST_SLICE_BYTES, bytes.length)));
  }
  return hash.digest("hex");
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
