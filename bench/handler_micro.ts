/** Per-call cost of the handler's parts, without a socket: `deno run -A bench/handler_micro.ts`. */
import { openStore } from "../src/store/store.ts";
import { inProcessHandler } from "./in_process.ts";
import { parseQuery, parseRawQuery } from "../src/operation/query.ts";
import { classifyQuery } from "../src/reference/request_params.ts";

const store = openStore("dist");
const ids = [
  ...new Set(
    (await Deno.readTextFile("data/browse/amazon-us-grocery/amazon_us_grocery_nodes_with_parents.csv"))
      .split("\n").slice(1).map((l) => l.split(",")[0]!).filter(Boolean),
  ),
].slice(0, 100);
const query = `browse_id=${ids.join(",")}`;

function time(label: string, n: number, f: () => unknown): void {
  for (let i = 0; i < Math.min(n, 1000); i++) f();
  const t = performance.now();
  for (let i = 0; i < n; i++) f();
  console.log(`${label}: ${(((performance.now() - t) / n) * 1000).toFixed(2)} µs`);
}

time("100 browse lookups", 2000, () => ids.map((id) => store.browse(id)));
const records = ids.map((id) => store.browse(id));
time("JSON.stringify 100 results", 2000, () => JSON.stringify({ results: records }));
time("valibot parse of 100 ids", 2000, () => parseQuery(classifyQuery, parseRawQuery(query)));
const handler = inProcessHandler(store);
const one = new Request(`http://x/v1/reference/classify?browse_id=${ids[5]}`);
const hundred = new Request(`http://x/v1/reference/classify?${query}`);
let sink = 0;
const tAsync = async (label: string, n: number, req: () => Request) => {
  for (let i = 0; i < 500; i++) sink += (await (await handler(req())).text()).length;
  const t = performance.now();
  for (let i = 0; i < n; i++) sink += (await (await handler(req())).text()).length;
  console.log(`${label}: ${(((performance.now() - t) / n) * 1000).toFixed(2)} µs`);
};
await tAsync("handler classify 1 id", 5000, () => new Request(one.url));
await tAsync("handler classify 100 ids", 1000, () => new Request(hundred.url));
console.log(sink > 0 ? "" : "no output");
store.close();
