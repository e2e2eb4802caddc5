/**
 * An agent's side of the MCP endpoint, for the demo's MCP mode and the tests: the official TypeScript SDK's
 * Client over its streamable HTTP transport, connected to a service's /mcp, and the x402 MCP transport's
 * paying step done as a client does it (the PaymentRequired of an unpaid result, a PaymentPayload made by an
 * x402 client, sent again in `_meta["x402/payment"]`).
 */
import { Client } from "npm:@modelcontextprotocol/sdk@1.32.2/client";
// @ts-types="npm:@modelcontextprotocol/sdk@1.32.2/client/streamableHttp"
import { StreamableHTTPClientTransport } from "npm:@modelcontextprotocol/sdk@1.32.2/client/streamableHttp.js";
// @ts-types="npm:@modelcontextprotocol/sdk@1.32.2/types"
import type { CallToolResult } from "npm:@modelcontextprotocol/sdk@1.32.2/types.js";
import type { PaymentPayload, PaymentRequired } from "npm:@x402/core@2.27.0/types";

export type { CallToolResult };

/** A client connected (initialized) to the MCP endpoint of the service at `base`, over `fetch` if given. */
export async function connectMcp(base: string, fetch?: typeof globalThis.fetch): Promise<Client> {
  const client = new Client({ name: "gpc-reference-agent", version: "1.0.0" });
  const options = fetch === undefined ? {} : { fetch };
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), options));
  return client;
}

/** Calls `name` with `args`, and with `payment` in `_meta["x402/payment"]` when given. */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  payment?: PaymentPayload,
): Promise<CallToolResult> {
  const params = {
    name,
    arguments: args,
    ...(payment === undefined ? {} : { _meta: { "x402/payment": payment } }),
  };
  return await client.callTool(params) as CallToolResult;
}

/** The PaymentRequired of an unpaid result, as the x402 MCP transport puts it (structuredContent). */
export function paymentRequiredOf(result: CallToolResult): PaymentRequired | undefined {
  const content = result.structuredContent as Record<string, unknown> | undefined;
  return result.isError === true && content?.x402Version === 2 && Array.isArray(content.accepts)
    ? content as unknown as PaymentRequired
    : undefined;
}

/** What pays a PaymentRequired: an x402 client's createPaymentPayload. */
export interface PaymentMaker {
  createPaymentPayload(required: PaymentRequired): Promise<PaymentPayload>;
}

/**
 * Calls `name` as a paying agent does: unpaid first; on a payment result, again with a payload `maker`
 * made for it. Returns both results and the payload sent.
 */
export async function payTool(
  client: Client,
  maker: PaymentMaker,
  name: string,
  args: Record<string, unknown>,
): Promise<{ unpaid: CallToolResult; paid?: CallToolResult; payload?: PaymentPayload }> {
  const unpaid = await callTool(client, name, args);
  const required = paymentRequiredOf(unpaid);
  if (required === undefined) return { unpaid };
  const payload = await maker.createPaymentPayload(required);
  return { unpaid, paid: await callTool(client, name, args, payload), payload };
}
