/**
 * A real service on 127.0.0.1 for payment end-to-end tests: the runtime's handler over the fake store,
 * gated by the x402 gate, paying against the development facilitator behind a proxy that can fail on
 * demand (down, slow, answering 500 or garbage). The proxy stands between gate and facilitator so that the ledger
 * stays the truth of what was charged whatever the proxy does.
 */
import { readConfig } from "../../src/config.ts";
import { type DevFacilitator, startDevFacilitator } from "../../src/payments/dev_facilitator.ts";
import { createHandler, type Handler } from "../../src/http/handler.ts";
import { type PaymentConfig, readPaymentConfig } from "../../src/payments/payment_config.ts";
import { createPaymentGate, type PaymentSetup } from "../../src/payments/payment_setup.ts";
import { createLog } from "../../src/log/request_log.ts";
import { MemoryStateStore } from "../../src/state/memory_state_store.ts";
import type { StateStore } from "../../src/state/state_store.ts";
import { FakeStore } from "./fake_store.ts";
import { operationDiscovery } from "../../src/contract/operation_discovery.ts";
import { resetAssetContractCache } from "npm:@x402/evm@2.27.0";
import { newPayer, type Payer } from "./payment_client.ts";

/** The paid request of the payment tests: classify of two ids, the second looked up only by the work. */
export const PAID_PATH = "/v1/reference/classify?browse_id=16318751,18776870011";
/** Its price in atomic units (0.001 USDC). */
export const PRICE = 1000n;
/** What every address holds on the development ledger at first. */
export const START_BALANCE = 1_000_000_000n;

/** How the proxy treats one facilitator path. */
export type ProxyFault =
  | { readonly kind: "pass" }
  | { readonly kind: "status"; readonly status: number }
  /** Waits `ms`, then forwards (the facilitator still acts: a late answer, not a lost request). */
  | { readonly kind: "delay"; readonly ms: number }
  /** Forwards (the facilitator acts), then breaks the answer's body: a connection lost after the request. */
  | { readonly kind: "break" }
  /** Answers `body` with `status` and never forwards: the facilitator does nothing. */
  | { readonly kind: "answer"; readonly status: number; readonly body: string }
  /** Forwards (the facilitator acts), then answers `body` with 200 in place of its answer. */
  | { readonly kind: "garble"; readonly body: string }
  /** Never forwards, and breaks the answer's body: a connection lost before the facilitator heard anything. */
  | { readonly kind: "drop" };

/** A proxy in front of the development facilitator. */
export class FacilitatorProxy {
  /** Faults by path ("/verify", "/settle", "/supported"). */
  readonly faults = new Map<string, ProxyFault>();
  /** Every request body forwarded, by path, in order (what the facilitator was sent). */
  readonly sent = new Map<string, unknown[]>();
  #server: Deno.HttpServer<Deno.NetAddr> | undefined;
  readonly #pending = new Set<Promise<unknown>>();

  constructor(readonly target: string, public port = 0) {}

  /** Starts listening (again, on the same port after `stop`). */
  start(): void {
    this.#server = Deno.serve({ hostname: "127.0.0.1", port: this.port, onListen: () => {} }, (request) => {
      const work = this.#forward(request);
      this.#pending.add(work);
      work.finally(() => this.#pending.delete(work));
      return work;
    });
    this.port = this.#server.addr.port;
  }

  /** Stops listening: connections are refused until `start`. */
  async stop(): Promise<void> {
    await this.#server?.shutdown();
    this.#server = undefined;
  }

  /** Waits for forwarded requests still in flight (delayed ones). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.#pending]);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async #forward(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    const fault = this.faults.get(path) ?? { kind: "pass" };
    if (fault.kind === "status") return new Response("facilitator failure", { status: fault.status });
    if (fault.kind === "answer") {
      return new Response(fault.body, {
        status: fault.status,
        headers: { "Content-Type": "application/json" },
      });
    }
    if (fault.kind === "drop") return brokenAnswer(200);
    const body = request.method === "POST" ? await request.text() : undefined;
    if (body !== undefined) this.sent.set(path, [...this.sent.get(path) ?? [], JSON.parse(body)]);
    if (fault.kind === "delay") await new Promise((resolve) => setTimeout(resolve, fault.ms));
    const answer = await fetch(this.target + path, {
      method: request.method,
      headers: { "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body }),
    });
    const text = await answer.text();
    if (fault.kind === "garble") {
      return new Response(fault.body, { status: 200, headers: { "Content-Type": "application/json" } });
    }
    if (fault.kind === "break") return brokenAnswer(answer.status);
    return new Response(text, { status: answer.status, headers: answer.headers });
  }
}

/** An answer whose body fails while it is read: to the client, a connection lost. */
function brokenAnswer(status: number): Response {
  const broken = new ReadableStream({ pull: (controller) => controller.error(new Error("connection lost")) });
  return new Response(broken, { status, headers: { "Content-Type": "application/json" } });
}

