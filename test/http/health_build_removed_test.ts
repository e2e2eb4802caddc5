import assert from "node:assert/strict";
import { distWith, smallParts } from "../support/small_dist.ts";
import { readConfig } from "../../src/config.ts";
import { createHandler } from "../../src/http/handler.ts";
import { createLog } from "../../src/log/request_log.ts";
import { freeGate } from "../../src/payments/payment_gate.ts";
import { MemoryStateStore } from "../../src/state/memory_state_store.ts";
import { type OpenMode, openStore } from "../../src/store/store.ts";

for (const mode of ["mmap", "read"] as OpenMode[]) {
  Deno.test(`a build removed under a running server (${mode}) turns /healthz 503 while answers go on`, async () => {
    const { dir, buildDir, mapVersion } = await distWith(smallParts());
    const reports: string[] = [];
    const store = openStore(dir, { mode, onRemoved: (message) => reports.push(message) });
    const handle = createHandler({
      config: readConfig({ PAYMENTS: "off", RATE_LIMIT: "off" }),
      store,
      gate: freeGate,
      state: new MemoryStateStore(),
      log: createLog("error", () => {}),
    });
    const get = (path: string) =>
      handle(new Request(`http://gpc.test${path}`), { remoteAddr: { hostname: "192.0.2.1" } });
    try {
      assert.equal((await get("/healthz")).status, 200);
      await Deno.remove(buildDir, { recursive: true });
      const health = await get("/healthz");
      assert.equal(health.status, 503);
      assert.deepEqual(await health.json(), {
        status: "unavailable",
        gpc_release: "v20241202",
        schema_version: "v1",
        map_version: mapVersion,
        reason: "the build being served was removed from disk: restart the server to serve the current build",
      });
      // The served bytes are still the verified build (mapped pages outlive the unlink; read mode has copies).
      const brick = await get("/v1/reference/brick-attributes?gpc_code=10000155");
      assert.equal(brick.status, 200);
      assert.equal((await brick.json()).results[0].gpc.code, "10000155");
      assert.equal((await get("/healthz")).status, 503);
      assert.deepEqual(reports, [`the build directory ${buildDir} being served was removed from disk`]);
    } finally {
      store.close();
    }
  });
}
