/**
 * Several browse trees in one build: a tree folder with its table, and a table that describes its own tree
 * by paths (no folder). classify answers each tree under its name, with its own X-Map-Version; the
 * releases listing names every tree; an unserved tree is a free 400 naming the served ones.
 */
import assert from "node:assert/strict";
import { buildDist } from "../../build/build_dist.ts";
import { recordingProgress } from "../../build/progress.ts";
import { readConfig } from "../../src/config.ts";
import { createHandler } from "../../src/http/handler.ts";
import { createLog } from "../../src/log/request_log.ts";
import { MemoryStateStore } from "../../src/state/memory_state_store.ts";
import { openStore } from "../../src/store/store.ts";
import { RecordingGate } from "../support/recording_gate.ts";
import { tempDir } from "../support/temp_dir.ts";
import { dataWithCuratedRelease } from "../support/next_release.ts";

// A three-category tree described by its table's paths, mapped against the excerpt's bricks.
const GOOGLE = `# map_version: 7
# browse_tree: google-product-taxonomy
# tree: google
# gpc_release: v20241202
browse_id,path,gpc_code,match_precision,assurance_state,note
412,"Food, Beverages & Tobacco",50000000,closeMatch,verified,food and tobacco
1876,"Food, Beverages & Tobacco > Bakery",50180000,narrowerThan,verified,Bread/Bakery Products
1573,"Food, Beverages & Tobacco > Bakery > Bagels",10000164,narrowerThan,provisional,bagels are bread
5684,"Food, Beverages & Tobacco > Bakery > Cakes & Dessert Bars",,,,"cakes: inherits the family"
`;

const data = await dataWithCuratedRelease(["browse", "mappings"]);
const amazon = `${data}/mappings/amazon-us-grocery.csv`;
const curated = await Deno.readTextFile(amazon);
await Deno.writeTextFile(
  amazon,
  curated.replace(
    "# browse_tree: amazon-us-grocery\n",
    "# browse_tree: amazon-us-grocery\n# tree: amazon-us\n# default_tree: yes\n",
  ),
);
await Deno.writeTextFile(`${data}/mappings/google-product-taxonomy.csv`, GOOGLE);
const out = await tempDir("trees-dist-");
const build = await buildDist(data, out, recordingProgress());
const store = openStore(out, { mode: "read" });
globalThis.addEventListener("unload", () => store.close());
const handle = createHandler({
  config: readConfig({ RATE_LIMIT: "off", PAYMENTS: "off" }),
  store,
  gate: new RecordingGate("free"),
  state: new MemoryStateStore(),
  log: createLog("error", () => {}),
});
const get = (path: string) =>
  handle(new Request(`http://gpc.test${path}`), { remoteAddr: { hostname: "192.0.2.10" } });

Deno.test("a table with a path column is a tree of its own: written as its own shard, listed with its map version", () => {
  const release = build.manifest.releases[0]!;
  assert.deepEqual(release.trees!.map((t) => [t.tree, t.browse_tree, t.default]), [
    ["amazon-us", "amazon-us-grocery", true],
    ["google", "google-product-taxonomy", false],
  ]);
  assert.equal(release.trees![0]!.map_version, release.map_version);
  assert.match(release.trees![1]!.map_version, /^7\+[0-9a-f]{8}$/);
  assert.equal(release.trees![1]!.shard.file, "v20241202.browse-google.shard");
  assert.deepEqual(release.trees![1]!.counts, { browse_nodes: 4, mapping_rows: 3, stale_mapping_rows: 0 });
  assert.ok(build.files.some((file) => file.name === "v20241202.mapping.google.sssom.tsv"));
});

Deno.test("classify answers a tree by name with its records and its X-Map-Version; the default without tree", async () => {
  const google = await get("/v1/reference/classify?browse_id=1573,5684,412&tree=google");
  assert.equal(google.status, 200);
  assert.equal(google.headers.get("x-map-version"), build.manifest.releases[0]!.trees![1]!.map_version);
  const results = (await google.json()).results;
  assert.deepEqual(
    results.map((r: Record<string, unknown>) => [
      r.browse_id,
      (r.gpc as { code: string } | null)?.code ?? null,
      r.match_precision,
      r.match_source,
      r.inherited_from,
    ]),
    [
      ["1573", "10000164", "narrowerThan", "self", null],
      ["5684", "50180000", "narrowerThan", "inherited", "1876"],
      ["412", "50000000", "closeMatch", "self", null],
    ],
  );
  const amazon = await get("/v1/reference/classify?browse_id=16318751");
  assert.equal(amazon.headers.get("x-map-version"), build.manifest.releases[0]!.map_version);
  const named = await get("/v1/reference/classify?browse_id=16318751&tree=amazon-us");
  assert.deepEqual(await named.json(), await amazon.json());
  // A Google id is not a node of the default tree.
  assert.equal((await get("/v1/reference/classify?browse_id=1573")).status, 404);
});

Deno.test("an unserved tree is 400 naming the served trees, and tree with q is 400, before any challenge", async () => {
  const unknown = await get("/v1/reference/classify?browse_id=1573&tree=ebay");
  assert.equal(unknown.status, 400);
  const body = await unknown.json();
  assert.deepEqual(body.error.details.served_trees, ["amazon-us", "google"]);
  assert.equal(
    body.detail,
    'tree "ebay" is not a browse tree this service serves; it serves amazon-us, google (send no tree for ' +
      "the default, amazon-us)",
  );
  const phrases = await get("/v1/reference/classify?q=bread&tree=google");
  assert.equal(phrases.status, 400);
  assert.equal(
    (await phrases.json()).detail,
    "tree names the browse tree of browse_id; phrases (q) belong to no tree: give tree only with browse_id",
  );
  assert.equal((await get("/v1/reference/classify?browse_id=1573&tree=Google")).status, 400);
});

Deno.test("GET /v1/public/releases lists each release's trees with their nodes, coverage and map versions", async () => {
  const releases = (await (await get("/v1/public/releases")).json()).releases;
  assert.deepEqual(releases[0].trees[1], {
    tree: "google",
    default: false,
    map_version: build.manifest.releases[0]!.trees![1]!.map_version,
    nodes: 4,
    mapping_rows: 3,
    resolved: 4,
    at_brick: 1,
    stale_mapping_rows: 0,
  });
});
