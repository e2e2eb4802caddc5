import assert from "node:assert/strict";
import { operationDiscovery } from "../../src/contract/operation_discovery.ts";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "npm:@x402/core@2.27.0/http";
import { startDevFacilitator } from "../../src/payments/dev_facilitator.ts";
import type { Admission } from "../../src/payments/payment_gate.ts";
import { readPaymentConfig } from "../../src/payments/payment_config.ts";
import { createPaymentGate, type PaymentSetup } from "../../src/payments/payment_setup.ts";
import { MemoryStateStore } from "../../src/state/memory_state_store.ts";
import { newPayer } from "../support/payment_client.ts";
import {
  type FacilitatorClient,
  HTTPFacilitatorClient,
  x402ResourceServer,
} from "npm:@x402/core@2.27.0/server";
import { ExactEvmScheme } from "npm:@x402/evm@2.27.0/exact/server";
import { CHALLENGE_CACHE_SIZE, createX402Gate } from "../../src/payments/x402_gate.ts";
import { PaymentClaims } from "../../src/payments/payment_claims.ts";
import { DEV_PAYMENT } from "../support/deployment_document.ts";
import type { PaymentGate } from "../../src/payments/payment_gate.ts";
import { facilitatorCall, FacilitatorCallError } from "../../src/payments/facilitator_trouble.ts";
import { VerifyError } from "npm:@x402/core@2.27.0/types";
import { encodePaymentSignatureHeader } from "npm:@x402/core@2.27.0/http";
import { declarePaymentIdentifierExtension } from "npm:@x402/extensions@2.27.0/payment-identifier";

const PAYEE = "0x209693Bc6afc0C5328bA36FaF03C514EF312287C";
const ORIGIN = "http://gpc.test";
const URL_CLASSIFY = "http://gpc.test/v1/reference/classify?browse_id=16318751,18776870011,18776875011";
const CLASSIFY = { operation: "classifyBrowseNodes", items: 3 };

/** A gate over a running development facilitator; `body` gets the gate, its logs and the facilitator. */
async function withGate(
  env: Record<string, string>,
  body: (setup: PaymentSetup, logs: string[], state: MemoryStateStore) => Promise<void>,
) {
  const facilitator = startDevFacilitator(readPaymentConfig({}));
  const logs: string[] = [];
  const state = new MemoryStateStore();
  const setup = await createPaymentGate(
    readPaymentConfig({ FACILITATOR_URL: facilitator.url, PAY_TO: PAYEE, PUBLIC_URL: ORIGIN, ...env }),
    { state, log: (level, message) => logs.push(`${level}: ${message}`), discovery: operationDiscovery },
  );
  try {
    await body(setup, logs, state);
  } finally {
    await setup.close();
    await facilitator.close();
  }
}

function responseOf(admission: Admission): Response {
  if (admission.kind !== "respond") throw new Error(`expected a response, got ${admission.kind}`);
  const { response } = admission;
  // A 402 comes as data (the handler adds its headers and builds the Response once).
  if (response instanceof Response) return response;
  return new Response(response.body, { status: response.status, headers: response.headers });
}

/** The discovery metadata (x402 bazaar extension) of classify: its query and the top level of its answer. */
const CLASSIFY_DISCOVERY = {
  info: {
    input: { type: "http", method: "GET" },
    output: { type: "json", format: "../../openapi.json#/paths/~1v1~1reference~1classify/get/responses/200" },
  },
  schema: {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    properties: {
      input: {
        type: "object",
        properties: {
          type: { type: "string", const: "http" },
          method: { type: "string", enum: ["GET"] },
          queryParams: {
            type: "object",
            properties: {
              browse_id: { type: "string", pattern: "^[0-9]{1,20}(?:,[0-9]{1,20}){0,99}$" },
              q: {
                type: "string",
                pattern: "^(?=[^,]*[^,\\s])[^,]{1,200}(?:,(?=[^,]*[^,\\s])[^,]{1,200}){0,99}$",
              },
              tree: { type: "string", pattern: "^[a-z0-9][a-z0-9-]{0,39}$" },
            },
            required: [],
            additionalProperties: false,
            oneOf: [{ required: ["browse_id"] }, { required: ["q"] }],
            dependentRequired: { tree: ["browse_id"] },
          },
        },
        required: ["type", "method"],
        additionalProperties: false,
      },
      output: {
        type: "object",
        properties: {
          type: { type: "string", const: "json" },
          example: {
            type: "object",
            properties: {
              results: { type: "array" },
              gpc_release: { type: "string" },
              schema_version: { type: "string" },
            },
            required: ["results", "gpc_release", "schema_version"],
            additionalProperties: false,
          },
        },
        required: ["type"],
      },
    },
    required: ["input"],
  },
};

