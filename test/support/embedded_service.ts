/**
 * The embedded default (data/) compiled once per test process into a temporary dist, opened with the real
 * store, and the real handler over it: free (PAYMENTS=off) or behind the real x402 gate with the development
 * facilitator, for in-process tests that need every operation's real answers.
 */
import { buildDist } from "../../build/build_dist.ts";
import { recordingProgress } from "../../build/progress.ts";
import { readConfig } from "../../src/config.ts";
import { createHandler, type Handler } from "../../src/http/handler.ts";
import { operationDiscovery } from "../../src/contract/operation_discovery.ts";
import { createLog } from "../../src/log/request_log.ts";
import { freeGate } from "../../src/payments/payment_gate.ts";
import { readPaymentConfig } from "../../src/payments/payment_config.ts";
import { createPaymentGate } from "../../src/payments/payment_setup.ts";
import { MemoryStateStore } from "../../src/state/memory_state_store.ts";
import { type OpenedStore, openStore } from "../../src/store/store.ts";
import { tempDir } from "./temp_dir.ts";

/** The public URL of the paid embedded service (no socket: requests go to the handler). */
export const EMBEDDED_BASE = "http://gpc.test";

let built: Promise<string> | undefined;

/** The embedded default's dist, built once per test process. */
export function embeddedDist(): Promise<string> {
  return built ??= (async () => {
    const dist = `${await tempDir("embedded-dist-")}/dist`;
    await buildDist("data", dist, recordingProgress());
    return dist;
  })();
}

/** The real handler over the embedded dist. */
export interface EmbeddedService {
  readonly handle: Handler;
  readonly store: OpenedStore;
  /** Its OpenAPI document. */
  // deno-lint-ignore no-explicit-any
  readonly openapi: any;
  /** The query parameters of `path`, as the OpenAPI document publishes them. */
  queryParameters(path: string): string[];
  /** Log lines, parsed. */
  readonly logs: Record<string, unknown>[];
  close(): Promise<void>;
}

/**
 * The handler over the embedded dist, rate limit off; `payments: "on"` puts the real x402 gate in front of
 * the paid paths (development facilitator, PUBLIC_URL EMBEDDED_BASE), otherwise everything is free;
 * `options.now` fixes the handler's clock (answers' freshness), `options.logLevel` what is logged (warn).
 */
export async function embeddedService(
  payments: "on" | "off" = "off",
  options: { readonly now?: () => number; readonly logLevel?: string } = {},
): Promise<EmbeddedService> {
  const store = openStore(await embeddedDist());
  const config = readConfig({ RATE_LIMIT: "off", PAYMENTS: payments, LOG_LEVEL: options.logLevel ?? "warn" });
  const logs: Record<string, unknown>[] = [];
  const log = createLog(config.logLevel, (line) => logs.push(JSON.parse(line)));
  const state = new MemoryStateStore();
  const setup = payments === "on"
    ? await createPaymentGate(readPaymentConfig({ PUBLIC_URL: EMBEDDED_BASE }), {
      state,
      log: (level, message, fields) => log.write(level, { message, ...fields }),
      discovery: operationDiscovery,
    })
    : undefined;
  const handle = createHandler({
    config,
    store,
    ...(options.now === undefined ? {} : { now: options.now }),
    gate: setup?.gate ?? freeGate,
    ...(setup === undefined ? {} : { payment: setup.describe() }),
    state,
    log,
  });
  const openapi = await (await handle(new Request(`${EMBEDDED_BASE}/openapi.json`))).json();
  return {
    handle,
    store,
    openapi,
    queryParameters: (path) =>
      (openapi.paths[path]?.get?.parameters ?? []).filter((p: { in: string }) => p.in === "query")
        .map((p: { name: string }) => p.name),
    logs,
    close: async () => {
      await setup?.close();
      store.close();
    },
  };
}
