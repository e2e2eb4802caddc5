/**
 * Cost of the marketing analytics: `deno run -A bench/marketing_micro.ts [DIST]` (DIST defaults to dist;
 * build it first with `deno task build`). Prints the build time each analytic adds on the embedded
 * snapshots (median of 5 compilations of every country), the size of its shard, and the in-process cost of
 * a request through the handler (10,000 calls on the largest category and brand of the Calgary data,
 * building the Request and reading the body included, after 1,000 warm-up calls).
 */
import { findBuildInputs } from "../build/input/build_inputs.ts";
import { compileCatalogShards } from "../build/catalog/catalog_compile.ts";
import { ANSWER_SHARDS } from "../build/catalog/catalog_answers.ts";
import { writeShard } from "../build/dist/shard_writer.ts";
import { openStore } from "../src/store/store.ts";
import { inProcessHandler } from "./in_process.ts";

const SHARDS = ["marketing_share", "marketing_landscape", "marketing_brands"] as const;
const RUNS = 5, CALLS = 10_000, WARM_UP = 1_000;

// Without category links, GPC and lexicon inputs reach no catalog category: the targets are the build's.
const compiled = await compileCatalogShards(findBuildInputs("data").catalog, {
  codes: new Map(),
  lexicon: new Map(),
  links: new Map(),
});
for (const name of SHARDS) {
  const { compile } = ANSWER_SHARDS.find((shard) => shard.name === name)!;
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    for (const country of compiled.countries) for (const _ of compile(country));
    times.push(performance.now() - start);
  }
  const records = compiled.shards.get(name)!;
  const bytes = writeShard([...records]).length;
  console.log(
    `${name}: build ${times.sort((a, b) => a - b)[RUNS >> 1]!.toFixed(0)} ms, ${records.size} records, ` +
      `${(bytes / 1024).toFixed(0)} KiB`,
  );
}

const store = openStore(Deno.args[0] ?? "dist");
const handler = inProcessHandler(store);
let sink = 0;
for (
  const [label, query] of [
    ["share-of-shelf, category=pantry", "/v1/marketing/share-of-shelf?country=ca&category=pantry"],
    [
      "competitive-landscape, category=pantry",
      "/v1/marketing/competitive-landscape?country=ca&category=pantry",
    ],
    [
      "competitive-landscape, category=pantry, retailer=Sobeys",
      "/v1/marketing/competitive-landscape?country=ca&category=pantry&retailer=Sobeys",
    ],
    ["brand-tracker, brand=PC", "/v1/marketing/brand-tracker?country=ca&brand=PC"],
    [
      "brand-tracker, brand=PC, retailer=Real Canadian Superstore",
      "/v1/marketing/brand-tracker?country=ca&brand=PC&retailer=Real%20Canadian%20Superstore",
    ],
  ] as const
) {
  const call = async () => {
    const response = await handler(new Request(`http://x${query}`));
    if (response.status !== 200) throw new Error(`${query}: ${response.status} ${await response.text()}`);
    return (await response.text()).length;
  };
  for (let i = 0; i < WARM_UP; i++) sink += await call();
  const start = performance.now();
  for (let i = 0; i < CALLS; i++) sink += await call();
  const micros = ((performance.now() - start) / CALLS) * 1000;
  console.log(`${label}: ${micros.toFixed(1)} µs, ${await call()} bytes`);
}
console.log(sink > 0 ? "" : "no output");
store.close();
