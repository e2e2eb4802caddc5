/**
 * The runtime's entry: `deno task serve`. Reads the configuration once, opens the compiled dist, builds
 * the payment gate and serves on Deno.serve. SIGTERM or SIGINT stops accepting connections and lets
 * in-flight requests finish (at most DRAIN_MS) before the store is closed and the process exits 0.
 *
 * Exit status: 0 after a drain, 1 when the configuration, the dist or the payment setup cannot be used
 * (the message says which variable or file and why).
 */
import { type Config, describeStateStore, readConfig } from "./config.ts";
import { createHandler, type HandlerDeps } from "./http/handler.ts";
import { freeGate } from "./payments/payment_gate.ts";
import { messageOf } from "./log/error_message.ts";
import { type PaymentConfig, readPaymentConfig } from "./payments/payment_config.ts";
import { createPaymentGate, type PaymentSetup } from "./payments/payment_setup.ts";
import { listenUrl } from "./payments/challenge_resource.ts";
import { createLog } from "./log/request_log.ts";
import { openStateStore } from "./state/open_state_store.ts";
import { createReadiness, type Verification } from "./http/readiness.ts";
import { type OpenedStore, openStore } from "./store/store.ts";

/** Longest wait for in-flight requests after a stop signal. */
export const DRAIN_MS = 10_000;

/** A running server and how to stop it. */
export interface RunningServer {
  readonly port: number;
  /** Stops accepting connections and waits for in-flight requests, at most DRAIN_MS. */
  stop(): Promise<void>;
  /** Resolves once the server has stopped. */
  readonly finished: Promise<void>;
}

/** Serves `deps` on the configured host and port. */
export function serve(deps: HandlerDeps): RunningServer {
  const { config, log } = deps;
  const handler = createHandler(deps);
  const server = Deno.serve(
    {
      port: config.port,
      hostname: config.host,
      onListen: ({ hostname, port }) =>
        log.write("info", {
          message: `serving on http://${hostname}:${port}`,
          gpc_release: deps.store.versions.gpc_release,
          map_version: deps.store.versions.map_version,
          payments: config.payments,
          rate_limit: config.rateLimit?.text ?? "off",
          state_store: describeStateStore(config.stateStore),
        }),
    },
    (request, info) => handler(request, { remoteAddr: info.remoteAddr.hostname }),
  );
  let stopping: Promise<void> | undefined;
  const stop = () =>
    stopping ??= (async () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<void>((resolve) => timer = setTimeout(resolve, DRAIN_MS));
      await Promise.race([server.shutdown(), timeout]);
      clearTimeout(timer);
    })();
  return { port: server.addr.port, stop, finished: server.finished };
}

/** Runs the service until SIGTERM or SIGINT; returns the exit status. */
export async function main(): Promise<number> {
  const env = Deno.env.toObject();
  let config: Config;
  let paymentConfig: PaymentConfig | undefined;
  try {
    config = readConfig(env);
    if (config.payments === "on") paymentConfig = readPaymentConfig(env);
  } catch (error) {
    // Both readers name the variable, the value and what is accepted.
    console.error(messageOf(error));
    return 1;
  }
  const log = createLog(config.logLevel);
  let store: OpenedStore;
  try {
    store = openStore(config.distDir, { onRemoved: (message) => log.write("error", { message }) });
  } catch (error) {
    console.error(`cannot open DIST_DIR=${config.distDir}: ${messageOf(error)}`);
    return 1;
  }
  const state = openStateStore(config.stateStore, (up, error) =>
    log.write(up ? "info" : "warn", {
      message: up ? "state store answers" : "state store does not answer",
      state_store: describeStateStore(config.stateStore),
      ...(up ? {} : { error }),
    }));
  // The port PORT=0 picks is known once the server is bound, before any request reaches the gate.
  let boundPort = config.port;
  let payments: PaymentSetup | undefined;
  if (paymentConfig === undefined) {
    log.write("warn", { message: "PAYMENTS=off: classify and brick-attributes are served free of charge" });
  } else {
    try {
      payments = await createPaymentGate(paymentConfig, {
        state,
        log: (level, message, fields) => log.write(level, { message, ...fields }),
        listenUrl: () => listenUrl(config.host, boundPort),
      });
    } catch (error) {
      store.close();
      await state.close();
      console.error(`cannot start: ${messageOf(error)}`);
      return 1;
    }
    log.write("info", { message: "payments", ...payments.describe() });
  }
  const gate = payments?.gate ?? freeGate;
  log.write("info", { message: "dist opened", dist: store.directory, mode: store.mode });
  // Hash every shard against the manifest in the background; a mismatch turns health and answers to 503.
  let verification: Verification = "verifying";
  store.verify().then(() => verification = "verified", (error) => {
    verification = "failed";
    log.write("error", { message: `dist verification failed: ${messageOf(error)}` });
  });
  const readiness = createReadiness({
    store,
    verification: () => verification,
    ...(payments ? { facilitator: payments.ready, state } : {}),
  });
  const described = payments?.describe();
  const server = serve({
    config,
    store,
    gate,
    state,
    log,
    readiness,
    ...(described ? { payment: described } : {}),
  });
  boundPort = server.port;
  const onSignal = (signal: Deno.Signal) => () => {
    log.write("info", { message: `${signal}: draining in-flight requests` });
    void server.stop();
  };
  Deno.addSignalListener("SIGTERM", onSignal("SIGTERM"));
  Deno.addSignalListener("SIGINT", onSignal("SIGINT"));
  await server.finished;
  await payments?.close();
  await state.close();
  store.close();
  log.write("info", { message: "stopped" });
  return 0;
}

if (import.meta.main) Deno.exit(await main());
