/**
 * The release diff on the two real publications at hand: the v20241202 XML excerpt (four families of segment
 * 50000000, with attributes) and the full v20251127 XLSX hierarchy (no attribute columns).
 *
 * The expected numbers were established independently of this code, by a python3 reading of both files
 * (ElementTree over the XML; the XLSX's sheet and shared strings unzipped and read by header name): in the
 * four families both files hold 1 segment, 4 families, 25 classes and 130 bricks (10, 27, 78 and 15 bricks per
 * family), with the same codes under the same parents; the only title changes are three bricks,
 * "Cereals Products" → "Cereal Products". Over whole releases the XLSX adds 44 segments, 158 families, 912
 * classes and 5,176 bricks to the excerpt and removes none.
 */
import assert from "node:assert/strict";
import { readGpc } from "../../../build/gpc/gpc_read.ts";
import { diffReleases } from "../../../build/diff/release_diff.ts";
import { runReleaseDiff } from "../../../build/diff/release_diff_cli.ts";
import type { ComparableAttributeChanges } from "../../../build/diff/release_diff_report.ts";

const DATA = "/work/shared/data/gpc";
const OLDER = `${DATA}/gpc-en-v20241202-excerpt-seg50-four-families.xml`;
const NEWER = `${DATA}/gpc-v20251127-GB-hierarchy-only-with-AR-columns.xlsx`;
const FOUR_FAMILIES = ["50150000", "50180000", "50190000", "50220000"];

const older = await readGpc(OLDER);
const newer = await readGpc(NEWER);

const cerealRetitles = [
  {
    code: "10000284",
    fromTitle: "Cereals Products - Ready to Eat (Shelf Stable)",
    toTitle: "Cereal Products - Ready to Eat (Shelf Stable)",
  },
  {
    code: "10000285",
    fromTitle: "Cereals Products - Not Ready to Eat (Shelf Stable)",
    toTitle: "Cereal Products - Not Ready to Eat (Shelf Stable)",
  },
  {
    code: "10006250",
    fromTitle: "Cereals Products - Not Ready to Eat (Frozen)",
    toTitle: "Cereal Products - Not Ready to Eat (Frozen)",
  },
];

const noChanges = { added: [], removed: [], moved: [], retitled: [] };

Deno.test("real diff within the four families: three bricks retitled, nothing else, attributes not comparable", () => {
  const diff = diffReleases(older, newer, { families: FOUR_FAMILIES });
  assert.deepEqual(diff, {
    older: {
      release: "v20241202",
      language: "EN",
      source: OLDER,
      hasAttributes: true,
      compared: { segments: 1, families: 4, classes: 25, bricks: 130 },
    },
    newer: {
      release: "v20251127",
      language: "",
      source: NEWER,
      hasAttributes: false,
      compared: { segments: 1, families: 4, classes: 25, bricks: 130 },
    },
    scope: { families: FOUR_FAMILIES, familiesInNeither: [] },
    segments: { added: [], removed: [], retitled: [] },
    families: noChanges,
    classes: noChanges,
    bricks: { ...noChanges, retitled: cerealRetitles },
    attributes: {
      comparable: false,
      sidesWithoutAttributes: ["newer"],
      reason:
        `v20251127 (${NEWER}) carries no attribute data (no brick has an attribute type), so attribute ` +
        "changes cannot be told from the files",
    },
  });
});

Deno.test("real diff of whole releases counts the excerpt's missing nodes as added in the newer release", () => {
  const diff = diffReleases(older, newer);
  const counts = [diff.families, diff.classes, diff.bricks].map((level) => [
    level.added.length,
    level.removed.length,
    level.moved.length,
    level.retitled.length,
  ]);
  assert.deepEqual(
    [diff.segments.added.length, diff.segments.removed.length, diff.segments.retitled.length],
    [44, 0, 0],
  );
  assert.deepEqual(counts, [[158, 0, 0, 0], [912, 0, 0, 0], [5176, 0, 0, 3]]);
  assert.deepEqual(diff.newer.compared, { segments: 45, families: 162, classes: 937, bricks: 5306 });
  assert.deepEqual(diff.bricks.retitled, cerealRetitles);
});

Deno.test("real excerpt diffed with itself compares its attributes and finds no change", () => {
  const diff = diffReleases(older, older, { families: FOUR_FAMILIES });
  const none: ComparableAttributeChanges = {
    comparable: true,
    typesAdded: [],
    typesRemoved: [],
    typesRetitled: [],
    valuesAdded: [],
    valuesRemoved: [],
    valuesRetitled: [],
  };
  assert.deepEqual([diff.bricks, diff.attributes], [noChanges, none]);
});

Deno.test("the diff command on the real files prints the summary and writes a JSON report equal to the diff", async () => {
  const dir = await Deno.makeTempDir({ prefix: "release_diff_" });
  try {
    const out = `${dir}/report.json`;
    const printed: string[] = [];
    const status = await runReleaseDiff([
      "--diff",
      OLDER,
      NEWER,
      "--families",
      FOUR_FAMILIES.join(","),
      "--out",
      out,
    ], {
      read: readGpc,
      writeText: Deno.writeTextFile,
      out: (text) => printed.push(text),
      err: (text) => printed.push(`err: ${text}`),
    });
    assert.equal(status, 0);
    assert.equal(printed.length, 2);
    assert.ok(printed[0]!.includes("bricks: 0 added, 0 removed, 0 moved, 3 retitled\n"), printed[0]);
    assert.equal(printed[1], `err: report written to ${out}`);
    const report = JSON.parse(await Deno.readTextFile(out));
    assert.deepEqual(report, {
      format: "gpc-release-diff/1",
      ...diffReleases(older, newer, { families: FOUR_FAMILIES }),
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
