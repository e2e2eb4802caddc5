/**
 * What the mapped shards' size check costs per lookup, in process: `deno run -A bench/size_guard_micro.ts`
 * (after `deno task build`). Rounds alternate between the variants and each figure is the median, because
 * the machine is shared.
 */
import { openStore } from "../src/store/store.ts";
import { ShardSizeGuard } from "../src/store/shard_size_guard.ts";
import { mapFile } from "../src/store/mmap.ts";

const ids = [
  ...new Set(
    (await Deno.readTextFile("data/browse/amazon-us-grocery/amazon_us_grocery_nodes_with_parents.csv"))
      .split("\n").slice(1).map((l) => l.split(",")[0]!).filter(Boolean),
  ),
].slice(0, 100);

const stores = {
  "read (no size check)": openStore("dist", { mode: "read" }),
  "mmap, check every 10 ms (default)": openStore("dist", { mode: "mmap" }),
  "mmap, size asked before every lookup": openStore("dist", { mode: "mmap", sizeCheckMs: 0 }),
};
const shard = `${stores["read (no size check)"].directory}/catalog.shard`;
const file = mapFile(shard);
const guard = new ShardSizeGuard(file.size, shard, file.bytes.length, 10);

const variants: Record<string, () => unknown> = {
  ...Object.fromEntries(
    Object.entries(stores).map((
      [name, store],
    ) => [`100 browse lookups, ${name}`, () => ids.map((id) => store.browse(id))]),
  ),
  "100 guard.check() between timer ticks": () => {
    for (let i = 0; i < 100; i++) guard.check();
  },
  "100 guard.checkNow() (one lseek each)": () => {
    for (let i = 0; i < 100; i++) guard.checkNow();
  },
};
const samples: Record<string, number[]> = {};
for (let round = 0; round < 15; round++) {
  for (const [name, run] of Object.entries(variants)) {
    for (let i = 0; i < 200; i++) run();
    const started = performance.now();
    for (let i = 0; i < 2000; i++) run();
    (samples[name] ??= []).push(((performance.now() - started) / 2000) * 1000);
  }
}
for (const [name, values] of Object.entries(samples)) {
  values.sort((a, b) => a - b);
  console.log(`${name}: ${values[values.length >> 1]!.toFixed(2)} µs`);
}
guard.close();
for (const store of Object.values(stores)) store.close();
