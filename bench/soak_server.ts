/**
 * The soak's service and what it swaps: one dist root holding two builds of the embedded data that differ
 * (the embedded default, serving GPC v20241202; and the same data with the derived next release beside it,
 * serving v20250601 by default, where brick 10000164 is retitled), the real service (src/main.ts) on it
 * with its access log on, and a swap that moves CURRENT atomically, sends SIGHUP and confirms the swap twice:
 * by the server's log line and by the next answer's X-GPC-Release and brick title.
 */
import { buildDist } from "../build/build_dist.ts";
import { recordingProgress } from "../build/progress.ts";
import { dataWithNextRelease, RETITLED } from "../test/support/next_release.ts";
import { type ServerProcess, startService } from "../test/support/server_process.ts";
import { tempDir } from "../test/support/temp_dir.ts";
import { rssAnon } from "./processes.ts";

/** One of the two builds. */
export interface SoakBuild {
  readonly id: string;
  /** The release answers get without X-GPC-Release. */
  readonly release: string;
  /** The title of brick 10000164 in that release (it differs between the two). */
  readonly title: string;
}

/** The dist root and its two builds: the embedded default first, the next release second (current). */
export interface SoakDist {
  readonly root: string;
  readonly builds: readonly [SoakBuild, SoakBuild];
}

/** One swap during the load and how it was confirmed. */
export interface Swap {
  /** Seconds since the load began. */
  readonly at_s: number;
  readonly build: string;
  readonly release: string;
  /** The server logged `SIGHUP: serving <root>/builds/<build>`. */
  readonly logged: boolean;
  /** X-GPC-Release and the brick title of the first answer after the log line. */
  readonly answered_release: string | null;
  readonly answered_title: string | null;
  /** Logged, and the answer after was the new build's. */
  readonly confirmed: boolean;
  /** From moving CURRENT to the confirming answer. */
  readonly confirm_ms: number;
}

/** Where the soak writes its temporary files (removed when the process ends). */
const ROOT_PREFIX = "gpc-soak-";
const CONFIRM_TIMEOUT_MS = 10_000;
/** An access-log line (src/log/): its status. */
const ACCESS_LINE = /"method":"[A-Z]+","path":"[^"]*","status":(\d{3}),/;
const PROBE = `/v1/reference/brick-attributes?gpc_code=${RETITLED.code}`;

/** Builds the two builds into a fresh dist root (about 8 s). */
export async function buildSoakDist(): Promise<SoakDist> {
  const root = await tempDir(ROOT_PREFIX);
  const embedded = await buildDist("data", root, recordingProgress());
  const nextData = await dataWithNextRelease(["browse", "mappings", "lexicon", "catalog", "scale"]);
  const next = await buildDist(nextData, root, recordingProgress());
  const build = (id: string, release: string, title: string): SoakBuild => ({ id, release, title });
  return {
    root,
    builds: [
      build(embedded.id, embedded.manifest.releases[0]!.gpc_release, RETITLED.from),
      build(next.id, next.manifest.releases[0]!.gpc_release, RETITLED.to),
    ],
  };
}

/** The running service: its non-access log lines, the statuses its access log reported, its memory. */
export class SoakServer {
  readonly #process: ServerProcess;
  readonly #dist: SoakDist;
  /** Access-log lines counted by status (the lines themselves are dropped, but those of a non-2xx). */
  readonly #statuses: Record<string, number>;

  private constructor(process: ServerProcess, dist: SoakDist, statuses: Record<string, number>) {
    this.#process = process;
    this.#dist = dist;
    this.#statuses = statuses;
  }

  /** Starts src/main.ts on the dist root: PAYMENTS=off, RATE_LIMIT=off, LOG_LEVEL=info, the watch off. */
  static async start(dist: SoakDist): Promise<SoakServer> {
    const statuses: Record<string, number> = {};
    // The watch off: each swap is one SIGHUP, so each has exactly one log line to confirm it.
    const process = await startService(dist.root, { WATCH_DIST: "off" }, (line) => {
      const status = ACCESS_LINE.exec(line)?.[1];
      if (status === undefined) return true;
      statuses[status] = (statuses[status] ?? 0) + 1;
      return !status.startsWith("2");
    });
    return new SoakServer(process, dist, statuses);
  }

  /** `http://127.0.0.1:<port>`. */
  get base(): string {
    return this.#process.base;
  }

  /** The server's kept log lines. */
  get lines(): readonly string[] {
    return this.#process.lines;
  }

  /** Access-log lines by status so far. */
  accessStatuses(): Record<string, number> {
    return { ...this.#statuses };
  }

  /** The server's RssAnon in KiB. */
  rssAnonKib(): number {
    return rssAnon(this.#process.pid) / 1024;
  }

  /** How many replaced builds the server closed (no request held them any more). */
  closedBuilds(): number {
    return this.lines.filter((line) => line.includes('"replaced dist closed: no request holds it"')).length;
  }

  /** Moves CURRENT to `build` (write a new file, rename it over), sends SIGHUP and confirms the swap. */
  async swapTo(build: SoakBuild, atS: number): Promise<Swap> {
    const started = performance.now();
    const from = this.lines.length;
    const root = this.#dist.root;
    await Deno.writeTextFile(`${root}/.CURRENT.new`, `${build.id}\n`);
    await Deno.rename(`${root}/.CURRENT.new`, `${root}/CURRENT`);
    this.#process.signal("SIGHUP");
    const served = `"SIGHUP: serving ${root}/builds/${build.id}"`;
    let logged = false;
    while (!logged && performance.now() - started < CONFIRM_TIMEOUT_MS) {
      logged = this.lines.slice(from).some((line) => line.includes(served));
      if (!logged) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const [release, title] = logged ? await this.#probe() : [null, null];
    return {
      at_s: atS,
      build: build.id,
      release: build.release,
      logged,
      answered_release: release,
      answered_title: title,
      confirmed: logged && release === build.release && title === build.title,
      confirm_ms: Math.round(performance.now() - started),
    };
  }

  /** Sends SIGTERM and waits for the exit; its exit code. */
  async stop(): Promise<number> {
    return (await this.#process.stop()).code;
  }

  /** The release and brick title the probe path answers now. */
  async #probe(): Promise<[string | null, string | null]> {
    const response = await fetch(this.base + PROBE);
    const body = await response.json().catch(() => null);
    return [response.headers.get("X-GPC-Release"), body?.results?.[0]?.gpc?.title ?? null];
  }
}
