import assert from "node:assert/strict";
import { assembleBuild, encodeBrowseShard } from "../../../build/dist/dist_assemble.ts";
import type { BrowseRecord } from "../../../src/format/shard_records.ts";
import { smallParts, STALE_BROWSE } from "../../support/small_dist.ts";

const BROWSE = new Map<string, BrowseRecord>([
  ["2", {
    gpc: null,
    match_precision: null,
    match_source: null,
    inherited_from: null,
    assurance_state: null,
    attribute_count: 0,
  }],
  ["10", STALE_BROWSE],
]);

Deno.test("a browse shard encoded before assembly gives the build the bytes its records give", async () => {
  const parts = smallParts();
  const fromRecords = await assembleBuild({
    ...parts,
    releases: [{ ...parts.releases[0]!, browse: BROWSE }],
  });
  const fromEncoded = await assembleBuild({
    ...parts,
    releases: [{ ...parts.releases[0]!, browse: encodeBrowseShard(BROWSE) }],
  });
  assert.equal(fromEncoded.id, fromRecords.id);
  assert.deepEqual(fromEncoded.manifest, fromRecords.manifest);
  assert.deepEqual(fromEncoded.files.map((f) => f.name), fromRecords.files.map((f) => f.name));
  for (const [i, file] of fromEncoded.files.entries()) {
    assert.deepEqual(file.bytes, fromRecords.files[i]!.bytes);
  }
  assert.equal(fromEncoded.manifest.releases[0]!.shards.browse.records, 2);
});
