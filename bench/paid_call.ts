/**
 * Throughput of a paid classify call (verify through the development facilitator, work, settle) and of the
 * 402 challenge, as ratios to a bare Deno.serve answer, all measured with the same fetch client in one run:
 * `deno run -A bench/paid_call.ts [payments] [concurrency]` (defaults 400 and 8). wrk cannot sign payments,
 * so payments are signed beforehand (one per request, each with its own nonce) and sent by fetch workers.
 */
import { newPayer, paymentHeader, signedPayment } from "../test/support/payment_client.ts";
import { SERVE_FLAGS } from "../test/support/server_process.ts";

const count = Number(Deno.args[0] ?? 400);
const concurrency = Number(Deno.args[1] ?? 8);
const deno = Deno.execPath();

function start(script: string, port: number, env: Record<string, string> = {}): Deno.ChildProcess {
  return new Deno.Command(deno, {
    args: ["run", ...SERVE_FLAGS, script],
    env: { PORT: String(port), HOST: "127.0.0.1", RATE_LIMIT: "off", LOG_LEVEL: "error", ...env },
    stdout: "null",
    stderr: "null",
  }).spawn();
}

async function ready(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      await (await fetch(`http://127.0.0.1:${port}/healthz`)).body?.cancel();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`port ${port} did not answer`);
}

/** Sends `count` requests with `concurrency` workers; returns requests per second and the statuses seen. */
async function drive(
  url: string,
  headers: (i: number) => HeadersInit,
): Promise<[number, Map<number, number>]> {
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) {
      const i = next++;
      const response = await fetch(url, { headers: headers(i) });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  }));
  return [count / ((performance.now() - started) / 1000), statuses];
}

const bare = start("bench/bare_server.ts", 8290);
const service = start("src/main.ts", 8291, { PAYMENTS: "on" });
try {
  await ready(8290);
  await ready(8291);
  const url = "http://127.0.0.1:8291/v1/reference/classify?browse_id=16318751";
  const payer = newPayer();
  const signed: string[] = [];
  for (let i = 0; i < count; i++) signed.push(paymentHeader(await signedPayment(payer, url)));
  const [baseRps] = await drive("http://127.0.0.1:8290/", () => ({}));
  const [challengeRps, challengeStatuses] = await drive(url, () => ({}));
  const [paidRps, paidStatuses] = await drive(url, (i) => ({ "PAYMENT-SIGNATURE": signed[i]! }));
  const row = (label: string, rps: number, statuses?: Map<number, number>) =>
    console.log(
      `${label.padEnd(44)} ${rps.toFixed(0).padStart(8)} ${(rps / baseRps).toFixed(3).padStart(7)}` +
        (statuses ? `  statuses ${JSON.stringify(Object.fromEntries(statuses))}` : ""),
    );
  console.log(`fetch client, ${count} requests, ${concurrency} at a time`);
  row("bare Deno.serve", baseRps);
  row("classify 402 challenge (PAYMENTS=on)", challengeRps, challengeStatuses);
  row("classify paid: verify + work + settle", paidRps, paidStatuses);
} finally {
  bare.kill();
  service.kill();
  await Promise.all([bare.status, service.status]);
}
