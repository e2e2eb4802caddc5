/**
 * What the server loads before it answers: the payment libraries (x402, viem) and the Redis client are
 * loaded only when the configuration asks for them (PAYMENTS=on, STATE_STORE=redis://…), and the MCP SDK on
 * the first POST /mcp, by dynamic imports.
 * Loading them for nothing costs about 0.3 s of start-up. Read from `deno info --json` of src/main.ts.
 */
import assert from "node:assert/strict";

const DENO = Deno.execPath();
const MAIN = new URL("../src/main.ts", import.meta.url).pathname;
const CONFIG = new URL("../deno.json", import.meta.url).pathname;

interface Dependency {
  readonly code?: { readonly specifier: string };
  readonly isDynamic?: boolean;
}
interface ModuleInfo {
  readonly specifier: string;
  readonly dependencies?: readonly Dependency[];
}

/** The modules reachable from src/main.ts by code imports; with `dynamic`, dynamic imports included. */
async function reachable(dynamic: boolean): Promise<Set<string>> {
  const { code, stdout, stderr } = await new Deno.Command(DENO, {
    args: ["info", "--json", "--config", CONFIG, MAIN],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(code, 0, new TextDecoder().decode(stderr));
  const info = JSON.parse(new TextDecoder().decode(stdout)) as {
    modules: ModuleInfo[];
    redirects: Record<string, string>;
  };
  const bySpecifier = new Map(info.modules.map((m) => [m.specifier, m]));
  const resolve = (specifier: string) => info.redirects[specifier] ?? specifier;
  const seen = new Set<string>();
  const queue = [`file://${MAIN}`];
  while (queue.length > 0) {
    const specifier = resolve(queue.pop()!);
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    for (const dependency of bySpecifier.get(specifier)?.dependencies ?? []) {
      if (dependency.code === undefined || (dependency.isDynamic === true && !dynamic)) continue;
      queue.push(dependency.code.specifier);
    }
  }
  return seen;
}

const LAZY = [
  /node_modules\/viem\//,
  /node_modules\/@x402\//,
  /node_modules\/ioredis\//,
  /node_modules\/@modelcontextprotocol\//,
];

function loaded(modules: Set<string>): string[] {
  return LAZY.filter((pattern) => [...modules].some((m) => pattern.test(m))).map((p) => p.source);
}

Deno.test("the payment libraries, the Redis client and the MCP SDK are not loaded at start-up unless needed", async () => {
  assert.deepEqual(loaded(await reachable(false)), []);
  // They are reachable, through the dynamic imports of a configuration that asks for them.
  assert.deepEqual(loaded(await reachable(true)), LAZY.map((p) => p.source));
});
