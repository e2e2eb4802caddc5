/**
 * The servers of one bench run: ours in its three configurations, the two same-answer replays and the plain
 * hello (bench/replay_server.ts), and the two peers. Ours runs as `deno task serve` does, in the default
 * configuration (access log on, its stdout thrown away as a log shipper would) with RATE_LIMIT=off and
 * PAYMENTS=off, but for the 402 (PAYMENTS=on), the log-off row (LOG_LEVEL=error) and the counted row
 * (RATE_LIMIT=999999999/s: the rate limit's work on every request, with a limit no run reaches).
 */
import { type Server, type ServerSpec, startServer } from "./processes.ts";
import type { Limit, OurServer } from "./scenarios.ts";
import { SERVE_FLAGS } from "../test/support/server_process.ts";

const here = (path: string) => new URL(path, import.meta.url).pathname;
const MAIN = here("../src/main.ts");
const SERVE = ["run", ...SERVE_FLAGS, MAIN];

/** The rate limit of the counted row: every request is counted and none refused (no run comes near it). */
export const COUNTED_LIMIT = "999999999/s";

const OUR_ENV: Readonly<Record<OurServer, Record<string, string>>> = {
  ours: { PAYMENTS: "off", LOG_LEVEL: "info" },
  ours_log_off: { PAYMENTS: "off", LOG_LEVEL: "error" },
  ours_paid: { PAYMENTS: "on", LOG_LEVEL: "info" },
  ours_counted: { PAYMENTS: "off", LOG_LEVEL: "info", RATE_LIMIT: COUNTED_LIMIT },
};

/** Our server in configuration `which` on `dist`, ready once `readyPath` answers `readyStatus`. */
export function ours(which: OurServer, dist: string, readyPath: string, readyStatus = 200): ServerSpec {
  return {
    name: which,
    args: SERVE,
    env: { DIST_DIR: dist, RATE_LIMIT: "off", ...OUR_ENV[which] },
    readyPath,
    readyStatus,
    // The access log is written and thrown away, as a log shipper reading it would.
    stdout: "null",
  };
}

/** The replay of `captures` (a JSON file of captured answers): plain, or reading the request first. */
export interface Replayed {
  readonly captures: string;
  readonly limit: Limit;
}

/** The bare Deno.serve: replaying captured answers, or "hello" without. */
export function replay(readyPath: string, replayed?: Replayed, readyStatus = 200): ServerSpec {
  return {
    name: replayed ? `${replayed.limit} replay` : "hello",
    args: [
      "run",
      "--allow-read",
      "--allow-net",
      here("./replay_server.ts"),
      "{port}",
      ...(replayed ? [replayed.captures, ...(replayed.limit === "reading" ? ["read"] : [])] : []),
    ],
    readyPath,
    readyStatus,
  };
}

/** The peers, over the exported data in `dir` (peer-data.json, peer.sqlite) and the captured headers. */
export function peers(
  dir: string,
  headers: string,
  readyPath: string,
): Record<"sqlite" | "maps", ServerSpec> {
  return {
    sqlite: {
      name: "sqlite",
      // All permissions: Deno opens an SQLite URI (immutable=1) only with every permission granted.
      args: ["run", "--allow-all", here("./peers/sqlite_peer.ts"), "{port}", `${dir}/peer.sqlite`, headers],
      readyPath,
    },
    maps: {
      name: "maps",
      args: [
        "run",
        "--allow-read",
        "--allow-net",
        "--v8-flags=--max-old-space-size=8192",
        here("./peers/maps_peer.ts"),
        "{port}",
        `${dir}/peer-data.json`,
        headers,
      ],
      readyPath,
    },
  };
}

/** Starts every spec at once (their start-up times are not reported: fresh processes are timed alone). */
export async function startAll<K extends string>(specs: Record<K, ServerSpec>): Promise<Record<K, Server>> {
  const keys = Object.keys(specs) as K[];
  const settled = await Promise.allSettled(keys.map((key) => startServer(specs[key])));
  const started = {} as Record<K, Server>;
  keys.forEach((key, i) => {
    const result = settled[i]!;
    if (result.status === "fulfilled") started[key] = result.value;
  });
  const failed = settled.find((result) => result.status === "rejected");
  if (failed) {
    await stopAll(started);
    throw failed.reason;
  }
  return started;
}

/** Stops every server. */
export async function stopAll(servers: Partial<Record<string, Server>>): Promise<void> {
  await Promise.all(Object.values(servers).map((server) => server?.stop()));
}
