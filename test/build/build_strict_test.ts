import assert from "node:assert/strict";
import { tempDir } from "../support/temp_dir.ts";
import { main } from "../../build/main.ts";
import { buildDist } from "../../build/build_dist.ts";
import { StrictBuildError } from "../../build/input/build_warning.ts";
import { recordingProgress } from "../../build/progress.ts";

/** A data folder with seven unreviewed curation flags, one stale review and no catalog. */
const DATA = new URL("./content/fixtures/curation_data", import.meta.url).pathname;
const GPC = `${DATA}/gpc/gpc-curation-fixture-v20241202.xml`;

Deno.test("--strict fails a build on its warnings, lists every one and writes nothing", async () => {
  const out = await tempDir("build-strict-out-");
  const failure = await buildDist(DATA, out, recordingProgress(), { strict: true }).then(
    () => assert.fail("the build passed"),
    (error: unknown) => error,
  );
  assert.ok(failure instanceof StrictBuildError);
  const lines = failure.message.split("\n");
  assert.equal(lines[0], "--strict: 9 warnings fail the build:");
  assert.deepEqual(
    lines.slice(1).map((line) => line.replaceAll(DATA, "DATA").replace(/(line \d+: [a-z]+ [a-z_]+).*/, "$1")),
    [
      "  DATA/mappings/fixture.csv: line 6: unreviewed placement_mismatch",
      "  DATA/mappings/fixture.csv: line 7: unreviewed close_match_on_type",
      "  DATA/mappings/fixture.csv: line 8: unreviewed exact_match_on_broad_brick",
      "  DATA/mappings/fixture.csv: line 9: unreviewed coarse_target",
      "  DATA/mappings/fixture.csv: line 15: unreviewed close_match_on_type",
      "  DATA/lexicon/lexicon.csv: line 5: unreviewed placement_mismatch",
      "  DATA/lexicon/lexicon.csv: line 6: unreviewed placement_partial",
      "  DATA/mappings/fixture.csv: line 12: stale review",
      "  DATA/catalog: no catalog snapshot in DATA/catalog: the stats endpoint will answer 503",
    ],
  );
  assert.equal(await main(["--data", DATA, "--out", out, "--strict", "--quiet"]), 1);
  assert.deepEqual([...Deno.readDirSync(out)], []);
});

Deno.test("without --strict the same folder builds, with its warnings in the build", async () => {
  const out = await tempDir("build-strict-out-");
  const progress = recordingProgress();
  const build = await buildDist(DATA, out, progress);
  assert.equal(build.warnings.length, 9);
  assert.ok(
    progress.lines.includes(
      `warning: no catalog snapshot in ${DATA}/catalog: the stats endpoint will answer 503`,
    ),
  );
  assert.equal((await Deno.readTextFile(`${out}/CURRENT`)).trim(), build.id);
});

Deno.test("--strict passes a build whose every flag is reviewed", async () => {
  const data = await tempDir("build-strict-data-");
  for (const folder of ["gpc", "lexicon", "catalog"]) await Deno.mkdir(`${data}/${folder}`);
  await Deno.copyFile(GPC, `${data}/gpc/release.xml`);
  await Deno.copyFile("data/catalog/us_generated_2022.csv", `${data}/catalog/us.csv`);
  const lexicon = "# lexicon_version: 1\nphrase,gpc_codes,note\n" +
    "doughnut,10000171,reviewed placement_mismatch: a curator's reason\n";
  await Deno.writeTextFile(`${data}/lexicon/lexicon.csv`, lexicon);
  const out = await tempDir("build-strict-out-");
  assert.equal(await main(["--data", data, "--out", out, "--strict", "--quiet"]), 0);
  await Deno.writeTextFile(
    `${data}/lexicon/lexicon.csv`,
    lexicon.replace("reviewed placement_mismatch: ", ""),
  );
  assert.equal(await main(["--data", data, "--out", out, "--strict", "--quiet"]), 1);
});

Deno.test("the embedded data builds with --strict: every curation flag is reviewed, nothing else warns", async () => {
  const out = await tempDir("build-strict-embedded-");
  const build = await buildDist("data", out, recordingProgress(), { strict: true });
  assert.deepEqual(build.warnings, []);
});
