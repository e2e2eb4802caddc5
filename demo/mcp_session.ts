/**
 * `npm run demo -- --mcp`: an agent using the service as MCP tools, paying through x402's MCP transport.
 *
 * Connects the MCP SDK's client to SERVICE_URL/mcp, lists the tools, calls a free one (get_catalog_stats),
 * calls a paid one (classify_browse_nodes) without payment and gets the PaymentRequired, then pays it with a
 * PaymentPayload made by the x402 client (exact scheme, EIP-3009 USDC authorisation on Base Sepolia) in
 * `_meta["x402/payment"]`, and prints the answer and its settlement (`_meta["x402/payment-response"]`). Every
 * JSON-RPC message on the wire is printed, a transcript of the session (the tools/list answer shortened to the
 * tools' names). DEMO_BROWSE_ID names the ids to classify; DEMO_PRIVATE_KEY a funded key, for a real
 * facilitator.
 */
import { ExactEvmScheme } from "npm:@x402/evm@2.27.0/exact/client";
import { x402Client } from "npm:@x402/fetch@2.27.0";
import { generatePrivateKey, privateKeyToAccount } from "npm:viem@2.57.20/accounts";
import { callTool, connectMcp, paymentRequiredOf } from "./mcp_agent.ts";

/** Prints a JSON-RPC message, the tools/list answer shortened to the tools' names. */
function print(direction: string, text: string): void {
  if (text === "") return;
  const message = JSON.parse(text);
  const tools = message.result?.tools as { name: string }[] | undefined;
  const shown = tools === undefined ? message : {
    ...message,
    result: { tools: `${tools.length} tools: ${tools.map((tool) => tool.name).join(", ")}` },
  };
  console.log(`${direction} ${JSON.stringify(shown, null, 2)}`);
}

/** fetch that prints what it sends and what it gets. */
const transcribing: typeof fetch = async (input, init) => {
  console.log(`→ ${init?.method ?? "GET"} ${new URL(String(input)).pathname}`);
  if (typeof init?.body === "string") print("→", init.body);
  const response = await fetch(input, init);
  const text = await response.clone().text();
  console.log(`← HTTP ${response.status}`);
  print("←", text);
  return response;
};

/** Runs the session against `service`; the exit status. */
export async function mcpSession(service: string): Promise<number> {
  const key = (Deno.env.get("DEMO_PRIVATE_KEY") as `0x${string}` | undefined) ?? generatePrivateKey();
  const account = privateKeyToAccount(key);
  console.log(`payer ${account.address}${Deno.env.has("DEMO_PRIVATE_KEY") ? "" : " (a new key)"}`);
  const client = await connectMcp(service, transcribing).catch((error: unknown) => {
    console.error(
      `cannot reach the MCP endpoint at ${service}/mcp (${
        error instanceof Error ? error.message : error
      }): ` +
        "start the service with `npm start` in another shell, or set SERVICE_URL",
    );
    Deno.exit(1);
  });
  try {
    console.log("\n# tools/list");
    await client.listTools();
    console.log("\n# a free tool: get_catalog_stats");
    await callTool(client, "get_catalog_stats", {});
    const args = { browse_id: Deno.env.get("DEMO_BROWSE_ID") ?? "16318751,18776870011" };
    console.log("\n# a paid tool without payment: classify_browse_nodes");
    const unpaid = await callTool(client, "classify_browse_nodes", args);
    const required = paymentRequiredOf(unpaid);
    if (required === undefined) {
      console.log("no payment required: nothing to pay");
      return unpaid.isError === true ? 1 : 0;
    }
    console.log('\n# the same call, paid in _meta["x402/payment"]');
    const payer = new x402Client().register("eip155:*", new ExactEvmScheme(account));
    const paid = await callTool(
      client,
      "classify_browse_nodes",
      args,
      await payer.createPaymentPayload(required),
    );
    return paid.isError === true ? 1 : 0;
  } finally {
    await client.close();
  }
}
