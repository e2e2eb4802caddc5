import assert from "node:assert/strict";
import { compileData } from "../../build/build_dist.ts";
import { recordingProgress } from "../../build/progress.ts";
import { dataWithCuratedRelease } from "../support/next_release.ts";

const GPC = "gpc/gpc-en-v20241202-excerpt-seg50-four-families.xml";
const TREE = "browse/amazon-us-grocery/amazon_us_grocery_nodes_with_parents.csv";
const TABLE = "mappings/amazon-us-grocery.csv";
const LEXICON = "lexicon/lexicon.csv";
// The catalog answers no classify or brick-attributes request; leaving it out keeps each build short. The
// content curated against the excerpt keeps what is checked independent of the embedded default's curation.
const REFERENCE_INPUTS = ["browse", "mappings", "lexicon"];

/** The two version headers of a build of `data`. */
async function versionsOf(data: string): Promise<{ gpc_release: string; map_version: string }> {
  const { manifest } = await compileData(data, recordingProgress());
  const release = manifest.releases[0]!;
  return { gpc_release: release.gpc_release, map_version: release.map_version };
}

async function edit(data: string, file: string, change: (text: string) => string): Promise<void> {
  const text = await Deno.readTextFile(`${data}/${file}`);
  const changed = change(text);
  assert.notEqual(changed, text, `the edit of ${file} changed nothing`);
  await Deno.writeTextFile(`${data}/${file}`, changed);
}

// Each edit changes at least one answer: a new phrase (q 404 → 200), a new node (browse_id 404 → 200), a
// row's assurance_state, a brick's title (same release date, so X-GPC-Release stays v20241202).
const EDITS: [string, string, (text: string) => string][] = [
  ["a phrase appended to the lexicon", LEXICON, (text) => `${text}spelt flakes,10000203,test\n`],
  [
    "a node appended to the browse tree",
    TREE,
    (text) => `${text}99999999901,16318751,3,Test Loaves,Food/Test\n`,
  ],
  [
    "a mapping row's assurance_state",
    TABLE,
    (text) =>
      text.replace("16310211,50000000,closeMatch,verified,", "16310211,50000000,closeMatch,provisional,"),
  ],
  [
    "a brick retitled in the GPC publication, release date unchanged",
    GPC,
    (text) => text.replace('text="Baking/Cooking Mixes (Frozen)"', 'text="Baking Mixes (Frozen)"'),
  ],
];

Deno.test("X-Map-Version keeps the curators' version and changes with every input that can change an answer", async () => {
  const original = await versionsOf(await dataWithCuratedRelease(REFERENCE_INPUTS));
  assert.equal(original.gpc_release, "v20241202");
  assert.match(original.map_version, /^2026\.11\.2\+[0-9a-f]{8}$/);
  // Identical inputs in another directory: identical versions.
  assert.deepEqual(await versionsOf(await dataWithCuratedRelease(REFERENCE_INPUTS)), original);
  const seen = new Set([original.map_version]);
  for (const [what, file, change] of EDITS) {
    const data = await dataWithCuratedRelease(REFERENCE_INPUTS);
    await edit(data, file, change);
    const versions = await versionsOf(data);
    assert.equal(versions.gpc_release, original.gpc_release, what);
    assert.match(versions.map_version, /^2026\.11\.2\+[0-9a-f]{8}$/, what);
    assert.ok(
      !seen.has(versions.map_version),
      `${what}: X-Map-Version ${versions.map_version} did not change`,
    );
    seen.add(versions.map_version);
  }
});

Deno.test("without a mapping table X-Map-Version is none plus the hash, and the lexicon still moves it", async () => {
  const data = await dataWithCuratedRelease(["browse", "lexicon"]);
  const before = await versionsOf(data);
  assert.match(before.map_version, /^none\+[0-9a-f]{8}$/);
  await edit(data, LEXICON, (text) => `${text}spelt flakes,10000203,test\n`);
  const after = await versionsOf(data);
  assert.match(after.map_version, /^none\+[0-9a-f]{8}$/);
  assert.notEqual(after.map_version, before.map_version);
});
