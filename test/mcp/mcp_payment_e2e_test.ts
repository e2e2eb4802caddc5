/**
 * Paid tools over the x402 MCP transport, end to end: the MCP SDK's client on real HTTP, payloads made by
 * the x402 client (@x402/evm's exact scheme, a viem test key), the development facilitator's ledger behind a
 * recording proxy. An unpaid call gets the PaymentRequired with the tool's MCP discovery declaration; a paid
 * call answers with the settlement in _meta, one charge; the same payload again is refused; an invalid
 * argument is a free tool error; a payment identifier's retry gets the kept answer; a settlement refused after
 * the work returns only the payment error.
 */
import assert from "node:assert/strict";
import {
  extractDiscoveryInfo,
  validateDiscoveryExtension,
  validateDiscoveryExtensionSpec,
} from "npm:@x402/extensions@2.27.0/bazaar";
import type { PaymentPayload, PaymentRequirements } from "npm:@x402/core@2.27.0/types";
import type { McpDiscoveryExtension } from "npm:@x402/extensions@2.27.0/bazaar";
import {
  harnessTest,
  PAID_PATH,
  type PaymentHarness,
  PRICE,
  START_BALANCE,
  workRuns,
} from "../support/payment_harness.ts";
import { newPayer } from "../support/payment_client.ts";
import {
  callTool,
  type CallToolResult,
  connectMcp,
  paymentRequiredOf,
  payTool,
} from "../../demo/mcp_agent.ts";

const TOOL = "classify_browse_nodes";
const ARGS = { browse_id: "16318751,18776870011" };
const ID = "pay_7d5d747be160e280504c099d984bcfe0";

/** A connected client for the test's service, closed after `body`. */
async function withClient<T>(
  h: PaymentHarness,
  body: (client: Awaited<ReturnType<typeof connectMcp>>) => Promise<T>,
) {
  const client = await connectMcp(h.url);
  try {
    return await body(client);
  } finally {
    await client.close();
  }
}

const asked = (h: PaymentHarness, call: string) => h.proxy.sent.get(`/${call}`)?.length ?? 0;
const problemOf = (result: CallToolResult) => JSON.parse((result.content[1] as { text: string }).text);

harnessTest(
  "an unpaid tool call gets the PaymentRequired, with the tool's MCP discovery declaration",
  async (h) => {
    await withClient(h, async (client) => {
      const result = await callTool(client, TOOL, ARGS);
      const required = paymentRequiredOf(result)!;
      assert.ok(required !== undefined, JSON.stringify(result));
      assert.equal((result.content[0] as { text: string }).text, JSON.stringify(required));
      assert.equal(required.error, "Payment required");
      // The resource is the HTTP resource of the request the call runs: the service's resource binding holds.
      assert.equal(required.resource.url, h.url + PAID_PATH);
      assert.deepEqual(
        { amount: required.accepts[0]!.amount, network: required.accepts[0]!.network },
        { amount: PRICE.toString(), network: "eip155:84532" },
      );
      const bazaar = required.extensions!.bazaar as McpDiscoveryExtension;
      assert.deepEqual(
        { ...bazaar.info.input, inputSchema: undefined },
        {
          type: "mcp",
          toolName: TOOL,
          description: "Classify browse nodes or product-type phrases to GPC",
          transport: "streamable-http",
          inputSchema: undefined,
        },
      );
      assert.deepEqual(Object.keys(bazaar.info.input.inputSchema.properties as object), [
        "browse_id",
        "tree",
        "release",
      ]);
      assert.equal(validateDiscoveryExtension(bazaar).valid, true);
      assert.equal(validateDiscoveryExtensionSpec(bazaar as unknown as Record<string, unknown>).valid, true);
      assert.deepEqual(problemOf(result).error.code, "PAYMENT_REQUIRED");
      assert.equal(asked(h, "verify"), 0);
      assert.equal(workRuns(h), 0);
    });
  },
);

