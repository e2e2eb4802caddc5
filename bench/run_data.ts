/**
 * One data set measured: pools drawn from its dist, our answers captured, the two replays of them (plain
 * and reading the request), the hello and the peers started, wrk run against each in turn (the order
 * rotating every round, medians kept), every answer checked, the figures judged, then the start-up time
 * and anonymous memory of fresh processes.
 */
import { capture, type Captured, differences } from "./capture.ts";
import { DistKeys } from "./pools.ts";
import type { CatalogStats } from "../src/format/catalog_records.ts";
import { type Footprint, freshProcesses, median } from "./fresh_processes.ts";
import {
  type Column,
  type Figures,
  pairedRatiosOf,
  type Ratios,
  type Rounds,
  type Verdict,
  verdictOf,
} from "./judge.ts";
import { type Server, startServer } from "./processes.ts";
import { drawFor, type Limit, type PoolSizes, type Scale, type Scenario, SCENARIOS } from "./scenarios.ts";
import { ours, peers, replay, startAll, stopAll } from "./servers.ts";
import { exportedPeerData } from "./peers/peer_data.ts";
import { luaScript, runWrk, type WrkOptions, type WrkResult } from "./wrk.ts";

/** One scenario's outcome. */
export interface ScenarioResult {
  readonly name: string;
  readonly label: string;
  /** Distinct queries in the pool, and those left out because ours did not answer them as expected. */
  readonly queries: number;
  readonly dropped: number;
  /** Each server's medians over rounds. */
  readonly figures: Partial<Record<Column, Figures>>;
  /** Each server's figures in each round. */
  readonly rounds: Rounds;
  /** Each the median over rounds of the ratio within a round (judge.ts). */
  readonly ratios: Ratios;
  /** The scenario's targets on this data set, and whether they are met. */
  readonly verdict: Verdict;
  /** What was wrong with the answers; empty when every answer was correct. */
  readonly problems: string[];
}

/** One data set's outcome. */
export interface DataResult {
  readonly label: string;
  readonly scale: Scale;
  readonly buildId: string;
  readonly records: { browse: number; lexicon: number; bricks: number; observations: number };
  readonly scenarios: ScenarioResult[];
  /** Requests/s of classify, 1 id, access log on (the default) ÷ off, when both were measured. */
  readonly accessLog?: number;
  /** Requests/s of classify, 1 id, rate limit on ÷ off, when both were measured. */
  readonly rateLimit?: number;
  readonly footprints: Footprint[];
}

/** What a scenario measured, before it is judged. */
type Measured = Omit<ScenarioResult, "ratios" | "verdict">;

/** How a data set is measured. */
export interface RunOptions {
  readonly wrk: WrkOptions;
  readonly rounds: number;
  /**
   * Seconds of one unmeasured wrk run per server before a scenario's rounds (0: none), so that no round
   * measures a server's first moments under load (its compiler at work, its caches filling).
   */
  readonly warmSeconds: number;
  readonly sizes: PoolSizes;
  /** Lookups before RssAnon is read. */
  readonly lookups: number;
  /** Distinct queries asked again to check the answers. */
  readonly verify: number;
  readonly seed: number;
  /** Measure the plain hello in the first scenario only (--short: the figures are not quoted). */
  readonly helloOnce: boolean;
  readonly log: (line: string) => void;
}

