/**
 * The nginx configuration of docs/operations.md, run as written (ports and, for speed, the
 * header timeout substituted) in front of a real server: Deno.serve cannot time out slow or idle clients, so
 * this configuration is what does. Needs Debian's nginx: CI installs it (.ci/run) and fails without it;
 * elsewhere the test is skipped with a message when nginx is absent.
 */
import assert from "node:assert/strict";
import { readConfig } from "../../src/config.ts";
import { serve } from "../../src/main.ts";
import { createLog } from "../../src/log/request_log.ts";
import { MemoryStateStore } from "../../src/state/memory_state_store.ts";
import type { PaymentGate } from "../../src/payments/payment_gate.ts";
import { FakeStore } from "../support/fake_store.ts";
import { tempDir } from "../support/temp_dir.ts";

const DOCUMENT = new URL("../../docs/operations.md", import.meta.url);
const MARKER = "<!-- nginx configuration: test/http/reverse_proxy_test.ts reads the block below -->";
const HEADER_TIMEOUT_S = 2;
const IN_CI = Deno.env.get("CI") === "true";

function findNginx(): string | undefined {
  const dirs = [...(Deno.env.get("PATH") ?? "").split(":"), "/usr/sbin", "/usr/local/sbin"];
  for (const dir of dirs.filter((d) => d !== "")) {
    try {
      if (Deno.statSync(`${dir}/nginx`).isFile) return `${dir}/nginx`;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

const NGINX = findNginx();
if (NGINX === undefined && !IN_CI) {
  console.warn("reverse_proxy_test: nginx is not installed (apt-get install nginx): its tests are skipped");
}

/** The nginx block of docs/operations.md, exactly as documented. */
function documentedConfig(): string {
  const text = Deno.readTextFileSync(DOCUMENT);
  const at = text.indexOf(MARKER);
  assert.ok(at >= 0, "docs/operations.md holds the nginx configuration after its marker");
  const block = /```nginx\n([\s\S]*?)```/.exec(text.slice(at));
  assert.ok(block, "an ```nginx block follows the marker");
  return block[1]!;
}

/** The documented block with the test's ports and header timeout; each substitution must find its line. */
function testedConfig(listen: number, upstream: number): string {
  const substitutions: [RegExp, string][] = [
    [/^ {4}listen 80;$/m, `    listen 127.0.0.1:${listen};`],
    [/^ {4}server 127\.0\.0\.1:8080;$/m, `    server 127.0.0.1:${upstream};`],
    [/^ {4}client_header_timeout 10s;/m, `    client_header_timeout ${HEADER_TIMEOUT_S}s;`],
  ];
  let config = documentedConfig();
  for (const [line, replacement] of substitutions) {
    assert.match(config, line);
    config = config.replace(line, replacement);
  }
  return config;
}

/** A whole nginx.conf for an unprivileged nginx whose files all live in `dir`. */
function nginxConf(dir: string, site: string): string {
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `  ${kind}_temp_path ${dir}/${kind};`).join("\n");
  return [
    "daemon off;",
    "worker_processes 1;",
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log info;`,
    "events { worker_connections 64; }",
    "http {",
    `  access_log ${dir}/access.log;`,
    temp,
    site,
    "}",
    "",
  ].join("\n");
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr;
  listener.close();
  return port;
}

async function waitForPort(port: number, child: Deno.ChildProcess, dir: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      (await Deno.connect({ hostname: "127.0.0.1", port })).close();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  child.kill("SIGKILL");
  await child.status;
  throw new Error(`nginx did not listen: ${await Deno.readTextFile(`${dir}/error.log`).catch(() => "")}`);
}

/** Seconds until the server closes `conn`, reading everything it sends; writes `trickle` every 400 ms. */
async function secondsUntilClosed(
  conn: Deno.Conn,
  trickle?: string,
): Promise<{ seconds: number; got: string }> {
  const started = performance.now();
  let open = true;
  const writer = (async () => {
    const encoder = new TextEncoder();
    for (let i = 0; open && trickle !== undefined && i < 50; i++) {
      await conn.write(encoder.encode(i === 0 ? "GET /healthz HTTP/1.1\r\nHost: a\r\n" : trickle)).catch(
        () => {
          open = false;
        },
      );
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
  })();
  let got = "";
  const buffer = new Uint8Array(4096);
  for (let i = 0; i < 100; i++) {
    const read = await conn.read(buffer).catch(() => null); // a reset counts as closed
    if (read === null) break;
    got += new TextDecoder().decode(buffer.subarray(0, read));
  }
  open = false;
  await writer;
  conn.close();
  return { seconds: (performance.now() - started) / 1000, got };
}

// A 4 KiB PAYMENT-RESPONSE, the most the payment headers are allowed to hold.
const PAYMENT_RESPONSE = "A".repeat(4096);
const paidGate: PaymentGate = {
  admit: () =>
    Promise.resolve({
      kind: "paid",
      settle: (response: Response) => {
        response.headers.set("PAYMENT-RESPONSE", PAYMENT_RESPONSE);
        return Promise.resolve(response);
      },
      abandon: () => Promise.resolve(),
    }),
};

Deno.test({
  name: "the documented nginx configuration fronts the service and times out slow and idle clients",
  ignore: NGINX === undefined && !IN_CI,
  fn: async (t) => {
    assert.ok(NGINX, "nginx is installed (CI installs it with apt-get in .ci/run)");
    const lines: Record<string, unknown>[] = [];
    const config = readConfig({
      HOST: "127.0.0.1",
      PORT: "0",
      PAYMENTS: "off",
      RATE_LIMIT: "off",
      TRUST_PROXY: "1",
    });
    const log = createLog("info", (line) => lines.push(JSON.parse(line)));
    const server = serve({
      config,
      store: new FakeStore(),
      gate: paidGate,
      state: new MemoryStateStore(),
      log,
    });
    const dir = await tempDir("gpc-nginx-");
    const port = freePort();
    await Deno.writeTextFile(`${dir}/nginx.conf`, nginxConf(dir, testedConfig(port, server.port)));
    const nginx = new Deno.Command(NGINX, {
      args: ["-p", dir, "-c", `${dir}/nginx.conf`, "-e", `${dir}/error.log`],
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).spawn();
    const proxied = `http://127.0.0.1:${port}`;
    const direct = `http://127.0.0.1:${server.port}`;
    try {
      await waitForPort(port, nginx, dir);

      await t.step("a proxied request answers like a direct one", async () => {
        const path = "/v1/reference/classify?browse_id=16318751,1";
        const [viaProxy, itself] = await Promise.all([fetch(proxied + path), fetch(direct + path)]);
        const same = ["content-type", "x-gpc-release", "x-map-version", "cache-control", "payment-response"];
        assert.equal(viaProxy.status, 200);
        assert.deepEqual(
          same.map((name) => viaProxy.headers.get(name)),
          same.map((name) => itself.headers.get(name)),
        );
        assert.equal(await viaProxy.text(), await itself.text());
      });

      await t.step("the service sees the address nginx saw, not the one a client claims", async () => {
        const response = await fetch(`${proxied}/healthz`, {
          headers: {
            "Forwarded": "for=192.0.2.7",
            "X-Forwarded-For": "198.51.100.9",
            "X-Request-Id": "proxy-1",
          },
        });
        await response.body?.cancel();
        const line = lines.find((l) => l.request_id === "proxy-1");
        assert.equal(line?.client, "127.0.0.1");
      });

      await t.step("a large answer with a 4 KiB payment header passes whole", async () => {
        const ids = Array.from({ length: 100 }, (_, i) => String(16318751 + i)).join(",");
        const path = `/v1/reference/classify?browse_id=${ids}`;
        const [viaProxy, itself] = await Promise.all([fetch(proxied + path), fetch(direct + path)]);
        assert.equal(viaProxy.status, 200);
        assert.equal(viaProxy.headers.get("payment-response"), PAYMENT_RESPONSE);
        const body = await viaProxy.text();
        assert.equal(body, await itself.text());
        assert.ok(body.length > 10_000, `a large answer: ${body.length} bytes`);
      });

      await t.step(
        "clients that send half a head, trickle one, or send nothing are cut at the timeout",
        async () => {
          const connect = () => Deno.connect({ hostname: "127.0.0.1", port });
          const [half, trickling, silent] = await Promise.all([
            connect().then((conn) => secondsUntilClosed(conn, "")),
            connect().then((conn) => secondsUntilClosed(conn, "X-Slow: 1\r\n")),
            connect().then((conn) => secondsUntilClosed(conn)),
          ]);
          for (const [name, cut] of Object.entries({ half, trickling, silent })) {
            assert.equal(cut.got, "", `${name}: nothing is answered`);
            assert.ok(
              cut.seconds >= HEADER_TIMEOUT_S - 0.2 && cut.seconds < HEADER_TIMEOUT_S + 2,
              `${name}: closed after ${cut.seconds.toFixed(2)} s`,
            );
          }
        },
      );
    } finally {
      nginx.kill("SIGTERM");
      await nginx.status;
      await server.stop();
    }
  },
});
