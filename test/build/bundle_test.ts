/**
 * The one deployable: `deno task bundle` writes one self-contained module, which serves with `deno run`
 * (no configuration, no node_modules) and nothing but a dist beside it. The bundled server is asked every
 * path of the router with PAYMENTS=off, each answer checked against its response schema, and, with
 * PAYMENTS=on, answers a challenge and is paid for real through its built-in development facilitator.
 */
import assert from "node:assert/strict";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "npm:@x402/core@2.27.0/http";
import { bundle } from "../../build/bundle.ts";
import { buildDist } from "../../build/build_dist.ts";
import { recordingProgress } from "../../build/progress.ts";
import { openStore } from "../../src/store/store.ts";
import { answerProblem, OPERATION_EXAMPLES } from "../support/operation_examples.ts";
import { newPayer } from "../support/payment_client.ts";
import { tempDir } from "../support/temp_dir.ts";

const dir = await tempDir("bundle-test-");
const dist = `${dir}/dist`;
const bytes = await bundle("src/main.ts", `${dir}/server.js`);
const built = await buildDist("data", dist, recordingProgress());
// Only the module, its legal comments and the dist lie beside each other.
const beside = [...Deno.readDirSync(dir)].map((entry) => entry.name).sort();

/** The bundle served from `dir` with `env`: its base URL, and a stop that returns its exit code. */
async function serveBundle(env: Record<string, string>): Promise<{ base: string; stop(): Promise<number> }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-config", "--allow-read", "--allow-net", "--allow-env", "--allow-ffi", "server.js"],
    cwd: dir,
    clearEnv: true,
    env: { PORT: "0", HOST: "127.0.0.1", DIST_DIR: "dist", NO_COLOR: "1", RATE_LIMIT: "off", ...env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  let port: string | undefined;
  while (port === undefined) {
    const { value, done } = await lines.read();
    if (done) break;
    seen += value;
    port = /serving on http:\/\/127\.0\.0\.1:(\d+)/.exec(seen)?.[1];
  }
  const stop = async () => {
    child.kill("SIGTERM");
    const status = await child.status;
    await lines.cancel();
    await child.stderr.cancel();
    return status.code;
  };
  if (port === undefined) {
    await stop();
    assert.fail(`no listening line in: ${seen}`);
  }
  return { base: `http://127.0.0.1:${port}`, stop };
}

Deno.test("the esbuild bundle is one module of a few MiB with nothing beside it but the dist", () => {
  assert.ok(bytes > 1_000_000 && bytes < 20_000_000, `bundle is ${bytes} bytes`);
  assert.deepEqual(beside, ["dist", "server.js", "server.js.LEGAL.txt"]);
});

Deno.test("the bundle answers every path of the router as its response schema says, and drains on SIGTERM", async () => {
  const server = await serveBundle({ PAYMENTS: "off" });
  try {
    // Ready once the dist's background verification is done: only the dist is checked with payments off.
    let ready: Response | undefined;
    for (let tries = 0; tries < 100 && ready?.status !== 200; tries++) {
      if (ready !== undefined) await new Promise((resolve) => setTimeout(resolve, 100));
      ready = await fetch(`${server.base}/readyz`);
      if (ready.status !== 200) await ready.body?.cancel();
    }
    assert.deepEqual(await ready!.json(), { status: "ready", checks: { dist: "ok" } });
    for (const example of OPERATION_EXAMPLES) {
      const target = `${example.path}${example.query === "" ? "" : `?${example.query}`}`;
      const response = await fetch(server.base + target);
      const problem = answerProblem(
        example.answer,
        response.headers.get("content-type"),
        await response.text(),
      );
      assert.deepEqual([target, response.status, problem], [target, 200, undefined]);
    }
    const classify = await fetch(`${server.base}/v1/reference/classify?browse_id=16318751`);
    const store = openStore(dist, { mode: "read" });
    try {
      assert.equal((await classify.json()).results[0].gpc.code, store.browse("16318751")?.gpc?.code);
    } finally {
      store.close();
    }
    assert.equal(classify.headers.get("x-gpc-release"), built.manifest.default_release);
    assert.equal(built.manifest.default_release, "v20251127");
    // 27,199 rows, of which 764 repeat an observation (counted once).
    assert.equal((await (await fetch(`${server.base}/v1/public/stats`)).json()).observations.total, 26435);
    // The API reference page and its viewer are inside the bundle.
    assert.match(
      await (await fetch(`${server.base}/docs`)).text(),
      /<script src="docs\/swagger-ui-bundle\.js"><\/script>/,
    );
    assert.equal(
      await (await fetch(`${server.base}/docs/swagger-ui-bundle.js`)).text(),
      await Deno.readTextFile("node_modules/swagger-ui-dist/swagger-ui-bundle.js"),
    );
    const refused = await fetch(`${server.base}/v1/reference/classify?browse_id=abc`);
    assert.deepEqual([refused.status, (await refused.json()).error.code], [400, "INVALID_PARAMS"]);
  } finally {
    assert.equal(await server.stop(), 0);
  }
});

Deno.test("the bundle with PAYMENTS=on answers 402 with a challenge and is paid through its development facilitator", async () => {
  const server = await serveBundle({ PAYMENTS: "on" });
  try {
    const url = `${server.base}/v1/reference/classify?browse_id=16318751`;
    const challenge = await fetch(url);
    const body = await challenge.json();
    assert.equal(challenge.status, 402);
    assert.equal(body.type, "https://paymentauth.org/problems/payment-required");
    const required = decodePaymentRequiredHeader(challenge.headers.get("PAYMENT-REQUIRED")!);
    assert.equal(required.resource.url, url);
    assert.deepEqual([required.accepts[0]!.amount, required.accepts[0]!.network], ["1000", "eip155:84532"]);
    const payer = newPayer();
    const paid = await payer.pay(url);
    assert.equal(paid.status, 200);
    const store = openStore(dist, { mode: "read" });
    try {
      assert.equal((await paid.json()).results[0].gpc.code, store.browse("16318751")?.gpc?.code);
    } finally {
      store.close();
    }
    const settlement = decodePaymentResponseHeader(paid.headers.get("PAYMENT-RESPONSE")!);
    assert.deepEqual([settlement.success, settlement.payer], [true, payer.account.address]);
  } finally {
    assert.equal(await server.stop(), 0);
  }
});
