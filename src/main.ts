/**
 * The runtime's entry: `deno task serve` (and, after an optional build, `npm start` via start.ts). Reads the
 * configuration once, opens the compiled dist, builds the payment gate and serves on Deno.serve. SIGTERM or
 * SIGINT stops accepting connections and lets in-flight requests finish; after DRAIN_MS the process exits
 * anyway, logging how many requests it cut, but never before a settlement it started has ended and its
 * answer was delivered or given up (payments/settlements_in_flight.ts), nor, then, before the connections
 * have closed, their answers written (at most DELIVERY_GRACE_MS more). Then the store is closed and the
 * process exits 0.
 *
 * A new build is served without a restart: SIGHUP, or a move of DIST_DIR/CURRENT (WATCH_DIST=on), opens it,
 * verifies every shard and swaps it in (store/dist_reload.ts); each request holds the dist it started on
 * until its answer is complete, so none fails, and the old dist is closed once none holds it.
 *
 * Everything the process writes is a JSON log line on stdout, console output of libraries included. A
 * start-up failure (a configuration value, the dist, the payment setup, an address that cannot be listened
 * on) is one `error` line naming the variable or file, and exit status 1.
 */
import { type Config, describeStateStore, readConfig } from "./config.ts";
import { createHandler, type HandlerDeps } from "./http/handler.ts";
import { freeGate } from "./payments/payment_gate.ts";
import { messageOf } from "./log/error_message.ts";
import { routeConsole } from "./log/console_route.ts";
import type { PaymentConfig } from "./payments/payment_config.ts";
import type { PaymentSetup } from "./payments/payment_setup.ts";
import { listenUrl } from "./payments/challenge_resource.ts";
import { operationDiscovery } from "./contract/operation_discovery.ts";
import { createLog } from "./log/request_log.ts";
import { logsWritten } from "./log/log_buffer.ts";
import {
  DELIVERY_GRACE_MS,
  deliveryOrGrace,
  type StopSettlements,
} from "./payments/settlements_in_flight.ts";
import { openStateStore } from "./state/open_state_store.ts";
import { createReadiness, type Verification } from "./http/readiness.ts";
import { type OpenedStore, openStore } from "./store/store.ts";
import { DistHolder } from "./store/dist_holder.ts";
import { createDistReloader } from "./store/dist_reload.ts";
import { startedByNpm, stopRequested } from "./parent_watch.ts";
import { listenFailure } from "./http/listen_failure.ts";
import type { Handler } from "./http/handler.ts";

/** How a stop went. */
export interface StopResult {
  /** False when DRAIN_MS ran out before every connection was done. */
  readonly drained: boolean;
  /** Requests whose handler had not answered when the drain was cut off (0 when drained). */
  readonly cut: number;
  /** Settlements still held when DRAIN_MS ran out, waited for (0 when none were). */
  readonly settlements: number;
  /** With a settlement ended during the stop: whether every connection had closed, its answer written,
   * within DELIVERY_GRACE_MS of the last settlement's end (false: the process exits with one open). */
  readonly written?: boolean;
}

/** A running server and how to stop it. */
export interface RunningServer {
  readonly port: number;
  /**
   * Stops accepting connections and waits for in-flight requests, at most the configured DRAIN_MS; then for
   * the payment setup's `settlements`, which no DRAIN_MS cuts short.
   */
  stop(settlements?: StopSettlements): Promise<StopResult>;
  /** Resolves once the server has stopped. */
  readonly finished: Promise<void>;
}

/**
 * Serves `deps` on the configured host and port; throws when the address cannot be listened on. With a
 * `holder`, each request is answered by the handler of the dist current when it starts, held until then.
 */