Deno.test("a request without payment gets the x402 v2 challenge for its price, its discovery metadata and the optional payment identifier", async () => {
  await withGate({}, async ({ gate }) => {
    const response = responseOf(await gate.admit(new Request(URL_CLASSIFY), CLASSIFY));
    assert.equal(response.status, 402);
    assert.deepEqual(decodePaymentRequiredHeader(response.headers.get("PAYMENT-REQUIRED")!), {
      x402Version: 2,
      error: "Payment required",
      resource: {
        url: URL_CLASSIFY,
        description: "classifyBrowseNodes: 3 items",
        mimeType: "application/json",
      },
      accepts: [{
        scheme: "exact",
        network: "eip155:84532",
        amount: "1000",
        asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
        payTo: PAYEE,
        maxTimeoutSeconds: 300,
        extra: { name: "USDC", version: "2" },
      }],
      extensions: {
        bazaar: CLASSIFY_DISCOVERY,
        "payment-identifier": declarePaymentIdentifierExtension(false),
      },
    });
    const body = await response.json();
    assert.equal(body.detail, "GET /v1/reference/classify costs 0.001 USDC per call");
    assert.equal("x402Version" in body, false);
    assert.equal("accepts" in body, false);
  });
});

Deno.test("a per-item price adds up per id and says so", async () => {
  await withGate({ PRICE_CLASSIFY_PER_ITEM: "0.0001" }, async ({ gate }) => {
    const response = responseOf(await gate.admit(new Request(URL_CLASSIFY), CLASSIFY));
    assert.equal(
      decodePaymentRequiredHeader(response.headers.get("PAYMENT-REQUIRED")!).accepts[0]!.amount,
      "1300",
    );
    const body = await response.json();
    assert.equal(
      body.detail,
      "GET /v1/reference/classify costs 0.001 USDC per call plus 0.0001 USDC per item: 0.0013 USDC for 3 items",
    );
    assert.equal(body.error.details.amount, "1300");
  });
});

Deno.test("an x402 version 1 X-PAYMENT header is a malformed credential that names the v2 header", async () => {
  await withGate({}, async ({ gate }) => {
    const request = new Request(URL_CLASSIFY, { headers: { "X-PAYMENT": "e30=" } });
    const body = await responseOf(await gate.admit(request, CLASSIFY)).json();
    assert.equal(body.type, "https://paymentauth.org/problems/malformed-credential");
    assert.equal(
      body.error.message,
      "X-PAYMENT is the x402 version 1 header; send PAYMENT-SIGNATURE (x402 version 2)",
    );
  });
});

Deno.test("an operation without a price is a programming error, not a free pass", async () => {
  await withGate({}, async ({ gate }) => {
    await assert.rejects(
      async () => await gate.admit(new Request(URL_CLASSIFY), { operation: "getNothing", items: 1 }),
      {
        message: "no price is configured for operation getNothing",
      },
    );
  });
});

Deno.test("a paid admission settles into PAYMENT-RESPONSE and keeps the work's answer", async () => {
  await withGate({}, async ({ gate }) => {
    const payer = newPayer();
    const challenge = responseOf(await gate.admit(new Request(URL_CLASSIFY), CLASSIFY));
    const required = decodePaymentRequiredHeader(challenge.headers.get("PAYMENT-REQUIRED")!);
    const payload = await payer.client.createPaymentPayload(required);
    const { encodePaymentSignatureHeader } = await import("npm:@x402/core@2.27.0/http");
    const request = new Request(URL_CLASSIFY, {
      headers: { "PAYMENT-SIGNATURE": encodePaymentSignatureHeader(payload) },
    });
    const admission = await gate.admit(request, CLASSIFY);
    if (admission.kind !== "paid") throw new Error(`expected paid, got ${admission.kind}`);
    const work = new Response('{"results":[]}', { status: 200, headers: { "X-Work": "done" } });
    const answer = await admission.settle(work);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get("X-Work"), "done");
    assert.equal(await answer.text(), '{"results":[]}');
    assert.deepEqual(decodePaymentResponseHeader(answer.headers.get("PAYMENT-RESPONSE")!).success, true);
  });
});

