/**
 * The runtime's server (`serve` of src/main.ts) over the fake store, free, on a free port of 127.0.0.1: for
 * tests that need real HTTP but no dist.
 */
import { readConfig } from "../../src/config.ts";
import { type RunningServer, serve } from "../../src/main.ts";
import { createLog } from "../../src/log/request_log.ts";
import { MemoryStateStore } from "../../src/state/memory_state_store.ts";
import { freeGate } from "../../src/payments/payment_gate.ts";
import { FakeStore } from "./fake_store.ts";

/** Serves the fake store with PAYMENTS=off and `env` (rate limit off unless given); the log is dropped. */
export function serveFakeStore(env: Record<string, string> = {}): RunningServer {
  const config = readConfig({ HOST: "127.0.0.1", PORT: "0", PAYMENTS: "off", RATE_LIMIT: "off", ...env });
  return serve({
    config,
    store: new FakeStore(),
    gate: freeGate,
    state: new MemoryStateStore(),
    log: createLog("error", () => {}),
  });
}
