import assert from "node:assert/strict";
import { distWith, smallParts } from "../support/small_dist.ts";
import { startService } from "../support/server_process.ts";
import { H } from "../../src/format/shard_format.ts";

// 20,000 extra codes make codes.shard about 1 MB: its last record lies hundreds of pages past its index.
const LAST_CODE = "30019999";

Deno.test("a shard truncated in place under a running mmap server turns it unhealthy instead of killing it", async () => {
  const { dir, buildDir } = await distWith(smallParts(20_000));
  const shard = `${buildDir}/v20241202.codes.shard`;
  const header = new DataView((await Deno.readFile(shard)).buffer);
  const recordsOffset = header.getUint32(H.recordsOffset, true);
  const server = await startService(dir);
  try {
    assert.ok(server.lines.some((line) => line.includes('"mode":"mmap"')), server.lines.join("\n"));
    const before = await fetch(`${server.base}/healthz`);
    assert.equal(before.status, 200);
    await before.body?.cancel();

    // Keeps the index, cuts every record: the next lookup of a record not read yet would touch lost pages.
    await Deno.truncate(shard, recordsOffset);
    const answer = await fetch(`${server.base}/v1/reference/brick-attributes?gpc_code=${LAST_CODE}`)
      .then(async (r) => ({ status: r.status, code: (await r.json()).error?.code }))
      .catch(async (error) => ({ status: `no answer (${error})`, exit: await server.status }));
    assert.deepEqual(answer, { status: 503, code: "UNAVAILABLE" });
    const health = await fetch(`${server.base}/healthz`);
    assert.equal(health.status, 503);
    assert.equal((await health.json()).reason, "the compiled data failed an integrity check");
    const naming = server.lines.filter((line) => line.includes(shard));
    assert.equal(naming.length, 1, server.lines.join("\n"));
    assert.match(
      naming[0]!,
      new RegExp(`shard ${shard} is corrupt: ${recordsOffset} bytes on disk, the manifest says \\d+`),
    );
    // Still alive: it drains on SIGTERM and exits 0.
    assert.equal((await server.stop()).code, 0);
  } finally {
    await server.stop();
  }
});
