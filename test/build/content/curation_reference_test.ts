/**
 * The curation report of the embedded data over every segment: with the placements of the full GPC reference
 * (../shared/data/gpc-reference/, every segment's "Type of …" values), read where the checkout has it and
 * always in CI, every flag of the mapping table and the lexicon is fixed or reviewed.
 */
import assert from "node:assert/strict";
import { parseCurationArgs, runCuration } from "../../../build/content/curation_cli.ts";

const REFERENCE = "../shared/data/gpc-reference/gpc-assembled-2025-EN-all-segments.json";
const present = await Deno.stat(REFERENCE).then(() => true, () => false);

Deno.test("curation command: --reference names a publication whose placements complete the served ones'", () => {
  assert.deepEqual(parseCurationArgs(["--reference", "ref.json"]), {
    dataDir: "data",
    json: false,
    all: false,
    reference: "ref.json",
  });
});

for (const tree of [undefined, "google"]) {
  const what = tree === undefined ? "the default tree's table and the lexicon" : `the ${tree} tree's table`;
  Deno.test({
    name:
      `the embedded data's curation report over every segment: ${what}, no unreviewed flag, no stale marker`,
    ignore: !present && Deno.env.get("CI") !== "true",
    fn: async () => {
      let out = "";
      let err = "";
      const args = ["--reference", REFERENCE, ...(tree === undefined ? [] : ["--tree", tree])];
      const status = await runCuration(args, (t) => out += t, (t) => err += t);
      assert.equal(status, 0, err);
      assert.match(
        out.split("\n")[0]!,
        new RegExp(
          `^curation report of data against GPC v20251127 with the placements of ${
            REFERENCE.replaceAll(".", "\\.")
          }: \\d+ flags, 0 unreviewed;`,
        ),
        out.slice(0, 4000),
      );
      // With every segment's placements, a marker naming a flag the row does not have is truly stale.
      assert.deepEqual(out.split("\n").filter((line) => line.startsWith("stale review")), []);
    },
  });
}