harnessTest(
  "a tool call paid with an exact payload answers with the settlement in _meta, one charge",
  async (h, payer) => {
    await withClient(h, async (client) => {
      const { paid, payload } = await payTool(client, payer.client, TOOL, ARGS);
      assert.equal(paid!.isError, undefined, JSON.stringify(paid));
      const body = paid!.structuredContent as { results: { browse_id: string }[] };
      assert.deepEqual(body.results.map((result) => result.browse_id), ["16318751", "18776870011"]);
      const settlement = paid!._meta!["x402/payment-response"] as {
        success: boolean;
        payer: string;
        network: string;
      };
      assert.equal(settlement.success, true);
      assert.equal(settlement.payer, payer.account.address);
      assert.equal(settlement.network, "eip155:84532");
      assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE - PRICE);
      assert.equal(h.facilitator.ledger.settledCount, 1);
      // The facilitator catalogs the tool: the service forwards its own MCP declaration.
      const sent = h.proxy.sent.get("/settle")![0] as {
        paymentPayload: PaymentPayload;
        paymentRequirements: PaymentRequirements;
      };
      const discovered = extractDiscoveryInfo(sent.paymentPayload, sent.paymentRequirements);
      assert.equal(discovered !== null && "toolName" in discovered ? discovered.toolName : undefined, TOOL);
      assert.equal(discovered!.resourceUrl, h.url + "/v1/reference/classify");
      assert.deepEqual(payload!.accepted, sent.paymentRequirements);
      const line = h.logLines.map((text) => JSON.parse(text)).find((logged) =>
        logged.tool === TOOL && logged.status === 200
      );
      assert.equal(line?.path, "/v1/reference/classify");
    });
  },
);

harnessTest(
  "the same payload presented again is refused as a replay, nothing charged twice",
  async (h, payer) => {
    await withClient(h, async (client) => {
      const { paid, payload } = await payTool(client, payer.client, TOOL, ARGS);
      assert.equal(paid!.isError, undefined);
      const again = await callTool(client, TOOL, ARGS, payload);
      const required = paymentRequiredOf(again)!;
      assert.equal(required.error, "invalid-challenge");
      assert.equal(problemOf(again).error.code, "PAYMENT_REPLAYED");
      assert.equal(problemOf(again).error.details.payment_state, "settled");
      assert.equal(again._meta?.["x402/payment-response"], undefined);
      assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE - PRICE);
      assert.equal(h.facilitator.ledger.settledCount, 1);
      assert.equal(workRuns(h), 1);
    });
  },
);

harnessTest(
  "an invalid argument is a free tool error with no payment request, even with a payment",
  async (h, payer) => {
    await withClient(h, async (client) => {
      // A valid payment for the valid request: presented with an invalid one, it is never even looked at.
      const payload = await payer.client.createPaymentPayload(
        paymentRequiredOf(await callTool(client, TOOL, ARGS))!,
      );
      for (const payment of [undefined, payload]) {
        const result = await callTool(client, TOOL, { browse_id: "12a" }, payment);
        assert.equal(result.isError, true);
        assert.equal(paymentRequiredOf(result), undefined);
        const problem = result.structuredContent as { status: number; error: { code: string } };
        assert.deepEqual([problem.status, problem.error.code], [400, "INVALID_PARAMS"]);
      }
      assert.equal(asked(h, "verify"), 0);
      assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE);
    });
  },
);

harnessTest(
  "a retry with the same payment identifier gets the kept answer: one settlement, one charge",
  async (h) => {
    const payer = newPayer(ID);
    await withClient(h, async (client) => {
      const first = await payTool(client, payer.client, TOOL, ARGS);
      const retry = await payTool(client, payer.client, TOOL, ARGS);
      assert.equal(first.paid!.isError, undefined);
      assert.notDeepEqual(retry.payload!.payload, first.payload!.payload);
      assert.deepEqual(retry.paid!.structuredContent, first.paid!.structuredContent);
      assert.deepEqual(
        retry.paid!._meta!["x402/payment-response"],
        first.paid!._meta!["x402/payment-response"],
      );
      assert.equal(h.facilitator.ledger.settledCount, 1);
      assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE - PRICE);
      assert.equal(workRuns(h), 1);
    });
  },
);

harnessTest(
  "a settlement refused after the work returns only the payment error, never the answer",
  async (h, payer) => {
    h.proxy.faults.set("/settle", {
      kind: "answer",
      status: 200,
      body: JSON.stringify({
        success: false,
        errorReason: "insufficient_funds",
        transaction: "",
        network: "eip155:84532",
      }),
    });
    await withClient(h, async (client) => {
      const { paid } = await payTool(client, payer.client, TOOL, ARGS);
      const required = paymentRequiredOf(paid!)!;
      assert.equal(required.error, "payment-insufficient");
      assert.equal(workRuns(h), 1);
      assert.equal(JSON.stringify(paid).includes('18776870011","gpc"'), false);
      assert.equal((paid!.structuredContent as Record<string, unknown>).results, undefined);
      assert.equal(h.facilitator.ledger.balanceOf(payer.account.address), START_BALANCE);
    });
  },
);
