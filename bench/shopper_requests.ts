/**
 * What a shopper request costs in process, through the real handler and store, without a socket:
 *   deno run -A bench/shopper_requests.ts [DIST_DIR] [N]      (defaults: dist, 10000)
 * Each line is the mean over N calls after a warm-up (records are decoded once, then served from the
 * store's cache), with the answer's size and `total`; the free stats answer is the handler's floor.
 */
import { openStore } from "../src/store/store.ts";
import { inProcessHandler } from "./in_process.ts";

const dist = Deno.args[0] ?? "dist";
const n = Number(Deno.args[1] ?? 10_000);
const store = openStore(dist);
const handler = inProcessHandler(store);

const requests = [
  "/v1/public/stats",
  "/v1/shopper/best-price?country=ca&q=kraft%20singles",
  "/v1/shopper/best-price?country=ca&q=c",
  "/v1/shopper/best-price?country=ca&q=cheese&retailer=Safeway&limit=50",
  "/v1/shopper/deal-finder?country=ca&category=bread",
  "/v1/shopper/deal-finder?country=ca&category=dairy%20%26%20eggs&min_discount=0&sort=abs&limit=100",
  "/v1/shopper/price-drop-alert?country=ca&q=coffee&direction=any",
  "/v1/shopper/price-drop-alert?country=ca&q=c&limit=100",
];
let sink = 0;
for (const path of requests) {
  const call = async () => await (await handler(new Request(`http://bench${path}`))).text();
  const body = await call();
  for (let i = 0; i < Math.min(n, 500); i++) sink += (await call()).length;
  const started = performance.now();
  for (let i = 0; i < n; i++) sink += (await call()).length;
  const micros = ((performance.now() - started) / n) * 1000;
  const total = JSON.parse(body).total ?? "-";
  console.log(
    `${micros.toFixed(1).padStart(7)} µs  ${String(body.length).padStart(6)} B  total ${total}  ${path}`,
  );
}
console.log(sink > 0 ? "" : "no output");
store.close();
