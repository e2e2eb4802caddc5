import assert from "node:assert/strict";
import { bundle } from "../../build/bundle.ts";
import { buildDist } from "../../build/build_dist.ts";
import { recordingProgress } from "../../build/progress.ts";

Deno.test("the esbuild bundle is one module that serves the embedded default and drains on SIGTERM", async () => {
  const dir = await Deno.makeTempDir({ prefix: "bundle-test-" });
  try {
    await buildDist("data", `${dir}/dist`, recordingProgress());
    const bytes = await bundle("src/main.ts", `${dir}/server.js`);
    assert.ok(bytes > 10_000, `bundle is ${bytes} bytes`);
    const child = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--no-config",
        "--allow-read",
        "--allow-net",
        "--allow-env",
        "--allow-ffi",
        `${dir}/server.js`,
      ],
      cwd: dir,
      env: { PORT: "0", HOST: "127.0.0.1", PAYMENTS: "off", DIST_DIR: `${dir}/dist`, NO_COLOR: "1" },
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
    assert.ok(port !== undefined, `no listening line in: ${seen}`);
    const classify = await fetch(`http://127.0.0.1:${port}/v1/reference/classify?browse_id=16318751`);
    const body = await classify.json();
    assert.equal(classify.status, 200);
    assert.equal(body.results[0].gpc.code, "50180000");
    assert.equal(classify.headers.get("x-gpc-release"), "v20241202");
    const stats = await fetch(`http://127.0.0.1:${port}/v1/public/stats`);
    assert.equal((await stats.json()).observations.total, 27199);
    // The API reference page and its viewer are inside the bundle: nothing but the dist is beside it.
    const docs = await fetch(`http://127.0.0.1:${port}/docs`);
    assert.equal(docs.status, 200);
    assert.match(await docs.text(), /<script src="docs\/swagger-ui-bundle\.js"><\/script>/);
    const viewer = await fetch(`http://127.0.0.1:${port}/docs/swagger-ui-bundle.js`);
    assert.equal(viewer.status, 200);
    assert.equal(
      await viewer.text(),
      await Deno.readTextFile("node_modules/swagger-ui-dist/swagger-ui-bundle.js"),
    );
    child.kill("SIGTERM");
    const status = await child.status;
    await lines.cancel();
    await child.stderr.cancel();
    assert.equal(status.code, 0);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