export function serve(deps: HandlerDeps, holder?: DistHolder<Handler>): RunningServer {
  const { config, log } = deps;
  const handler = holder === undefined ? createHandler(deps) : undefined;
  let inFlight = 0;
  const server = Deno.serve(
    {
      port: config.port,
      hostname: config.host,
      onListen: ({ hostname, port }) =>
        log.write("info", {
          message: `serving on http://${hostname}:${port}`,
          pid: Deno.pid,
          gpc_release: deps.store.versions.gpc_release,
          map_version: deps.store.versions.map_version,
          payments: config.payments,
          rate_limit: config.rateLimit?.text ?? "off",
          state_store: describeStateStore(config.stateStore),
        }),
    },
    (request, info) => {
      // A sync answer is complete when returned: nothing reads the dist after that, so it is given back at once.
      const held = holder?.acquire();
      // The peer address is asked of the connection only when a request needs it (rate limit, log line).
      const answer = (held?.value ?? handler!)(request, info);
      // An answer given at once is in flight no longer: only the pending ones can be cut by a drain.
      if (answer instanceof Promise) {
        inFlight++;
        const answered = () => {
          inFlight--;
          if (held !== undefined) holder!.release(held);
        };
        answer.then(answered, answered);
      } else if (held !== undefined) {
        holder!.release(held);
      }
      return answer;
    },
  );
  let stopping: Promise<StopResult> | undefined;
  const stop = (settlements: StopSettlements = { ended: () => 0, finish: () => Promise.resolve(0) }) =>
    stopping ??= (async () => {
      const endedBefore = settlements.ended();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const cutOff = new Promise<void>((resolve) => timer = setTimeout(resolve, config.drainMs));
      let closed = false;
      // shutdown() waits for every connection, also for one whose client never reads its answer.
      const shutdown = server.shutdown().then(() => closed = true, () => closed = true);
      await Promise.race([shutdown, cutOff]);
      clearTimeout(timer);
      const cut = closed ? 0 : inFlight;
      // A settlement once started may move the payer's money whatever happens here: it runs to its end (its
      // own timeout) and its answer's delivery, whatever DRAIN_MS says. None starts after this.
      const drained = closed;
      const held = await settlements.finish();
      if (settlements.ended() === endedBefore) return { drained, cut, settlements: 0 };
      // A settled answer counts as delivered once Deno.serve has all of it (`completed` resolves when a whole
      // body is handed over, before its bytes are written), and a process that exits at once can take them
      // with it: the payer was charged and read nothing. So a stop that saw a settlement end, before DRAIN_MS
      // ran out or after, waits for the connections: their close says the bytes were written.
      await deliveryOrGrace(shutdown);
      return { drained, cut, settlements: held, written: closed };
    })();
  return { port: server.addr.port, stop, finished: server.finished };
}

