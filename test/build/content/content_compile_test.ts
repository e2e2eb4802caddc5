import assert from "node:assert/strict";
import { compileContent } from "../../../build/content/content_compile.ts";
import type { BuildInputs } from "../../../build/input/build_inputs.ts";
import { recordingProgress } from "../../../build/progress.ts";
import { tempDir } from "../../support/temp_dir.ts";
import { buildPlacementIndex } from "../../../build/gpc/gpc_placements.ts";

// These tests read no attribute data: no product is placed anywhere.
const NO_PLACEMENTS = buildPlacementIndex({ release: "v20241202", language: "", source: "", segments: [] });

const FIXTURES = new URL("./fixtures/", import.meta.url);
const ROW = ",50000000,exactMatch,verified,\n";

/** Inputs of a data directory holding the fixture tree as tree "fixture" and, optionally, a mapping table. */
async function fixtureInputs(table?: string): Promise<BuildInputs> {
  const dir = await tempDir("content-compile-");
  const tree = `${dir}/browse/fixture/browse_tree.csv`;
  await Deno.mkdir(`${dir}/browse/fixture`, { recursive: true });
  await Deno.copyFile(new URL("browse_tree.csv", FIXTURES), tree);
  const mappingTables: string[] = [];
  if (table !== undefined) {
    mappingTables.push(`${dir}/mappings/map.csv`);
    await Deno.mkdir(`${dir}/mappings`);
    await Deno.writeTextFile(mappingTables[0]!, table);
  }
  return {
    dataDir: dir,
    gpc: [`${dir}/gpc/none.xml`],
    browseTrees: [{ name: "fixture", folder: `${dir}/browse/fixture`, files: [tree] }],
    mappingTables,
    lexicon: [],
    catalog: [],
    catalogTables: [],
    officialPrices: [],
  };
}

Deno.test("content compile: the build prints how many duplicate rows and alternate names the tree had, and reports them", async () => {
  const progress = recordingProgress();
  const inputs = await fixtureInputs();
  const content = await compileContent(inputs, new Map(), "v20241202", NO_PLACEMENTS, progress);
  assert.equal(
    progress.lines.find((line) => line.includes("duplicate")),
    "browse tree fixture: 1 duplicate row (a node, parents and name already read) and " +
      "1 alternate name (a node named differently under another parent), both listed in build-report.json",
  );
  const report = JSON.parse(
    new TextDecoder().decode(content.extras.find((file) => file.name === "build-report.json")!.bytes),
  );
  assert.deepEqual(report.duplicate_rows, [{ id: "22", parent_node_id: "20", line: 8, earlier_lines: [7] }]);
  assert.deepEqual(report.alternate_names, [{
    id: "23",
    name: "Frozen Dough",
    alternate: "Dough",
    line: 10,
  }]);
});

Deno.test("content compile: a mapping table written for another tree fails with one message naming both trees", async () => {
  const inputs = await fixtureInputs(
    `# map_version: 1\n# browse_tree: amazon-us-grocery\nbrowse_id,gpc_code,match_precision,assurance_state,note\n` +
      `16310211${ROW}16318751${ROW}10${ROW}`,
  );
  await assert.rejects(compileContent(inputs, new Map(), "v20241202", NO_PLACEMENTS, recordingProgress()), {
    name: "BuildError",
    message:
      `${inputs.mappingTables[0]}: metadata: browse_tree "amazon-us-grocery" is not this tree "fixture" ` +
      `(${
        inputs.browseTrees[0]!.files[0]
      }): 2 of the table's 3 rows name ids that are not nodes of this tree`,
  });
});
