/**
 * Per-request cost of the analyst operations in process (no socket, payments off): the handler answers
 * each request 10,000 times from a built dist. `deno run -A bench/analyst_handler.ts [DIST]` (default
 * `dist`; build it first with `deno task build`). Prints µs per request and the body size.
 */
import { openStore } from "../src/store/store.ts";
import { inProcessHandler } from "./in_process.ts";

const RUNS = 10_000;
const store = openStore(Deno.args[0] ?? "dist");
const handler = inProcessHandler(store);
const paths = [
  "/v1/analyst/inflation?country=ca&category=bread",
  "/v1/analyst/inflation?country=ca&category=pantry&retailer=safeway",
  "/v1/analyst/price-dispersion?country=ca&category=bread",
  "/v1/analyst/price-dispersion?country=ca&category=pantry&retailer=safeway",
  "/v1/marketing/share-of-shelf?country=ca&category=bread",
];
for (const path of paths) {
  const url = `http://bench.local${path}`;
  let bytes = 0;
  const first = await handler(new Request(url));
  if (first.status !== 200) throw new Error(`${path} answered ${first.status}: ${await first.text()}`);
  for (let i = 0; i < 500; i++) bytes = (await (await handler(new Request(url))).text()).length;
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) bytes = (await (await handler(new Request(url))).text()).length;
  const micros = ((performance.now() - started) / RUNS) * 1000;
  console.log(`${path}: ${micros.toFixed(1)} µs per request, ${bytes} bytes`);
}
store.close();
