import assert from "node:assert/strict";
import { buildDist, compileData } from "../../build/build_dist.ts";
import { StrictBuildError } from "../../build/input/build_warning.ts";
import { recordingProgress } from "../../build/progress.ts";
import { main } from "../../build/main.ts";
import { tempDir } from "../support/temp_dir.ts";
import {
  ADDED,
  CURATED_RELEASE,
  dataWithNextRelease,
  NEXT_RELEASE,
  RETIRED,
  RETITLED,
} from "../support/next_release.ts";

// The catalog answers no versioned request; leaving it out keeps the builds short.
const FOLDERS = ["browse", "mappings", "lexicon"];
const data = await dataWithNextRelease(FOLDERS);
const build = await compileData(data, recordingProgress());
const [next, curated] = build.manifest.releases;
const HONEY_PHRASES = [
  ["honey", 674],
  ["raw honey", 675],
  ["manuka honey", 676],
  ["creamed honey", 677],
  ["honeycomb", 678],
  ["bee pollen", 679],
  ["clover honey", 680],
] as const;

function reportOf(release: string): Record<string, unknown> {
  const file = build.files.find((f) => f.name === `${release}.build-report.json`)!;
  return JSON.parse(new TextDecoder().decode(file.bytes));
}

Deno.test("two publications in data/gpc build two releases, the newest first and the default", () => {
  assert.equal(build.manifest.default_release, NEXT_RELEASE);
  assert.deepEqual(build.manifest.releases.map((r) => r.gpc_release), [NEXT_RELEASE, CURATED_RELEASE]);
  assert.equal(build.id.startsWith(`${NEXT_RELEASE}-`), true);
  assert.deepEqual(
    build.files.filter((f) => f.name.endsWith(".shard") && f.name.startsWith("v")).map((f) => f.name),
    ["codes", "bricks", "browse", "lexicon"].flatMap((name) => [`${NEXT_RELEASE}.${name}.shard`])
      .concat(["codes", "bricks", "browse", "lexicon"].map((name) => `${CURATED_RELEASE}.${name}.shard`)),
  );
  assert.notEqual(next!.map_version, curated!.map_version);
});

Deno.test("each release carries the change summary from the next older one: the typed diff's codes", () => {
  const none = { added: [], removed: [], moved: [], retitled: [] };
  assert.deepEqual(next!.changes, {
    from: CURATED_RELEASE,
    segments: none,
    families: none,
    classes: none,
    bricks: { added: [ADDED.code], removed: [RETIRED.code], moved: [], retitled: [RETITLED.code] },
    attributes: {
      types_added: 0,
      types_removed: 0,
      types_retitled: 0,
      values_added: 0,
      values_removed: 0,
      values_retitled: 0,
    },
  });
  assert.equal(curated!.changes, null);
});

Deno.test("content curated for the older release carries into the newer: one mapping row and 7 phrases go stale", () => {
  assert.deepEqual(
    [next!.counts.stale_mapping_rows, next!.counts.stale_lexicon_phrases, next!.counts.lexicon_phrases],
    [1, 7, 762 - 7],
  );
  assert.deepEqual(
    [
      curated!.counts.stale_mapping_rows,
      curated!.counts.stale_lexicon_phrases,
      curated!.counts.lexicon_phrases,
    ],
    [0, 0, 762],
  );
  const report = reportOf(NEXT_RELEASE);
  const staleRow = {
    browse_id: RETIRED.browseId,
    gpc_code: RETIRED.code,
    reason: "retired",
    line: RETIRED.line,
  };
  assert.deepEqual((report.coverage as { stale_rows: unknown }).stale_rows, [staleRow]);
  assert.deepEqual((next!.coverage as { stale_rows: unknown }).stale_rows, [staleRow]);
  assert.deepEqual((next!.coverage as { by_state: unknown }).by_state, {
    verified: 1267,
    provisional: 74,
    stale: 1,
  });
  assert.deepEqual(
    report.lexicon_stale_phrases,
    HONEY_PHRASES.map(([phrase, line]) => ({
      file: `${data}/lexicon/lexicon.csv`,
      phrase,
      line,
      stale: [{ gpc_code: RETIRED.code, reason: "retired" }],
    })),
  );
  assert.equal(report.mapping_carried_from, CURATED_RELEASE);
  assert.deepEqual(report.lexicon_files, [{
    file: `${data}/lexicon/lexicon.csv`,
    declared: CURATED_RELEASE,
    phrases: 762 - 7,
    stale: 7,
    retitled: 71,
    carried_from: CURATED_RELEASE,
  }]);
  assert.deepEqual((reportOf(CURATED_RELEASE).coverage as { stale_rows: unknown }).stale_rows, []);
});