/** Runs the service until SIGTERM or SIGINT; returns the exit status. */
export async function main(): Promise<number> {
  // Until LOG_LEVEL is known only a failure can be written; it is a log line like every other.
  let log = createLog("error");
  const fail = (message: string) => {
    log.write("error", { message });
    return 1;
  };
  const env = Deno.env.toObject();
  let config: Config;
  let paymentConfig: PaymentConfig | undefined;
  try {
    config = readConfig(env);
    // The payment libraries (x402, viem) are loaded only with payments on: a fifth of a second of start-up.
    if (config.payments === "on") {
      paymentConfig = (await import("./payments/payment_config.ts")).readPaymentConfig(env);
    }
  } catch (error) {
    // Both readers name the variable, the value and what is accepted.
    return fail(messageOf(error));
  }
  log = createLog(config.logLevel);
  routeConsole(log);
  let store: OpenedStore;
  const onRemoved = (message: string) => log.write("error", { message });
  try {
    store = openStore(config.distDir, { onRemoved });
  } catch (error) {
    return fail(`cannot open DIST_DIR=${config.distDir}: ${messageOf(error)}`);
  }
  const state = await openStateStore(config.stateStore, (up, error) =>
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
      const { createPaymentGate } = await import("./payments/payment_setup.ts");
      payments = await createPaymentGate(paymentConfig, {
        state,
        log: (level, message, fields) => log.write(level, { message, ...fields }),
        listenUrl: () => listenUrl(config.host, boundPort),
        discovery: operationDiscovery,
      });
    } catch (error) {
      store.close();
      await state.close();
      return fail(`cannot start: ${messageOf(error)}`);
    }
    log.write("info", { message: "payments", ...payments.describe() });
  }
  const gate = payments?.gate ?? freeGate;
  log.write("info", { message: "dist opened", dist: store.directory, mode: store.mode });
  // Readiness needs the dist verified, which runs in the background once the server listens.
  let verification: Verification = "verifying";
  const readiness = createReadiness({
    store: { problem: () => holder.current.dist.problem() },
    // A dist swapped in later was verified before the swap.
    verification: () => holder.current.dist === store ? verification : "verified",
    ...(payments ? { facilitator: payments.ready, state } : {}),
  });
  const described = payments?.describe();
  const depsOf = (dist: OpenedStore): HandlerDeps => ({
    config,
    store: dist,
    gate,
    state,
    log,
    readiness,
    ...(described ? { payment: described } : {}),
  });
  const holder = new DistHolder(
    store,
    createHandler(depsOf(store)),
    (dist) =>
      log.write("info", { message: "replaced dist closed: no request holds it", dist: dist.directory }),
  );
  let server: RunningServer;
  try {
    server = serve(depsOf(store), holder);
    boundPort = server.port;
  } catch (error) {
    await payments?.close();
    await state.close();
    store.close();
    return fail(listenFailure(config, error));
  }
  // Hash every shard against the manifest in the background; a mismatch turns health and answers to 503.
  store.verify().then(() => verification = "verified", (error) => {
    verification = "failed";
    log.write("error", { message: `dist verification failed: ${messageOf(error)}` });
  });
  const reloader = createDistReloader({
    distDir: config.distDir,
    holder,
    open: (dir) => openStore(dir, { onRemoved }),
    valueOf: (dist) => createHandler(depsOf(dist)),
    log: (level, fields) => log.write(level, fields),
  });
  const hangUp = () => void reloader.reload("SIGHUP");
  Deno.addSignalListener("SIGHUP", hangUp);
  const stopWatch = config.watchDist ? reloader.watch() : () => {};
  const cause = await stopRequested(startedByNpm(env));
  Deno.removeSignalListener("SIGHUP", hangUp);
  stopWatch();
  log.write("info", { message: `${cause}: draining in-flight requests`, drain_ms: config.drainMs });
  const { drained, cut, settlements, written } = await server.stop(payments?.settlements);
  if (settlements > 0) {
    log.write("warn", {
      message:
        `DRAIN_MS=${config.drainMs} ran out with settlements started: waited for them and their answers`,
      cut,
      settlements,
    });
  } else if (!drained) {
    const then = written
      ? "waited for a settled answer's connection to close"
      : "exiting with connections open";
    log.write("warn", { message: `DRAIN_MS=${config.drainMs} ran out: ${then}`, cut });
  }
  if (written === false) {
    log.write("error", {
      message: `connections still open ${DELIVERY_GRACE_MS} ms after the last settlement ended: exiting; ` +
        "a settled answer may not have reached its payer (see the payment settled lines above)",
    });
  }
  await payments?.close();
  await state.close();
  // A cut-off handler may still read the store until the process exits: keep it mapped.
  if (drained) holder.close();
  log.write("info", { message: "stopped" });
  return 0;
}

/** Runs main; an unexpected start-up error is one log line too, never a stack trace. */
export async function runMain(): Promise<number> {
  try {
    return await main();
  } catch (error) {
    createLog("error").write("error", { message: `cannot start: ${messageOf(error)}` });
    return 1;
  }
}

if (import.meta.main) {
  const status = await runMain();
  await logsWritten();
  Deno.exit(status);
}