Deno.test("an abandoned admission releases its claim and charges nothing", async () => {
  await withGate({}, async ({ gate }, logs) => {
    const payer = newPayer();
    const challenge = responseOf(await gate.admit(new Request(URL_CLASSIFY), CLASSIFY));
    const required = decodePaymentRequiredHeader(challenge.headers.get("PAYMENT-REQUIRED")!);
    const { encodePaymentSignatureHeader } = await import("npm:@x402/core@2.27.0/http");
    const header = encodePaymentSignatureHeader(await payer.client.createPaymentPayload(required));
    const first = await gate.admit(
      new Request(URL_CLASSIFY, { headers: { "PAYMENT-SIGNATURE": header } }),
      CLASSIFY,
    );
    if (first.kind !== "paid") throw new Error(`expected paid, got ${first.kind}`);
    await first.abandon();
    const again = await gate.admit(
      new Request(URL_CLASSIFY, { headers: { "PAYMENT-SIGNATURE": header } }),
      CLASSIFY,
    );
    assert.equal(again.kind, "paid");
    if (again.kind === "paid") await again.abandon();
    assert.deepEqual(logs.filter((line) => line.includes("abandoned")).length, 2);
  });
});

Deno.test("a facilitator unreachable at start-up is retried: 503 first, then challenges once it is up", async () => {
  const probe = startDevFacilitator(readPaymentConfig({}));
  const port = Number(new URL(probe.url).port);
  await probe.close();
  const logs: string[] = [];
  const setup = await createPaymentGate(
    readPaymentConfig({ FACILITATOR_URL: `http://127.0.0.1:${port}`, PAY_TO: PAYEE, PUBLIC_URL: ORIGIN }),
    {
      state: new MemoryStateStore(),
      log: (level, message) => logs.push(`${level}: ${message}`),
      discovery: operationDiscovery,
    },
  );
  const down = responseOf(await setup.gate.admit(new Request(URL_CLASSIFY), CLASSIFY));
  assert.equal(down.status, 503);
  assert.equal(down.headers.get("Retry-After"), "5");
  await down.body?.cancel();
  const facilitator = startDevFacilitator({ ...readPaymentConfig({}), port });
  try {
    const up = responseOf(await setup.gate.admit(new Request(URL_CLASSIFY), CLASSIFY));
    assert.equal(up.status, 402);
    await up.body?.cancel();
    assert.equal(
      logs[0],
      "warn: payment facilitator not reachable at start-up; paid operations answer 503 until it is",
    );
  } finally {
    await setup.close();
    await facilitator.close();
  }
});

Deno.test("the development setup starts its own facilitator and says so", async () => {
  const logs: string[] = [];
  const setup = await createPaymentGate(readPaymentConfig({}), {
    state: new MemoryStateStore(),
    log: (level, message) => logs.push(`${level}: ${message}`),
    listenUrl: () => ORIGIN,
    discovery: operationDiscovery,
  });
  try {
    assert.deepEqual(logs, [
      "warn: payments use the DEVELOPMENT facilitator: an in-memory test ledger, no real funds move",
    ]);
    assert.deepEqual(setup.describe(), DEV_PAYMENT);
    const response = responseOf(await setup.gate.admit(new Request(URL_CLASSIFY), CLASSIFY));
    assert.equal(response.status, 402);
    await response.body?.cancel();
  } finally {
    await setup.close();
  }
});

Deno.test("identical unpaid requests reuse one encoded challenge and one declaration; another URL gets its own challenge", async () => {
  const facilitator = startDevFacilitator(readPaymentConfig({}));
  const config = readPaymentConfig({ FACILITATOR_URL: facilitator.url, PAY_TO: PAYEE, PUBLIC_URL: ORIGIN });
  const server = new x402ResourceServer(new HTTPFacilitatorClient({ url: facilitator.url }))
    .register(config.network, new ExactEvmScheme());
  let built = 0;
  const original = server.createPaymentRequiredResponse.bind(server);
  server.createPaymentRequiredResponse = (...args) => {
    built++;
    return original(...args);
  };
  const discovered: string[] = [];
  const gate = createX402Gate({
    config,
    server,
    claims: new PaymentClaims(new MemoryStateStore()),
    log: () => {},
    publicUrl: () => ORIGIN,
    discovery: (operation) => {
      discovered.push(operation);
      return operationDiscovery(operation);
    },
  });
  try {
    const headerOf = async (url: string, items: number) =>
      responseOf(await gate.admit(new Request(url), { operation: "classifyBrowseNodes", items }))
        .headers.get("PAYMENT-REQUIRED");
    const first = await headerOf(URL_CLASSIFY, 3);
    assert.equal(await headerOf(URL_CLASSIFY, 3), first);
    assert.equal(built, 1);
    const other = await headerOf("http://gpc.test/v1/reference/classify?browse_id=16318751", 1);
    assert.notEqual(other, first);
    assert.equal(
      decodePaymentRequiredHeader(other!).resource.url,
      "http://gpc.test/v1/reference/classify?browse_id=16318751",
    );
    assert.equal(built, 2);
    // The discovery metadata depends on the operation only: declared once.
    assert.deepEqual(discovered, ["classifyBrowseNodes"]);
    assert.equal(CHALLENGE_CACHE_SIZE, 4096);
  } finally {
    await facilitator.close();
  }
});