/** A running paid service with everything a test inspects. */
export interface PaymentHarness {
  /** Base URL of the service. */
  readonly url: string;
  /** The service's handler, for requests no HTTP client can send (a URI longer than the server takes). */
  readonly handle: Handler;
  readonly config: PaymentConfig;
  readonly facilitator: DevFacilitator;
  readonly proxy: FacilitatorProxy;
  readonly store: FakeStore;
  readonly state: StateStore;
  readonly setup: PaymentSetup;
  /** Every log line (runtime and gate), as written. */
  readonly logLines: string[];
  close(): Promise<void>;
}

/**
 * Starts the service; `env` adds payment variables (FACILITATOR_URL is the proxy's, PUBLIC_URL the service's
 * own address unless given), `serviceEnv` service variables (rate limit off unless given); `state` replaces the
 * in-process state store.
 */
export async function startPaymentHarness(
  env: Record<string, string> = {},
  serviceEnv: Record<string, string> = {},
  options: { readonly state?: StateStore } = {},
): Promise<PaymentHarness> {
  const base = readPaymentConfig(env);
  const facilitator = startDevFacilitator({ network: base.network, asset: base.asset });
  const proxy = new FacilitatorProxy(facilitator.url);
  proxy.start();
  // Bound first, so that PUBLIC_URL can be the real address; requests wait for the handler.
  let handle: Handler | undefined;
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    (request, info) => handle!(request, info),
  );
  const url = `http://127.0.0.1:${server.addr.port}`;
  const config = readPaymentConfig({
    PAY_TO: base.payTo,
    PUBLIC_URL: url,
    ...env,
    FACILITATOR_URL: proxy.url,
  });
  const logLines: string[] = [];
  const log = createLog("debug", (line) => logLines.push(line));
  const state = options.state ?? new MemoryStateStore();
  const setup = await createPaymentGate(config, {
    state,
    log: (level, message, fields) => log.write(level, { message, ...fields }),
    discovery: operationDiscovery,
  });
  const store = new FakeStore();
  const handler = handle = createHandler({
    config: readConfig({ RATE_LIMIT: "off", PAYMENTS: "on", LOG_LEVEL: "debug", ...serviceEnv }),
    store,
    gate: setup.gate,
    state,
    log,
  });
  return {
    url,
    handle: handler,
    config,
    facilitator,
    proxy,
    store,
    state,
    setup,
    logLines,
    close: async () => {
      await server.shutdown();
      await proxy.settled();
      await proxy.stop();
      await setup.close();
      await facilitator.close();
    },
  };
}

/** What a harness test is started with: startPaymentHarness's arguments, the state store made per test. */
export interface HarnessSetup {
  readonly env?: Record<string, string>;
  readonly serviceEnv?: Record<string, string>;
  readonly state?: () => StateStore;
}

/** Registers a test running `body` against a fresh service, a new payer and PAID_PATH, then stops everything. */
export function harnessTest(
  name: string,
  body: (h: PaymentHarness, payer: Payer, url: string) => Promise<void>,
  setup: HarnessSetup = {},
): void {
  Deno.test(name, async () => {
    resetAssetContractCache();
    const state = setup.state?.();
    const h = await startPaymentHarness(setup.env, setup.serviceEnv, state === undefined ? {} : { state });
    try {
      await body(h, newPayer(), h.url + PAID_PATH);
    } finally {
      await h.close();
    }
  });
}

/** How many times the paid classify of `browse_id=16318751,18776870011` ran: its lookup of the second id
 * happens only in the work. */
export function workRuns(h: PaymentHarness): number {
  return h.store.lookups.filter((lookup) => lookup === "browse:18776870011").length;
}
