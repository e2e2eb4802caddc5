/**
 * The runtime as operators run it, in a child process: a dist written once per test run, a child whose stdout
 * is read line by line while it runs, and the process tree below a pid (Linux /proc), for tests of start-up
 * failures, signals and the drain.
 */
import { SERVE_FLAGS } from "./server_process.ts";
import { distWith, smallParts } from "./small_dist.ts";

/** The repository root. */
export const ROOT = new URL("../../", import.meta.url).pathname.replace(/\/$/, "");
let prepared: Promise<string> | undefined;

/** A small dist, written once per test run. */
export function preparedDist(): Promise<string> {
  return prepared ??= distWith(smallParts()).then(({ dir }) => dir);
}

/** A port nothing listens on (free a moment ago). */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr;
  listener.close();
  return port;
}

/** What a child process left behind. */
export interface Outcome {
  readonly code: number;
  readonly stdout: string[];
  readonly stderr: string;
}

/**
 * A running child process; only PATH and HOME of the test's environment reach it, besides `env`. Disposing
 * of it (`await using`) kills it if it still runs, so that a failed test leaves nothing behind.
 */
export class Spawned implements AsyncDisposable {
  readonly lines: string[] = [];
  readonly child: Deno.ChildProcess;
  readonly #stdout: Promise<void>;
  readonly #stderr: Promise<string>;
  #exited = false;
  readonly #started = new Set<number>();

  constructor(command: string, args: string[], env: Record<string, string>, cwd = ROOT) {
    const base = { PATH: Deno.env.get("PATH") ?? "", HOME: Deno.env.get("HOME") ?? "", NO_COLOR: "1" };
    const child = new Deno.Command(command, {
      args,
      cwd,
      env: { ...base, ...env },
      clearEnv: true,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    this.child = child;
    child.status.then(() => this.#exited = true);
    this.#stdout = (async () => {
      let rest = "";
      for await (const text of child.stdout.pipeThrough(new TextDecoderStream())) {
        const parts = (rest + text).split("\n");
        rest = parts.pop()!;
        this.lines.push(...parts);
      }
      if (rest !== "") this.lines.push(rest);
    })();
    this.#stderr = new Response(child.stderr).text();
  }

  /** The runtime under `deno run` with the flags of `deno task serve`. */
  static server(env: Record<string, string>, entry = "src/main.ts"): Spawned {
    return new Spawned(Deno.execPath(), ["run", ...SERVE_FLAGS, `${ROOT}/${entry}`], env);
  }

  /** The first stdout line `matches` accepts, waiting at most `timeoutMs`. */
  async waitFor(matches: (line: string) => boolean, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const line = this.lines.find(matches);
      if (line !== undefined) return line;
      if (this.#exited) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const { stderr } = await this.outcome(1000).catch((error) => ({ stderr: String(error) }));
    throw new Error(`no such line; stdout:\n${this.lines.join("\n")}\nstderr:\n${stderr}`);
  }

  /** The port of the "serving on" log line (the processes running then are remembered, see `tree`). */
  async servingPort(): Promise<number> {
    const line = await this.waitFor((l) => l.includes('"serving on http://'));
    await this.tree();
    return Number(/:(\d+)$/.exec(JSON.parse(line).message)?.[1]);
  }

  /**
   * Waits for the exit and the end of its output, at most `timeoutMs` (a process left behind may hold the
   * pipes); a child still running then is killed, with what it started, and reported.
   */
  async outcome(timeoutMs = 30_000): Promise<Outcome> {
    const done = Promise.all([this.child.status, this.#stdout, this.#stderr]);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<"late">((resolve) => timer = setTimeout(() => resolve("late"), timeoutMs));
    const finished = await Promise.race([done, late]);
    clearTimeout(timer);
    if (finished === "late") {
      await this[Symbol.asyncDispose]();
      throw new Error(`not done within ${timeoutMs} ms; stdout:\n${this.lines.join("\n")}`);
    }
    const [{ code }, , stderr] = finished;
    return { code, stdout: this.lines, stderr };
  }

  /** The child and the live processes below it, remembered so that disposing kills them even if orphaned. */
  async tree(): Promise<number[]> {
    const below = await descendants(this.child.pid);
    for (const pid of below) this.#started.add(pid);
    return [this.child.pid, ...below];
  }

  /** Kills the child and everything it started, and waits for its pipes to close. */
  async [Symbol.asyncDispose](): Promise<void> {
    const known = await alive([...this.#started]);
    for (const pid of [...known, ...await descendants(this.child.pid), this.child.pid]) {
      try {
        Deno.kill(pid, "SIGKILL");
      } catch {
        // It has ended.
      }
    }
    // An orphan nobody knew of may still hold the pipes: wait a while, not forever.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise((resolve) => timer = setTimeout(resolve, 5000));
    await Promise.race([Promise.all([this.child.status, this.#stdout, this.#stderr]), late]);
    clearTimeout(timer);
  }
}

/** The parsed JSON log lines of a stdout, or an error naming the first line that is not one. */
export function logLines(stdout: readonly string[]): Record<string, unknown>[] {
  return stdout.map((line) => {
    try {
      return JSON.parse(line);
    } catch {
      throw new Error(`not a JSON log line: ${line}`);
    }
  });
}

/** Parent of every live process, from /proc (read through cat: Deno's permissions guard /proc). */
async function parents(): Promise<Map<number, number>> {
  const { stdout } = await new Deno.Command("sh", {
    args: ["-c", "cat /proc/[0-9]*/stat 2>/dev/null"],
    stdout: "piped",
    stderr: "null",
  }).output();
  const map = new Map<number, number>();
  for (const stat of new TextDecoder().decode(stdout).split("\n")) {
    // pid (comm) state ppid …: comm may hold spaces and parentheses, so read on from the last ")".
    const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (stat !== "" && state !== "Z") map.set(Number.parseInt(stat), Number(ppid));
  }
  return map;
}

/** Which of `pids` are live processes (an exited one not yet reaped is not). */
export async function alive(pids: readonly number[]): Promise<number[]> {
  const live = await parents();
  return pids.filter((pid) => live.has(pid));
}

/** The live processes below `pid`. */
export async function descendants(pid: number): Promise<number[]> {
  const live = [...await parents()];
  const found: number[] = [];
  for (let frontier = [pid], depth = 0; frontier.length > 0 && depth < 32; depth++) {
    frontier = live.filter(([, parent]) => frontier.includes(parent)).map(([child]) => child);
    found.push(...frontier);
  }
  return found;
}
