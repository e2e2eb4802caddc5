import assert from "node:assert/strict";
import { readContentTrees } from "../../../build/content/content_trees.ts";
import { findBuildInputs } from "../../../build/input/build_inputs.ts";
import { recordingProgress } from "../../../build/progress.ts";
import { tempDir } from "../../support/temp_dir.ts";

const TREE = "node_id,parent_node_id,node_name\n1,,Food\n2,1,Bread\n";
const HEAD = "browse_id,gpc_code,match_precision,assurance_state,note\n";
const PATHS =
  "browse_id,path,gpc_code,match_precision,assurance_state,note\n7,Food,,,,\n8,Food > Bread,,,,\n";

/** A data folder with tree folders `folders` (each the small tree) and mapping tables `tables` (name → text). */
async function dataWith(folders: string[], tables: Record<string, string>): Promise<string> {
  const dir = await tempDir("trees-");
  await Deno.mkdir(`${dir}/gpc`);
  await Deno.writeTextFile(`${dir}/gpc/g.xml`, "");
  for (const folder of folders) {
    await Deno.mkdir(`${dir}/browse/${folder}`, { recursive: true });
    await Deno.writeTextFile(`${dir}/browse/${folder}/tree.csv`, TREE);
  }
  await Deno.mkdir(`${dir}/mappings`);
  for (const [name, text] of Object.entries(tables)) {
    await Deno.writeTextFile(`${dir}/mappings/${name}`, text);
  }
  return dir;
}

const read = async (dir: string) => await readContentTrees(findBuildInputs(dir), recordingProgress());

Deno.test("content trees: a folder and a path table are two trees; the one saying default_tree comes first", async () => {
  const dir = await dataWith(["shop"], {
    "shop.csv": `# map_version: 1\n# browse_tree: shop\n${HEAD}2,10000164,exactMatch,verified,bread\n`,
    "web.csv": `# map_version: 1\n# browse_tree: web\n# tree: web-shop\n# default_tree: yes\n${PATHS}`,
  });
  const trees = await read(dir);
  assert.deepEqual(
    trees.map((t) => [t.name, t.request, t.default, t.read.tree.nodes.size, t.table?.rows.length]),
    [
      ["web", "web-shop", true, 2, 0],
      ["shop", "shop", false, 2, 1],
    ],
  );
});

const refused: [string, string[], Record<string, string>, RegExp][] = [
  [
    "two tables for one tree",
    ["shop"],
    {
      "a.csv": `# map_version: 1\n# browse_tree: shop\n${HEAD}`,
      "b.csv": `# map_version: 1\n# browse_tree: shop\n${HEAD}`,
    },
    /b\.csv: metadata: maps tree "shop", as .*a\.csv does: one table a tree$/,
  ],
  [
    "a path table for a tree that has a folder",
    ["shop", "other"],
    { "a.csv": `# map_version: 1\n# browse_tree: shop\n${PATHS}` },
    /a\.csv: header: has a path column, but tree "shop" has its folder .*: one source a tree$/,
  ],
  [
    "a table naming a tree with no folder and no paths",
    ["shop", "other"],
    { "a.csv": `# map_version: 1\n# browse_tree: web\n${HEAD}` },
    /a\.csv: metadata: maps tree "web", which has no folder in .*\/browse and no path column to derive it$/,
  ],
  [
    "a request name that is not lower-case letters, digits and hyphens",
    [],
    { "a.csv": `# map_version: 1\n# browse_tree: web\n# tree: Web_Shop\n${PATHS}` },
    /a\.csv: metadata: tree "Web_Shop" is not a request name: 1 to 40 lower-case letters, digits and hyphens$/,
  ],
  [
    "two trees and no default",
    ["shop"],
    { "web.csv": `# map_version: 1\n# browse_tree: web\n${PATHS}` },
    /mappings: metadata: 2 trees \(shop, web\) and 0 tables saying `# default_tree: yes`: exactly one tree must be the default$/,
  ],
];

for (const [name, folders, tables, message] of refused) {
  Deno.test(`content trees: refused, naming the file: ${name}`, async () => {
    await assert.rejects(read(await dataWith(folders, tables)), (error: Error) => {
      assert.equal(error.name, "BuildError");
      assert.match(error.message, message);
      return true;
    });
  });
}
