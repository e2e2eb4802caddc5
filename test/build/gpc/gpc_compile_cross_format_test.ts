import assert from "node:assert/strict";
import { tempDir } from "../../support/temp_dir.ts";
import { compileData } from "../../../build/build_dist.ts";
import { readGpcXml } from "../../../build/gpc/gpc_xml_reader.ts";
import { recordingProgress } from "../../../build/progress.ts";
import { writeGpcJson, writeGpcXlsx } from "../../support/gpc_writers.ts";

const EXCERPT = "data/gpc/gpc-en-v20241202-excerpt-seg50-four-families.xml";

/** A data directory holding only one GPC publication. */
async function dataWith(name: string, bytes: Uint8Array): Promise<string> {
  const dir = await tempDir("cross-format-");
  await Deno.mkdir(`${dir}/gpc`);
  await Deno.writeFile(`${dir}/gpc/${name}`, bytes);
  return dir;
}

Deno.test("the same release compiles to byte-identical shards from XML, JSON and XLSX", async () => {
  const release = await readGpcXml(EXCERPT);
  const xmlDir = await dataWith("gpc.xml", await Deno.readFile(EXCERPT));
  const jsonDir = await dataWith("gpc.json", new TextEncoder().encode(writeGpcJson(release)));
  // XLSX carries no date: the release id comes from GS1's download name.
  const xlsxDir = await dataWith("GPC as of November 2024 v20241202 EN.xlsx", writeGpcXlsx(release));

  const builds = await Promise.all(
    [xmlDir, jsonDir, xlsxDir].map((dir) => compileData(dir, recordingProgress())),
  );
  const shards = builds.map((build) => build.files.filter((file) => file.name.endsWith(".shard")));
  assert.deepEqual(shards[0]!.map((f) => f.name), [
    "v20241202.codes.shard",
    "v20241202.bricks.shard",
    "v20241202.browse.shard",
    "v20241202.lexicon.shard",
    "catalog.shard",
    "catalog_lookup.shard",
    "marketing_share.shard",
    "marketing_landscape.shard",
    "marketing_brands.shard",
    "analyst_inflation.shard",
    "analyst_dispersion.shard",
    "shopper_search.shard",
    "shopper_products.shard",
    "shopper_deals.shard",
  ]);
  assert.deepEqual(shards[1], shards[0], "JSON differs from XML");
  assert.deepEqual(shards[2], shards[0], "XLSX differs from XML");
  for (const build of builds) {
    assert.equal(build.manifest.default_release, "v20241202");
    const release = build.manifest.releases[0]!;
    assert.deepEqual(
      [release.shards.codes.records, release.shards.bricks.records],
      [1 + 4 + 25 + 130 + 98 + 823, 130],
    );
  }
});
