/**
 * A real redis-server (Debian's package) on 127.0.0.1 for the tests of the shared state store: started on
 * a free port with a temporary directory and no persistence, stopped, paused (SIGSTOP: a Redis that hangs)
 * and started again on the same port.
 *
 * Without redis-server, `redisTest` fails in CI (CI=true) and is ignored locally with a message saying how
 * to install it.
 */
import { tempDir } from "./temp_dir.ts";
import type { StateStore } from "../../src/state/state_store.ts";

const INSTALL = "apt-get install -y redis-server";

function installed(): boolean {
  try {
    return new Deno.Command("redis-server", { args: ["--version"], stdout: "null", stderr: "null" })
      .outputSync().success;
  } catch {
    return false;
  }
}

/** Whether redis-server can be run here. */
export const REDIS_INSTALLED = installed();
const IN_CI = Deno.env.get("CI") === "true";
let told = false;

/** Deno.test for a test that needs redis-server: ignored locally without it, failing in CI without it. */
export function redisTest(name: string, body: (redis: RedisServer) => Promise<void>): void {
  const missing = !REDIS_INSTALLED;
  if (missing && !IN_CI && !told) {
    told = true;
    console.error(`redis-server is not installed: the shared state store tests are ignored (${INSTALL})`);
  }
  Deno.test({
    name,
    ignore: missing && !IN_CI,
    fn: async () => {
      if (missing) throw new Error(`redis-server is not installed; CI needs it: ${INSTALL}`);
      const redis = await RedisServer.start();
      try {
        await body(redis);
      } finally {
        await redis.stop();
      }
    },
  });
}

/** One redis-server process (or none, while stopped) on a fixed port. */
export class RedisServer {
  #child: Deno.ChildProcess | undefined;

  private constructor(readonly port: number, readonly dir: string) {}

  /** Starts a server on a free port of 127.0.0.1 and waits until it accepts connections. */
  static async start(): Promise<RedisServer> {
    const dir = await tempDir("redis-test-");
    let failure: unknown;
    for (let attempt = 0; attempt < 5; attempt++) {
      const server = new RedisServer(freePort(), dir);
      try {
        await server.restart();
        return server;
      } catch (error) {
        failure = error; // Another process took the port between our probe and the server's bind.
      }
    }
    throw failure;
  }

  /** `redis://127.0.0.1:<port>`. */
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server (again) on its port; resolves once it accepts connections (at most 10 s). */
  async restart(): Promise<void> {
    const child = new Deno.Command("redis-server", {
      args: ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        .concat(["--dir", this.dir, "--daemonize", "no"]),
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const output: string[] = [];
    const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    const deadline = Date.now() + 10_000;
    let ready = false;
    while (!ready && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      output.push(value);
      ready = output.join("").includes("Ready to accept connections");
    }
    // The rest of its output is not needed; drain it so the process never blocks on a full pipe.
    void (async () => {
      while (!(await reader.read()).done) { /* drained */ }
    })().catch(() => {});
    void child.stderr.pipeTo(new WritableStream()).catch(() => {});
    if (!ready) {
      child.kill("SIGKILL");
      await child.status;
      throw new Error(`redis-server did not start on port ${this.port}:\n${output.join("")}`);
    }
    this.#child = child;
  }

  /** Stops the server (connections are refused until `restart`). */
  async stop(): Promise<void> {
    const child = this.#child;
    if (child === undefined) return;
    this.#child = undefined;
    child.kill("SIGCONT"); // A paused server cannot act on SIGTERM.
    child.kill("SIGTERM");
    await child.status;
  }

  /** Freezes the server: connections stay open and nothing is answered, like a Redis that hangs. */
  pause(): void {
    this.#child?.kill("SIGSTOP");
  }

  /** Lets a paused server go on. */
  resume(): void {
    this.#child?.kill("SIGCONT");
  }
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/** Waits for a store's first connection (at most 5 s): nothing is queued before it. */
export async function waitUntilUp(store: StateStore): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      return await store.ping();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await store.ping();
}
