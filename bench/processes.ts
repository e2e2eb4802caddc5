/**
 * The processes a benchmark runs: servers started on a free port of 127.0.0.1, polled until they answer,
 * measured (start-up time, anonymous memory) and stopped. Every wait is bounded.
 */

/** Where the pinned Deno is: the one running the bench. */
export const DENO = Deno.execPath();

/** A running server. */
export interface Server {
  readonly name: string;
  readonly port: number;
  readonly pid: number;
  /** Milliseconds from spawning the process to the first answer of its ready path. */
  readonly startMs: number;
  readonly base: string;
  stop(): Promise<void>;
}

/** How to start one server. */
export interface ServerSpec {
  readonly name: string;
  /** Arguments of `deno` (run, flags, script…); `{port}` is replaced by the port. */
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** A path answered once the server is ready (the first classify for ours). */
  readonly readyPath: string;
  /** Status the ready path answers; default 200. */
  readonly readyStatus?: number;
  /** Longest wait for the first answer. */
  readonly timeoutMs?: number;
  /** Where stdout goes: the access log of ours is written and thrown away like a log shipper would. */
  readonly stdout?: "null" | "inherit";
}

/** The servers started and not yet exited: a bench stopped by a signal stops them too (`killRunning`). */
const running = new Set<Deno.ChildProcess>();

/** Kills every server still running (SIGKILL), for a bench stopped by SIGINT or SIGTERM; how many it killed. */
export function killRunning(): number {
  let killed = 0;
  for (const child of running) {
    try {
      child.kill("SIGKILL");
      killed++;
    } catch {
      // Exited since: nothing to stop.
    }
  }
  return killed;
}

/** A free TCP port on 127.0.0.1 (bound, read, released: the server binds it right after). */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/**
 * Starts a server and waits until its ready path answers; throws with its stderr if it does not.
 * `onSpawn` is told the process id and the spawn time (`performance.now()`) before the first answer.
 */
export async function startServer(
  spec: ServerSpec,
  onSpawn?: (pid: number, spawnedAt: number) => void,
): Promise<Server> {
  const port = freePort();
  const args = spec.args.map((arg) => arg.replaceAll("{port}", String(port)));
  const started = performance.now();
  const child = new Deno.Command(DENO, {
    args,
    env: { HOST: "127.0.0.1", PORT: String(port), NO_COLOR: "1", ...spec.env },
    stdin: "null",
    stdout: spec.stdout ?? "null",
    stderr: "piped",
  }).spawn();
  running.add(child);
  onSpawn?.(child.pid, started);
  const stderr = new Response(child.stderr).text();
  const base = `http://127.0.0.1:${port}`;
  const deadline = started + (spec.timeoutMs ?? 120_000);
  let exited = false;
  child.status.then(() => {
    exited = true;
    running.delete(child);
  });
  while (true) {
    if (exited || performance.now() > deadline) {
      if (!exited) child.kill("SIGKILL");
      throw new Error(`${spec.name} did not answer ${spec.readyPath}: ${(await stderr).slice(-2000)}`);
    }
    const status = await fetch(base + spec.readyPath).then(async (r) => {
      await r.body?.cancel();
      return r.status;
    }, () => 0);
    if (status === (spec.readyStatus ?? 200)) break;
    await new Promise((resolve) => setTimeout(resolve, status === 0 ? 2 : 20));
  }
  const startMs = performance.now() - started;
  return {
    name: spec.name,
    port,
    pid: child.pid,
    startMs,
    base,
    stop: async () => {
      if (!exited) child.kill("SIGTERM");
      const timer = setTimeout(() => exited || child.kill("SIGKILL"), 15_000);
      await child.status;
      clearTimeout(timer);
      await stderr;
    },
  };
}

/** A process's anonymous resident memory in bytes (RssAnon: mapped file pages are shared, not counted). */
export function rssAnon(pid: number): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  const kb = /^RssAnon:\s+(\d+) kB$/m.exec(status);
  if (!kb) throw new Error(`/proc/${pid}/status has no RssAnon line`);
  return Number(kb[1]) * 1024;
}

/** Sends `targets` (cycled) to `base`, `concurrency` at a time, `count` requests in all; answers must be `status`. */
export async function sendRequests(
  base: string,
  targets: readonly string[],
  count: number,
  status: number,
  concurrency = 8,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const target = targets[next++ % targets.length]!;
      const response = await fetch(base + target);
      await response.arrayBuffer();
      if (response.status !== status) throw new Error(`${target} answered ${response.status}, not ${status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
