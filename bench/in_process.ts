/**
 * The handler the in-process micro-benchmarks call without a socket: the real pipeline over `store`, payments
 * off, no rate limit, only error lines logged.
 */
import { createHandler, type Handler } from "../src/http/handler.ts";
import { readConfig } from "../src/config.ts";
import { freeGate } from "../src/payments/payment_gate.ts";
import { MemoryStateStore } from "../src/state/memory_state_store.ts";
import { createLog } from "../src/log/request_log.ts";
import type { OpenedStore } from "../src/store/store.ts";

/** The free handler over `store`. */
export function inProcessHandler(store: OpenedStore): Handler {
  return createHandler({
    config: readConfig({ PAYMENTS: "off", RATE_LIMIT: "off", LOG_LEVEL: "error" }),
    store,
    gate: freeGate,
    state: new MemoryStateStore(),
    log: createLog("error"),
  });
}