Deno.test("a retitled brick carries over unchanged and is reported, not an error", () => {
  const report = reportOf(NEXT_RELEASE);
  const rows = report.mapping_retitled as { gpc_code: string; from_title: string; to_title: string }[];
  assert.equal(rows.length, 17);
  assert.deepEqual(
    new Set(rows.map((r) => `${r.gpc_code} ${r.from_title} → ${r.to_title}`)),
    new Set([
      `${RETITLED.code} ${RETITLED.from} → ${RETITLED.to}`,
    ]),
  );
  assert.equal((report.lexicon_retitled as unknown[]).length, 71);
  assert.equal(next!.counts.mapping_rows, 345);
});

Deno.test("every stale row is a warning naming its file and line, and nothing else warns", () => {
  assert.deepEqual(
    build.warnings.map((w) => [w.file.slice(data.length), w.where, w.message]),
    [
      [
        "/mappings/amazon-us-grocery.csv",
        `line ${RETIRED.line}`,
        `stale mapping row in ${NEXT_RELEASE}: browse_id ${RETIRED.browseId} → ${RETIRED.code}, which was retired ` +
        `in ${NEXT_RELEASE}`,
      ],
      ...HONEY_PHRASES.map(([phrase, line]) => [
        "/lexicon/lexicon.csv",
        `line ${line}`,
        `stale lexicon phrase in ${NEXT_RELEASE}: "${phrase}" answers blank: ${RETIRED.code} was retired in ` +
        NEXT_RELEASE,
      ]),
      ["/catalog", "", `no catalog snapshot in ${data}/catalog: the stats endpoint will answer 503`],
    ],
  );
});

Deno.test("the build with stale rows succeeds without --strict and fails with it, writing nothing", async () => {
  const out = await tempDir("release-carry-out-");
  const failure = await buildDist(data, out, recordingProgress(), { strict: true }).then(
    () => assert.fail("the strict build passed"),
    (error: unknown) => error,
  );
  assert.ok(failure instanceof StrictBuildError);
  assert.equal(failure.message.split("\n")[0], "--strict: 9 warnings fail the build:");
  assert.deepEqual([...Deno.readDirSync(out)], []);
  assert.equal(await main(["--data", data, "--out", out, "--quiet"]), 0);
  assert.equal((await Deno.readTextFile(`${out}/CURRENT`)).trim(), build.id);
});

Deno.test("--keep 1 serves only the newest release, which then has no change summary", async () => {
  const one = await compileData(data, recordingProgress(), { keep: 1 });
  assert.deepEqual(one.manifest.releases.map((r) => [r.gpc_release, r.changes]), [[NEXT_RELEASE, null]]);
  assert.equal(one.manifest.keep, 1);
  // The older publication is still read: the content's moves and retitles are checked against it.
  assert.equal(one.manifest.releases[0]!.counts.stale_mapping_rows, 1);
});

Deno.test("two publications of one release are refused, naming both files", async () => {
  const dir = await dataWithNextRelease([]);
  await Deno.copyFile(`${dir}/gpc/gpc-en-${NEXT_RELEASE}-derived.xml`, `${dir}/gpc/zz-copy.xml`);
  await assert.rejects(
    compileData(dir, recordingProgress()),
    new RegExp(
      `zz-copy\\.xml: file: is release ${NEXT_RELEASE}, like .*gpc-en-${NEXT_RELEASE}-derived\\.xml`,
    ),
  );
});
