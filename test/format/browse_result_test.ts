import assert from "node:assert/strict";
import { browseRecordJson, browseRecordOf, browseResultText } from "../../src/format/browse_result.ts";
import type { BrowseRecord } from "../../src/format/shard_records.ts";
import { writeShard } from "../../build/dist/shard_writer.ts";
import { assembleBuild } from "../../build/dist/dist_assemble.ts";
import { writeBuild } from "../../build/dist/dist_writer.ts";
import { ShardReader } from "../../src/store/shard_reader.ts";
import { openStore } from "../../src/store/store.ts";
import { smallParts, STALE_BROWSE } from "../support/small_dist.ts";
import { tempDir } from "../support/temp_dir.ts";

const MAPPED: BrowseRecord = {
  gpc: {
    code: "10000155",
    title: "Baking/Cooking Mixes (Frozen)",
    level: "brick",
    segment: "Food/Beverage",
    family: "Bread/Bakery Products",
    class: "Baking/Cooking Mixes/Supplies",
    brick: "Baking/Cooking Mixes (Frozen)",
  },
  match_precision: "exactMatch",
  match_source: "inherited",
  inherited_from: "16310101",
  assurance_state: "verified",
  attribute_count: 6,
  attribute_schema: "carried",
};

/** A record of a dist built before schemas had states: no attribute_schema, read as published. */
const OLD_BRICK: BrowseRecord = {
  gpc: MAPPED.gpc,
  match_precision: "narrowerThan",
  match_source: "self",
  inherited_from: null,
  assurance_state: "provisional",
  attribute_count: 6,
};

const GPC_TEXT = `{"code":"10000155","title":"Baking/Cooking Mixes (Frozen)","level":"brick",` +
  `"segment":"Food/Beverage","family":"Bread/Bakery Products","class":"Baking/Cooking Mixes/Supplies",` +
  `"brick":"Baking/Cooking Mixes (Frozen)"}`;

Deno.test("a browse record is stored as its fields' JSON text, in published order", () => {
  assert.equal(
    browseRecordJson(MAPPED),
    `{"gpc":${GPC_TEXT},"match_precision":"exactMatch","match_source":"inherited",` +
      `"inherited_from":"16310101","assurance_state":"verified","attribute_count":6,"attribute_schema":"carried"}`,
  );
  assert.equal(
    browseRecordJson(OLD_BRICK),
    `{"gpc":${GPC_TEXT},"match_precision":"narrowerThan","match_source":"self","inherited_from":null,` +
      `"assurance_state":"provisional","attribute_count":6,"attribute_schema":"published"}`,
  );
  assert.equal(
    browseRecordJson(STALE_BROWSE),
    `{"gpc":null,"match_precision":null,"match_source":null,"inherited_from":null,"assurance_state":"stale",` +
      `"attribute_count":0,"attribute_schema":null}`,
  );
});

Deno.test("a classify result is the same text from a stored text and from a record of an older dist", () => {
  for (const record of [MAPPED, OLD_BRICK, STALE_BROWSE]) {
    const text = browseResultText("16310211", browseRecordJson(record));
    assert.equal(text, browseResultText("16310211", record));
    assert.equal(text, `{"browse_id":"16310211",${browseRecordJson(record).slice(1)}`);
  }
  assert.equal(
    browseResultText("7", undefined),
    `{"browse_id":"7","gpc":null,"match_precision":null,"match_source":null,"inherited_from":null,` +
      `"assurance_state":null,"attribute_count":0,"attribute_schema":null}`,
  );
});

Deno.test("a stored text reads back as its record, frozen; a record of an older dist is itself", () => {
  const read = browseRecordOf(browseRecordJson(MAPPED));
  assert.deepEqual(read, MAPPED);
  assert.ok(Object.isFrozen(read) && Object.isFrozen(read.gpc));
  assert.deepEqual(browseRecordOf(browseRecordJson(OLD_BRICK)), {
    ...OLD_BRICK,
    attribute_schema: "published",
  });
  assert.equal(browseRecordOf(OLD_BRICK), OLD_BRICK);
});

Deno.test("a built browse shard holds texts, and a shard of records answers the same results", async () => {
  const records = new Map([["16310211", MAPPED], ["16310212", STALE_BROWSE]]);
  const parts = smallParts();
  const build = await assembleBuild({ ...parts, releases: [{ ...parts.releases[0]!, browse: records }] });
  const file = build.files.find((f) => f.name === "v20241202.browse.shard")!;
  const built = new ShardReader(file.name, file.bytes);
  const older = new ShardReader("older.shard", writeShard(records));
  for (const [id, record] of records) {
    assert.equal(built.get(id), browseRecordJson(record));
    assert.equal(built.text(id, browseResultText), older.text(id, browseResultText));
  }
  const dir = await tempDir("browse-texts-");
  await writeBuild(dir, build.id, build.files);
  const store = openStore(dir, { mode: "read" });
  try {
    assert.deepEqual(store.browse("16310211"), MAPPED);
    assert.equal(store.browseResult("16310212"), browseResultText("16310212", STALE_BROWSE));
    assert.equal(store.browse("16310213"), undefined);
  } finally {
    store.close();
  }
});
