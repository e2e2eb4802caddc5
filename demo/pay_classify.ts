/**
 * `deno task demo`: an agent paying for one classify call with x402 version 2.
 *
 * Generates a throwaway key, asks SERVICE_URL (default http://127.0.0.1:8080) for a classification, meets
 * the 402 challenge with @x402/fetch (exact scheme, EIP-3009 USDC authorisation on Base Sepolia), and
 * prints the answer and the decoded PAYMENT-RESPONSE settlement. Against a service running the development
 * facilitator (FACILITATOR_URL unset) the new key already holds 1,000 test USDC; against a real facilitator
 * it needs Base Sepolia USDC first (set DEMO_PRIVATE_KEY to a funded key). With `--mcp` (`npm run demo --
 * --mcp`) the agent calls the service's MCP tools instead and pays through x402's MCP transport.
 */
import { decodePaymentRequiredHeader } from "npm:@x402/core@2.27.0/http";
import { ExactEvmScheme } from "npm:@x402/evm@2.27.0/exact/client";
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from "npm:@x402/fetch@2.27.0";
import { generatePrivateKey, privateKeyToAccount } from "npm:viem@2.57.20/accounts";

const service = (Deno.env.get("SERVICE_URL") ?? "http://127.0.0.1:8080").replace(/\/+$/, "");
// `--mcp`: the same agent, through the MCP endpoint (mcp_session.ts).
if (Deno.args.includes("--mcp")) Deno.exit(await (await import("./mcp_session.ts")).mcpSession(service));
const query = Deno.env.get("DEMO_QUERY") ?? "browse_id=16318751,18776870011";
const url = `${service}/v1/reference/classify?${query}`;
const key = (Deno.env.get("DEMO_PRIVATE_KEY") as `0x${string}` | undefined) ?? generatePrivateKey();
const account = privateKeyToAccount(key);
console.log(`payer ${account.address}${Deno.env.has("DEMO_PRIVATE_KEY") ? "" : " (a new key)"}`);

const unpaid = await fetch(url).catch((error: unknown) => {
  console.error(
    `cannot reach the service at ${service} (${error instanceof Error ? error.message : String(error)}): ` +
      "start it with `npm start` in another shell, or set SERVICE_URL",
  );
  Deno.exit(1);
});
const challenge = unpaid.headers.get("PAYMENT-REQUIRED");
console.log(`GET ${url} → ${unpaid.status}`);
console.log(JSON.stringify(await unpaid.json(), null, 2));
if (unpaid.status !== 402 || challenge === null) {
  console.log("no payment challenge: nothing to pay");
  Deno.exit(unpaid.ok ? 0 : 1);
}
console.log("PAYMENT-REQUIRED (decoded):");
console.log(JSON.stringify(decodePaymentRequiredHeader(challenge), null, 2));

const client = new x402Client().register("eip155:*", new ExactEvmScheme(account));
const pay = wrapFetchWithPayment(fetch, client);
const paid = await pay(url);
console.log(`\npaid GET → ${paid.status}`);
console.log(JSON.stringify(await paid.json(), null, 2));
const settlement = paid.headers.get("PAYMENT-RESPONSE");
if (settlement !== null) {
  console.log("PAYMENT-RESPONSE (decoded):");
  console.log(JSON.stringify(decodePaymentResponseHeader(settlement), null, 2));
}
Deno.exit(paid.ok ? 0 : 1);
