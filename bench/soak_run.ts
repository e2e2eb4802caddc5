/**
 * One soak: the two builds, the real service on them, a pool of mixed paths checked to answer 200 on both
 * builds, then wrk over the pool for the whole duration while the served build is swapped every few seconds
 * and the server's RssAnon is sampled; then SIGTERM. Every wait is bounded.
 */
import { DistKeys } from "./pools.ts";
import { type MemorySummary, type Sample, summariseMemory } from "./soak_memory.ts";
import { parseTally, soakScript, soakTargets, type Tally } from "./soak_pool.ts";
import { buildSoakDist, type SoakBuild, SoakServer, type Swap } from "./soak_server.ts";
import { parseWrk, wrkOutput, type WrkResult } from "./wrk.ts";

/** How a soak runs. */
export interface SoakOptions {
  readonly seconds: number;
  readonly swapEvery: number;
  readonly sampleEvery: number;
  readonly connections: number;
  /** Progress lines (stderr in the CLI). */
  readonly note: (line: string) => void;
}

/** Everything a soak saw. */
export interface SoakResult {
  readonly seconds: number;
  readonly swap_every_s: number;
  readonly connections: number;
  readonly builds: readonly SoakBuild[];
  /** The pool's size, and the targets left out because they did not answer 200 on both builds. */
  readonly pool: { readonly targets: number; readonly left_out: readonly string[] };
  readonly wrk: WrkResult;
  /** Every answer wrk got, by status and by X-GPC-Release (counted by the Lua script). */
  readonly answers: Tally;
  /** Answers whose status was not 2xx, counted by the Lua script (wrk's own line counts 4xx and 5xx only). */
  readonly non_2xx: number;
  /**
   * The server's access log during the load, by status (the swap probes included; the pool check before
   * the load is not: it answers 404 wherever a target does not hold on both builds, and leaves it out).
   */
  readonly access_log: Record<string, number>;
  /** Swaps the schedule asked for (one every swap_every_s, none in the last 2 s). */
  readonly swaps_planned: number;
  readonly swaps: readonly Swap[];
  /** Replaced builds the server closed once no request held them, the pool check's swap included. */
  readonly builds_closed: number;
  readonly samples: readonly Sample[];
  readonly memory: MemorySummary;
  /** The server's exit code after SIGTERM. */
  readonly exit_code: number;
}

const POOL_SEED = 0x50a4;
/** No swap in the last seconds: each must be confirmed while the load still runs. */
const QUIET_END_S = 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The swaps the schedule holds for `seconds` of load, one every `swapEvery`. */
export function plannedSwaps(seconds: number, swapEvery: number): number {
  return Math.max(0, Math.floor((seconds - QUIET_END_S) / swapEvery));
}

/** Runs one soak. */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const { seconds, swapEvery, note } = options;
  note("building the two builds");
  const dist = await buildSoakDist();
  const [embedded, next] = dist.builds;
  const server = await SoakServer.start(dist);
  let exitCode: number | undefined;
  try {
    note(`serving ${server.base}; checking the pool on both builds`);
    const targets = soakTargets(new DistKeys(`${dist.root}/builds/${embedded.id}`), POOL_SEED);
    const failedOnNext = await failing(server.base, targets);
    const back = await server.swapTo(embedded, 0);
    if (!back.confirmed) {
      throw new Error(`the swap before the load was not confirmed: ${JSON.stringify(back)}`);
    }
    const failed = new Set([...failedOnNext, ...await failing(server.base, targets)]);
    const pool = targets.filter((target) => !failed.has(target));
    const script = `${dist.root}/soak.lua`;
    await Deno.writeTextFile(script, soakScript(pool));

    note(
      `wrk -t1 -c${options.connections} -d${seconds}s over ${pool.length} targets, a swap every ${swapEvery} s`,
    );
    // The service writes its log in batches (within 25 ms): let the pool check's lines arrive first.
    await sleep(250);
    const beforeLoad = server.accessStatuses();
    const began = performance.now();
    const sinceStart = () => Math.round((performance.now() - began) / 100) / 10;
    const wrk = wrkOutput(server.base, script, { threads: 1, connections: options.connections, seconds });
    let loading = true;
    wrk.then(() => loading = false, () => loading = false);
    const samples: Sample[] = [];
    const sample = () => samples.push({ at_s: sinceStart(), rss_anon_kib: server.rssAnonKib() });
    sample();
    const sampler = setInterval(sample, options.sampleEvery * 1000);
    const swaps: Swap[] = [];
    const planned = plannedSwaps(seconds, swapEvery);
    let output: string;
    try {
      for (let k = 1; k <= planned && loading; k++) {
        await sleep(began + k * swapEvery * 1000 - performance.now());
        if (!loading) break;
        const swap = await server.swapTo(k % 2 === 1 ? next : embedded, sinceStart());
        swaps.push(swap);
        note(
          `${swap.at_s} s: ${
            swap.confirmed ? "swapped to" : "NOT confirmed:"
          } ${swap.build} (${swap.confirm_ms} ms)`,
        );
      }
      output = await wrk;
    } finally {
      clearInterval(sampler);
    }
    // Every replaced build is closed once its last request finished: the load is over, so all of them.
    const closing = performance.now();
    while (server.closedBuilds() < swaps.length + 1 && performance.now() - closing < 5000) await sleep(20);
    const answers = parseTally(output);
    const result = {
      seconds,
      swap_every_s: swapEvery,
      connections: options.connections,
      builds: dist.builds,
      pool: { targets: pool.length, left_out: [...failed] },
      wrk: parseWrk(output),
      answers,
      non_2xx: Object.entries(answers.statuses).reduce(
        (n, [s, count]) => s.startsWith("2") ? n : n + count,
        0,
      ),
      swaps_planned: planned,
      swaps,
      builds_closed: server.closedBuilds(),
      samples,
      memory: summariseMemory(samples, seconds / 2),
    };
    exitCode = await server.stop();
    return { ...result, access_log: since(beforeLoad, server.accessStatuses()), exit_code: exitCode };
  } finally {
    if (exitCode === undefined) await server.stop();
  }
}

/** The targets that do not answer 200 (8 at a time). */
async function failing(base: string, targets: readonly string[]): Promise<string[]> {
  const failed: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const target = targets[next++]!;
      const response = await fetch(base + target);
      await response.body?.cancel();
      if (response.status !== 200) failed.push(target);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return failed;
}

/** Counts by status added between two readings of the access log. */
function since(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(after)
      .map(([status, count]) => [status, count - (before[status] ?? 0)] as const)
      .filter(([, count]) => count > 0),
  );
}
