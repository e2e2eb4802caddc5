/**
 * The real service (`src/main.ts`) in a child process, for tests that need what only a process shows: a
 * signal that kills it, its exit status, its start-up error, its log lines.
 */
const MAIN = new URL("../../src/main.ts", import.meta.url).pathname;
/** The permissions `deno task serve` grants. */
export const SERVE_PERMISSIONS = ["--allow-read", "--allow-net", "--allow-env", "--allow-ffi"];
/**
 * The V8 flags every way of running the service passes: the `serve`, `start` and `compile` tasks and npm
 * start (test/run_flags_test.ts checks each). Why: docs/performance.md, "Allocation-site pretenuring".
 */
export const SERVE_V8_FLAGS = ["--v8-flags=--no-allocation-site-pretenuring"];
/** `deno run`'s flags for the service, as `deno task serve` gives them. */
export const SERVE_FLAGS = [...SERVE_PERMISSIONS, ...SERVE_V8_FLAGS];

/** A started service. */
export interface ServerProcess {
  /** `http://127.0.0.1:<port>` once it listens. */
  readonly base: string;
  /** Every line it wrote so far, stdout and stderr (those `keep` kept). */
  readonly lines: string[];
  /** Its process id (for /proc/<pid>/status). */
  readonly pid: number;
  /** Resolves with its exit status. */
  readonly status: Promise<Deno.CommandStatus>;
  /** Sends SIGTERM (if it still runs) and waits for the exit. */
  stop(): Promise<Deno.CommandStatus>;
  /** Sends `signal` (SIGHUP: serve the new build). */
  signal(signal: Deno.Signal): void;
}

/** The service's environment for `dist`: free, no rate limit, on a free port of 127.0.0.1. */
export function serviceEnv(dist: string): Record<string, string> {
  return {
    DIST_DIR: dist,
    HOST: "127.0.0.1",
    PORT: "0",
    PAYMENTS: "off",
    RATE_LIMIT: "off",
    LOG_LEVEL: "info",
  };
}

/** Runs `deno run <serve flags> src/main.ts` with `env`, prefixed by `wrapper` (e.g. setpriv). */
export function serviceCommand(env: Record<string, string>, wrapper: readonly string[] = []): Deno.Command {
  const [program, ...args] = [...wrapper, Deno.execPath(), "run", ...SERVE_FLAGS, MAIN];
  return new Deno.Command(program!, { args, env, stdin: "null", stdout: "piped", stderr: "piped" });
}

/**
 * Starts the service on `dist` (`env` added to serviceEnv's) and waits until it listens (at most 20 s). Every
 * line is read; `keep` says which are held in `lines` (a long run under load drops its access log there).
 */
export async function startService(
  dist: string,
  env: Record<string, string> = {},
  keep: (line: string) => boolean = () => true,
): Promise<ServerProcess> {
  const child = serviceCommand({ ...serviceEnv(dist), ...env }).spawn();
  const lines: string[] = [];
  let listening!: (base: string) => void;
  const base = new Promise<string>((resolve) => listening = resolve);
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    let rest = "";
    for await (const bytes of stream) {
      const parts = (rest + decoder.decode(bytes, { stream: true })).split("\n");
      rest = parts.pop()!;
      for (const line of parts) {
        if (keep(line)) lines.push(line);
        const port = /serving on http:\/\/127\.0\.0\.1:(\d+)/.exec(line)?.[1];
        if (port !== undefined) listening(`http://127.0.0.1:${port}`);
      }
    }
    if (rest !== "" && keep(rest)) lines.push(rest);
  };
  const streams = Promise.all([collect(child.stdout), collect(child.stderr)]);
  const status = streams.then(() => child.status);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the service did not listen:\n${lines.join("\n")}`)), 20_000);
  });
  const exited = status.then((s) => {
    throw new Error(`the service exited ${s.code} before listening:\n${lines.join("\n")}`);
  });
  try {
    const url = await Promise.race([base, timeout, exited]);
    return {
      base: url,
      pid: child.pid,
      lines,
      status,
      signal: (signal) => child.kill(signal),
      stop: async () => {
        try {
          child.kill("SIGTERM");
        } catch {
          // Already exited.
        }
        return await status;
      },
    };
  } catch (error) {
    try {
      child.kill("SIGKILL");
    } catch {
      // Already exited.
    }
    await status;
    throw error;
  } finally {
    clearTimeout(timer);
    exited.catch(() => {});
  }
}
