/**
 * Builds the real handler over the fake store and a recording gate, with configuration read from a
 * test's environment table and the log captured in memory.
 */
import { readConfig } from "../../src/config.ts";
import { createHandler, type Handler } from "../../src/http/handler.ts";
import { createLog } from "../../src/log/request_log.ts";
import { MemoryStateStore } from "../../src/state/memory_state_store.ts";
import type { StateStore } from "../../src/state/state_store.ts";
import { FakeStore } from "./fake_store.ts";
import { type GateMode, RecordingGate } from "./recording_gate.ts";

/** Base URL of requests in handler tests. */
export const BASE = "http://gpc.test";

/** A handler with its collaborators exposed. */
export interface TestHandler {
  readonly handle: Handler;
  readonly store: FakeStore;
  readonly gate: RecordingGate;
  /** Log lines, parsed. */
  readonly logs: Record<string, unknown>[];
  /** Sends a GET (or `init.method`) to `path` from 192.0.2.10. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

/** A handler over the fake store; `env` overrides the configuration (rate limiting is off by default). */
export function testHandler(
  options: { env?: Record<string, string>; gate?: GateMode; now?: () => number; state?: StateStore } = {},
): TestHandler {
  const config = readConfig({ RATE_LIMIT: "off", PAYMENTS: "off", LOG_LEVEL: "debug", ...options.env });
  const store = new FakeStore();
  const gate = new RecordingGate(options.gate ?? "paid");
  const logs: Record<string, unknown>[] = [];
  const log = createLog(config.logLevel, (line) => logs.push(JSON.parse(line)));
  const handle = createHandler({
    config,
    store,
    gate,
    state: options.state ?? new MemoryStateStore(),
    log,
    ...(options.now ? { now: options.now } : {}),
  });
  return {
    handle,
    store,
    gate,
    logs,
    fetch: async (path, init) =>
      await handle(new Request(BASE + path, init), { remoteAddr: { hostname: "192.0.2.10" } }),
  };
}
