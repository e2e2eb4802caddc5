import assert from "node:assert/strict";
import { DIGEST_SLICE_BYTES, shardSha256Hex } from "../../src/store/shard_digest.ts";
import { sha256Hex } from "../../src/format/sha256.ts";

Deno.test("a shard hashed in slices has the sha256 the build wrote, whatever its length against the slice", async () => {
  for (const length of [0, 1, DIGEST_SLICE_BYTES - 1, DIGEST_SLICE_BYTES, 2 * DIGEST_SLICE_BYTES + 3]) {
    const bytes = new Uint8Array(length);
    for (let i = 0; i < length; i++) bytes[i] = (i * 31 + (i >> 11)) & 0xff;
    assert.equal(await shardSha256Hex(bytes, () => false), await sha256Hex(bytes), `length ${length}`);
  }
  assert.equal(
    await shardSha256Hex(new TextEncoder().encode("abc"), () => false),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
});

Deno.test("hashing a large shard lets timers run between its slices", async () => {
  const bytes = new Uint8Array(8 * DIGEST_SLICE_BYTES);
  let ticks = 0;
  const timer = setInterval(() => ticks++, 0);
  try {
    await shardSha256Hex(bytes, () => false);
  } finally {
    clearInterval(timer);
  }
  assert.ok(ticks >= 1, `no timer ran while 8 slices were hashed (${ticks})`);
});

Deno.test("hashing stops at the next slice once told to, and gives no digest", async () => {
  const bytes = new Uint8Array(4 * DIGEST_SLICE_BYTES);
  let asked = 0;
  assert.equal(await shardSha256Hex(bytes, () => ++asked > 2), undefined);
  assert.equal(asked, 3);
});