/** A gate whose facilitator supports Base Sepolia exact payments and answers verify with `verify`. */
function gateVerifyingWith(verify: () => Promise<never>, logs: string[]): PaymentGate {
  const config = readPaymentConfig({
    FACILITATOR_URL: "https://f.example",
    PAY_TO: PAYEE,
    PUBLIC_URL: ORIGIN,
  });
  const facilitator: FacilitatorClient = {
    getSupported: () =>
      Promise.resolve({
        kinds: [{ x402Version: 2, scheme: "exact", network: config.network }],
        extensions: [],
        signers: {},
      }),
    verify,
    settle: () => Promise.reject(new Error("not reached")),
  };
  return createX402Gate({
    config,
    server: new x402ResourceServer(facilitator).register(config.network, new ExactEvmScheme()),
    claims: new PaymentClaims(new MemoryStateStore()),
    log: (level, message) => logs.push(`${level}: ${message}`),
    publicUrl: () => ORIGIN,
    discovery: operationDiscovery,
  });
}

/** A request carrying a fresh signed payment for the challenge `gate` issues. */
async function paidRequest(gate: PaymentGate): Promise<Request> {
  const challenge = responseOf(await gate.admit(new Request(URL_CLASSIFY), CLASSIFY));
  const required = decodePaymentRequiredHeader(challenge.headers.get("PAYMENT-REQUIRED")!);
  const header = encodePaymentSignatureHeader(await newPayer().client.createPaymentPayload(required));
  return new Request(URL_CLASSIFY, { headers: { "PAYMENT-SIGNATURE": header } });
}

Deno.test("a failed facilitator call is facilitator trouble: 502 with Retry-After, logged as the facilitator's", async () => {
  const logs: string[] = [];
  const gate = gateVerifyingWith(
    () => Promise.reject(new FacilitatorCallError("verify", new Error("Facilitator verify failed (500)"))),
    logs,
  );
  const answer = responseOf(await gate.admit(await paidRequest(gate), CLASSIFY));
  assert.equal(answer.status, 502);
  assert.equal(answer.headers.get("Retry-After"), "5");
  assert.equal((await answer.json()).error.code, "PAYMENT_FACILITATOR_ERROR");
  assert.deepEqual(logs, ["error: payment facilitator verify failed"]);
});

Deno.test("an exception that is not a failed facilitator call is never answered as facilitator trouble", async () => {
  const logs: string[] = [];
  const gate = gateVerifyingWith(
    () => Promise.reject(new RangeError("Maximum call stack size exceeded")),
    logs,
  );
  const request = await paidRequest(gate);
  // The handler's boundary answers it 500 INTERNAL; the claim is released, so the payment is not lost.
  await assert.rejects(async () => await gate.admit(request.clone(), CLASSIFY), {
    name: "RangeError",
    message: "Maximum call stack size exceeded",
  });
  await assert.rejects(async () => await gate.admit(request, CLASSIFY), { name: "RangeError" });
  assert.deepEqual(logs, []);
});

Deno.test("facilitatorCall passes the facilitator's refusals and marks every other failure as its own", async () => {
  const refusal = new VerifyError(400, { isValid: false, invalidReason: "invalid_signature" });
  await assert.rejects(
    facilitatorCall("verify", () => Promise.reject(refusal)),
    (error) => error === refusal,
  );
  const lost = new TypeError("fetch failed");
  await assert.rejects(
    facilitatorCall("settle", () => Promise.reject(lost)),
    (error) => error instanceof FacilitatorCallError && error.call === "settle" && error.cause === lost,
  );
  assert.equal(await facilitatorCall("verify", () => Promise.resolve(7)), 7);
});
