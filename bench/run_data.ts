/**
 * One data set measured: pools drawn from its dist, our answers captured, the replay (same answer), the
 * hello and the peers started, wrk run against each in turn (the order rotating every round, medians
 * kept), every answer checked, then start-up time and anonymous memory after random lookups of fresh
 * processes.
 */
import { capture, type Captured, differences } from "./capture.ts";
import { DistKeys } from "./pools.ts";
import type { CatalogStats } from "../src/format/catalog_records.ts";
import { footprint, type Server, type ServerSpec, startServer } from "./processes.ts";
import { drawFor, type PoolSizes, type Scenario, SCENARIOS } from "./scenarios.ts";
import { ours, peers, replay, startAll, stopAll } from "./servers.ts";
import { exportedPeerData } from "./peers/peer_data.ts";
import { luaScript, runWrk, type WrkOptions, type WrkResult } from "./wrk.ts";

/** A figure pair: the median over rounds. */
export interface Figures {
  readonly rps: number;
  readonly p99Ms: number;
}

/** Who answers in a scenario. */
export type Column = "ours" | "limit" | "hello" | "sqlite" | "maps";

/** One scenario's outcome. */
export interface ScenarioResult {
  readonly name: string;
  readonly label: string;
  readonly target?: number;
  /** Distinct queries in the pool, and those left out because ours did not answer them as expected. */
  readonly queries: number;
  readonly dropped: number;
  readonly figures: Partial<Record<Column, Figures>>;
  /** What was wrong with the answers; empty when every answer was correct. */
  readonly problems: string[];
}

/** A fresh process: start-up (spawn → first classify answered) and RssAnon after random lookups. */
export interface Footprint {
  readonly name: "ours" | "sqlite" | "maps";
  readonly startMs: number;
  readonly rssAnonBytes: number;
}

/** One data set's outcome. */
export interface DataResult {
  readonly label: string;
  readonly buildId: string;
  readonly records: { browse: number; lexicon: number; bricks: number; observations: number };
  readonly scenarios: ScenarioResult[];
  readonly footprints: Footprint[];
}

/** How a data set is measured. */
export interface RunOptions {
  readonly wrk: WrkOptions;
  readonly rounds: number;
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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/** Measures `scenarios` on the dist `dist`. */
export async function runData(
  label: string,
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
    return await runIn(work, label, dist, scenarios, options, keys, pools, lookups);
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}

async function runIn(
  work: string,
  label: string,
  dist: string,
  scenarios: readonly Scenario[],
  options: RunOptions,
  keys: DistKeys,
  pools: Map<string, string[]>,
  lookups: string[],
): Promise<DataResult> {
  const buildId = keys.directory.split("/").at(-1)!;
  const withPeers = scenarios.some((s) => s.peers);
  const results: ScenarioResult[] = [];
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
    label,
    {
      ours: ours("ours", dist, lookups[0]!),
      ...(withPeers ? peers(peerDir, `${work}/headers.json`, lookups[0]!) : {}),
    },
    lookups,
    options,
  );
  return {
    label,
    buildId,
    records: {
      browse: keys.keys("browse").length,
      lexicon: keys.keys("lexicon").length,
      bricks: keys.keys("bricks").length,
      observations: keys.reader("catalog").get<CatalogStats>("stats")!.observations.total,
    },
    scenarios: results,
    footprints,
  };
}

function summary(result: ScenarioResult): string {
  const f = result.figures;
  const ratio = f.ours && f.limit ? (f.ours.rps / f.limit.rps).toFixed(2) : "-";
  return `ours ${f.ours?.rps.toFixed(0)} req/s, same answer ${f.limit?.rps.toFixed(0)}, ratio ${ratio}` +
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
): Promise<ScenarioResult> {
  const limit = await startServer(replay(targets[0]!, `${work}/${scenario.name}.json`, scenario.status));
  const columns: [Column, Server, number][] = [
    ["ours", servers[scenario.server]!, scenario.status],
    ["limit", limit, scenario.status],
  ];
  if (withHello) columns.push(["hello", servers.hello!, 200]);
  if (scenario.peers) columns.push(["sqlite", servers.sqlite!, 200], ["maps", servers.maps!, 200]);
  const runs = new Map<Column, WrkResult[]>(columns.map(([c]) => [c, []]));
  const problems: string[] = [];
  try {
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
      const found = await differences(server.base, captured, sample, column === "ours" || column === "limit");
      problems.push(...found.slice(0, 3).map((line) => `${column}: ${line}`));
      if (found.length > 3) problems.push(`${column}: ${found.length - 3} more answers differ`);
    }
  } finally {
    await limit.stop();
  }
  const figures: Partial<Record<Column, Figures>> = {};
  for (const [column, list] of runs) {
    figures[column] = {
      rps: median(list.map((r) => r.requestsPerSecond)),
      p99Ms: median(list.map((r) => r.p99Ms)),
    };
  }
  return {
    name: scenario.name,
    label: scenario.label,
    ...(scenario.target === undefined ? {} : { target: scenario.target }),
    queries: captured.size,
    dropped,
    figures,
    problems,
  };
}

/** Start-up and memory of each server started alone (ours: the median start of one per round). */
async function freshProcesses(
  label: string,
  alone: Partial<Record<Footprint["name"], ServerSpec>>,
  lookups: readonly string[],
  options: RunOptions,
): Promise<Footprint[]> {
  const footprints: Footprint[] = [];
  for (const [name, spec] of Object.entries(alone) as [Footprint["name"], ServerSpec][]) {
    const first = await footprint(() => startServer(spec), lookups, options.lookups);
    const starts = [first.startMs];
    for (let round = 1; name === "ours" && round < options.rounds; round++) {
      const server = await startServer(spec);
      starts.push(server.startMs);
      await server.stop();
    }
    footprints.push({ name, startMs: median(starts), rssAnonBytes: first.rssAnonBytes });
    const mib = (first.rssAnonBytes / 1048576).toFixed(1);
    options.log(`${label}: ${name} alone: start-up ${median(starts).toFixed(0)} ms, RssAnon ${mib} MiB`);
  }
  return footprints;
}