/** Measures `scenarios` on the dist `dist`, judged by the targets of `scale`. */
export async function runData(
  label: string,
  scale: Scale,
  dist: string,
  scenarios: readonly Scenario[],
  options: RunOptions,
): Promise<DataResult> {
  const keys = new DistKeys(dist);
  const pools = new Map(
    scenarios.map((s) => [s.name, s.pool(keys, drawFor(s, options.seed), options.sizes)]),
  );
  const classify1 = SCENARIOS.find((s) => s.name === "classify-1")!;
  const lookups = pools.get(classify1.name) ??
    classify1.pool(keys, drawFor(classify1, options.seed), options.sizes);
  const work = await Deno.makeTempDir({ prefix: "gpc-bench-" });
  try {
    return await runIn(work, label, scale, dist, scenarios, options, keys, pools, lookups);
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}

async function runIn(
  work: string,
  label: string,
  scale: Scale,
  dist: string,
  scenarios: readonly Scenario[],
  options: RunOptions,
  keys: DistKeys,
  pools: Map<string, string[]>,
  lookups: string[],
): Promise<DataResult> {
  const buildId = keys.directory.split("/").at(-1)!;
  const withPeers = scenarios.some((s) => s.peers);
  const results: Measured[] = [];
  const which = [...new Set(scenarios.map((s) => s.server))];
  const servers: Record<string, Server> = await startAll(
    Object.fromEntries(which.map((w) => [w, ours(w, dist, lookups[0]!, w === "ours_paid" ? 402 : 200)])),
  );
  options.log(`${label}: ${which.join(", ")} answer`);
  let peerDir = "";
  try {
    const captured = new Map<string, Map<string, Captured>>();
    const kept = new Map<string, string[]>();
    const dropped = new Map<string, number>();
    for (const scenario of scenarios) {
      const answers = await capture(servers[scenario.server]!.base, pools.get(scenario.name)!);
      const wrong = answers.filter((a) => a.status !== scenario.status);
      if (wrong.length > 0 && !scenario.filter) {
        throw new Error(
          `${scenario.name}: ${wrong.length} queries answered ${wrong[0]!.status}, not ${scenario.status}: ${
            wrong[0]!.target
          } ${wrong[0]!.body.slice(0, 300)}`,
        );
      }
      const good = new Map(answers.filter((a) => a.status === scenario.status).map((a) => [a.target, a]));
      if (good.size === 0) {
        throw new Error(`${scenario.name}: no query of the pool answered ${scenario.status}`);
      }
      captured.set(scenario.name, good);
      dropped.set(scenario.name, wrong.length);
      kept.set(scenario.name, pools.get(scenario.name)!.filter((t) => good.has(t)));
      await Deno.writeTextFile(`${work}/${scenario.name}.json`, JSON.stringify([...good.values()]));
      await Deno.writeTextFile(`${work}/${scenario.name}.lua`, luaScript(kept.get(scenario.name)!));
      options.log(
        `${label}: ${scenario.name}: ${good.size} distinct queries captured, ${wrong.length} left out`,
      );
    }
    if (withPeers) {
      peerDir = await exportedPeerData(dist, buildId, options.log);
      const headers: Record<string, [string, string][]> = {};
      for (const scenario of scenarios.filter((s) => s.peers)) {
        const first = captured.get(scenario.name)!.values().next().value!;
        headers[new URL(first.target, "http://x").pathname] ??= first.headers.filter(([n]) =>
          n !== "x-request-id"
        ) as [string, string][];
      }
      await Deno.writeTextFile(`${work}/headers.json`, JSON.stringify(headers));
      Object.assign(servers, await startAll(peers(peerDir, `${work}/headers.json`, lookups[0]!)));
    }
    servers.hello = await startServer(replay("/"));
    options.log(`${label}: every server answers`);
    for (const scenario of scenarios) {
      results.push(
        await measure(
          scenario,
          servers,
          work,
          captured.get(scenario.name)!,
          kept.get(scenario.name)!,
          dropped.get(scenario.name)!,
          options,
          !options.helloOnce || results.length === 0,
        ),
      );
      options.log(`${label}: ${scenario.name}: ${summary(results.at(-1)!)}`);
    }
  } finally {
    await stopAll(servers);
  }
  // Fresh processes, started alone once nothing else runs.
  const footprints = await freshProcesses(
    {
      ours: ours("ours", dist, lookups[0]!),
      ...(withPeers ? peers(peerDir, `${work}/headers.json`, lookups[0]!) : {}),
    },
    lookups,
    options.lookups,
    options.rounds,
    (line) => options.log(`${label}: ${line}`),
  );
  const hello = results.find((r) => r.figures.hello)?.figures.hello;
  const judged = results.map((result): ScenarioResult => {
    const ratios = pairedRatiosOf(result.rounds, result.figures, hello);
    const target = SCENARIOS.find((s) => s.name === result.name)!.target;
    return { ...result, ratios, verdict: verdictOf(target, scale, ratios) };
  });
  const logOn = results.find((r) => r.name === "classify-1")?.figures.ours;
  const logOff = results.find((r) => r.name === "classify-1-log-off")?.figures.ours;
  const counted = results.find((r) => r.name === "classify-1-counted")?.figures.ours;
  return {
    label,
    scale,
    buildId,
    records: {
      browse: keys.keys("browse").length,
      lexicon: keys.keys("lexicon").length,
      bricks: keys.keys("bricks").length,
      observations: keys.reader("catalog").get<CatalogStats>("stats")!.observations.total,
    },
    scenarios: judged,
    ...(logOn && logOff ? { accessLog: logOn.rps / logOff.rps } : {}),
    ...(logOn && counted ? { rateLimit: counted.rps / logOn.rps } : {}),
    footprints,
  };
}

function summary(result: Measured): string {
  const f = result.figures;
  const ratios = pairedRatiosOf(result.rounds, f);
  const fixed = (value: number | undefined) => value?.toFixed(2) ?? "-";
  return `ours ${f.ours?.rps.toFixed(0)} req/s, plain replay ${f.plain?.rps.toFixed(0)}, reading replay ${
    f.reading?.rps.toFixed(0)
  }: ratios ${fixed(ratios.plain)} and ${fixed(ratios.reading)}, p99 ratio ${fixed(ratios.p99)}` +
    result.problems.map((problem) => `\n  problem: ${problem}`).join("");
}

async function measure(
  scenario: Scenario,
  servers: Record<string, Server>,
  work: string,
  captured: Map<string, Captured>,
  targets: string[],
  dropped: number,
  options: RunOptions,
  withHello: boolean,
): Promise<Measured> {
  const captures = `${work}/${scenario.name}.json`;
  const limits = await startAll<Limit>({
    plain: replay(targets[0]!, { captures, limit: "plain" }, scenario.status),
    reading: replay(targets[0]!, { captures, limit: "reading" }, scenario.status),
  });
  const columns: [Column, Server, number][] = [
    ["ours", servers[scenario.server]!, scenario.status],
    ["plain", limits.plain, scenario.status],
    ["reading", limits.reading, scenario.status],
  ];
  if (withHello) columns.push(["hello", servers.hello!, 200]);
  if (scenario.peers) columns.push(["sqlite", servers.sqlite!, 200], ["maps", servers.maps!, 200]);
  const runs = new Map<Column, WrkResult[]>(columns.map(([c]) => [c, []]));
  const problems: string[] = [];
  try {
    if (options.warmSeconds > 0) {
      const warm = { ...options.wrk, seconds: options.warmSeconds };
      for (const [, server] of columns) await runWrk(server.base, `${work}/${scenario.name}.lua`, warm);
    }
    for (let round = 0; round < options.rounds; round++) {
      for (let k = 0; k < columns.length; k++) {
        const [column, server, status] = columns[(k + round) % columns.length]!;
        const result = await runWrk(server.base, `${work}/${scenario.name}.lua`, options.wrk);
        runs.get(column)!.push(result);
        const wrongStatus = status === 200 ? result.non2xx : result.requests - result.non2xx;
        if (wrongStatus > 0 || result.socketErrors > 0 || result.requests === 0) {
          problems.push(
            `${column}: ${result.requests} requests, ${wrongStatus} not ${status}, ${result.socketErrors} socket errors`,
          );
        }
      }
    }
    const sample = [...captured.keys()].slice(0, options.verify);
    for (const [column, server] of columns) {
      if (column === "hello") continue;
      const withHeaders = column !== "sqlite" && column !== "maps";
      const found = await differences(server.base, captured, sample, withHeaders);
      problems.push(...found.slice(0, 3).map((line) => `${column}: ${line}`));
      if (found.length > 3) problems.push(`${column}: ${found.length - 3} more answers differ`);
    }
  } finally {
    await stopAll(limits);
  }
  const figures: Partial<Record<Column, Figures>> = {};
  const rounds: Partial<Record<Column, Figures[]>> = {};
  for (const [column, list] of runs) {
    rounds[column] = list.map((r) => ({
      rps: r.requestsPerSecond,
      p50Ms: r.p50Ms,
      p90Ms: r.p90Ms,
      p99Ms: r.p99Ms,
    }));
    figures[column] = {
      rps: median(list.map((r) => r.requestsPerSecond)),
      p50Ms: median(list.map((r) => r.p50Ms)),
      p90Ms: median(list.map((r) => r.p90Ms)),
      p99Ms: median(list.map((r) => r.p99Ms)),
    };
  }
  return {
    name: scenario.name,
    label: scenario.label,
    queries: captured.size,
    dropped,
    figures,
    rounds,
    problems,
  };
}
