/**
 * What the Redis state store costs, as ratios to the in-process store measured side by side: a paid
 * classify (fetch client, signed payments, the development facilitator in each server) and the
 * rate-limited stats path (wrk). Two servers run at once, one per store, and the rounds alternate between
 * them, so that a busy shared machine weighs on both alike. Then, in this process, the state operations of
 * one paid call alone (a token, the claim and its three marks), one call after the other.
 *
 *   deno task build --if-stale && deno run -A bench/state_store_cost.ts [rounds] [payments per round]
 *
 * Needs redis-server (started here on a free port) and wrk (apt-get install -y redis-server wrk).
 */
import { newPayer, paymentHeader, signedPayment } from "../test/support/payment_client.ts";
import { SERVE_FLAGS } from "../test/support/server_process.ts";
import { RedisServer, waitUntilUp } from "../test/support/redis_server.ts";
import { PaymentClaims } from "../src/payments/payment_claims.ts";
import type { StateStore } from "../src/state/state_store.ts";
import { MemoryStateStore } from "../src/state/memory_state_store.ts";
import { RedisStateStore } from "../src/state/redis_state_store.ts";

const rounds = Number(Deno.args[0] ?? 3);
const payments = Number(Deno.args[1] ?? 200);
const CONCURRENCY = 8;
// High enough never to refuse the benchmark's one client, so that every request takes a token.
const RATE_LIMIT = "100000000/min";

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

function start(port: number, env: Record<string, string>): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", ...SERVE_FLAGS, "src/main.ts"],
    env: { PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "error", RATE_LIMIT, PAYMENTS: "on", ...env },
    stdout: "null",
    stderr: "inherit",
  }).spawn();
}

async function ready(base: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      const response = await fetch(`${base}/readyz`);
      await response.body?.cancel();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${base} did not become ready`);
}

/** Paid calls per second: `payments` signed beforehand, sent CONCURRENCY at a time. */
async function paidRps(base: string): Promise<number> {
  const url = `${base}/v1/reference/classify?browse_id=16318751`;
  const payer = newPayer();
  const signed: string[] = [];
  for (let i = 0; i < payments; i++) signed.push(paymentHeader(await signedPayment(payer, url)));
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < payments) {
      const response = await fetch(url, { headers: { "PAYMENT-SIGNATURE": signed[next++]! } });
      const body = await response.text();
      if (response.status !== 200) {
        throw new Error(`${base}: a paid call answered ${response.status}: ${body}`);
      }
    }
  }));
  return payments / ((performance.now() - started) / 1000);
}

/** Stats requests per second by wrk -t1 -c32 -d5s. */
async function statsRps(base: string): Promise<number> {
  const { stdout } = await new Deno.Command("wrk", {
    args: ["-t1", "-c32", "-d5s", `${base}/v1/public/stats`],
  })
    .output();
  const text = new TextDecoder().decode(stdout);
  if (/Non-2xx/.test(text)) throw new Error(`stats answered errors:\n${text}`);
  return Number(/Requests\/sec:\s+([0-9.]+)/.exec(text)![1]);
}

/** Microseconds of the state operations of one paid call: a token, the claim, verified, settling, settled. */
async function paidStateMicros(state: StateStore, calls = 2000): Promise<number> {
  const claims = new PaymentClaims(state);
  const rule = { capacity: 100_000_000, windowMs: 60_000 };
  const validBefore = Math.floor(Date.now() / 1000) + 300;
  const started = performance.now();
  for (let i = 0; i < calls; i++) {
    const identity = { network: "eip155:84532", asset: "0xa", from: "0xb", nonce: `0x${i}`, validBefore };
    await state.takeToken("rate:bench", rule, Date.now());
    await claims.claim(identity);
    await claims.mark(identity, "verified");
    await claims.mark(identity, "settling");
    await claims.mark(identity, "settled");
  }
  return (performance.now() - started) * 1000 / calls;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const redis = await RedisServer.start();
const memoryBase = `http://127.0.0.1:${freePort()}`;
const redisBase = `http://127.0.0.1:${freePort()}`;
const servers = [
  start(Number(new URL(memoryBase).port), { STATE_STORE: "memory" }),
  start(Number(new URL(redisBase).port), { STATE_STORE: redis.url }),
];
try {
  await Promise.all([ready(memoryBase), ready(redisBase)]);
  const results: Record<string, { memory: number[]; redis: number[] }> = {
    [`paid classify (fetch, ${payments} payments, ${CONCURRENCY} at a time)`]: { memory: [], redis: [] },
    "stats, rate limited (wrk -t1 -c32 -d5s)": { memory: [], redis: [] },
  };
  const [paid, stats] = Object.values(results) as [
    { memory: number[]; redis: number[] },
    typeof results[string],
  ];
  for (let round = 0; round < rounds; round++) {
    paid.memory.push(await paidRps(memoryBase));
    paid.redis.push(await paidRps(redisBase));
    stats.memory.push(await statsRps(memoryBase));
    stats.redis.push(await statsRps(redisBase));
  }
  const shared = new RedisStateStore({ url: redis.url, timeoutMs: 1000 });
  await waitUntilUp(shared);
  const micros = { memory: [] as number[], redis: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    micros.memory.push(await paidStateMicros(new MemoryStateStore()));
    micros.redis.push(await paidStateMicros(shared));
  }
  await shared.close();
  console.log(
    `${rounds} alternating rounds; RATE_LIMIT=${RATE_LIMIT}; ratio = Redis / in-process, per round`,
  );
  for (const [name, { memory, redis: viaRedis }] of Object.entries(results)) {
    const ratios = memory.map((m, i) => viaRedis[i]! / m);
    console.log(
      `${name.padEnd(52)} in-process ${median(memory).toFixed(0).padStart(6)}/s  Redis ${
        median(viaRedis).toFixed(0).padStart(6)
      }/s  ratios ${ratios.map((r) => r.toFixed(2)).join(" ")}  median ${median(ratios).toFixed(2)}`,
    );
  }
  console.log(
    `${"state operations of one paid call (5, sequential)".padEnd(52)} in-process ${
      median(micros.memory).toFixed(1)
    } µs  Redis ${median(micros.redis).toFixed(1)} µs`,
  );
} finally {
  for (const server of servers) server.kill("SIGTERM");
  await Promise.all(servers.map((server) => server.status));
  await redis.stop();
}
