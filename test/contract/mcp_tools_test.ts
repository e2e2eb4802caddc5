/**
 * The MCP tools come from the operation list: one per operation (two for classify), unique snake-case names,
 * input schemas from the operations' query schemas, descriptions that state the deployment's price and how
 * to pay, and discovery metadata declaring the tool that validates as @x402/extensions' facilitator side
 * checks it.
 */
import assert from "node:assert/strict";
import {
  validateDiscoveryExtension,
  validateDiscoveryExtensionSpec,
} from "npm:@x402/extensions@2.27.0/bazaar";
import type { DiscoveryExtension } from "npm:@x402/extensions@2.27.0/bazaar";
import { mcpTools } from "../../src/contract/mcp_tools.ts";
import { OPERATION_LIST } from "../../src/contract/operation_list.ts";
import { operationDiscovery } from "../../src/contract/operation_discovery.ts";
import { bazaarExtensions } from "../../src/payments/bazaar_extension.ts";
import type { Deployment } from "../../src/contract/openapi_answers.ts";
import type { PaymentDescription } from "../../src/payments/payment_setup.ts";

const PAYMENT = {
  network: "eip155:84532",
  currency: "USDC",
  prices: { classifyBrowseNodes: { per_call: "0.001", per_item: "0.0001" } },
} as unknown as PaymentDescription;

const deployment = (payment?: PaymentDescription): Deployment => ({
  payment,
  rateLimited: true,
  sharedState: false,
  served: ["v20251127", "v20241202"],
  trees: ["amazon-us", "walmart-us"],
});

Deno.test("every operation of the list is offered as tools with unique snake-case names", () => {
  const tools = mcpTools(deployment());
  const names = tools.map((tool) => tool.definition.name);
  assert.equal(new Set(names).size, names.length);
  for (const name of names) assert.match(name, /^[a-z][a-z_]{2,63}$/);
  assert.deepEqual(
    [...new Set(tools.map((tool) => tool.operation))],
    OPERATION_LIST.map((entry) => entry.id),
  );
});

Deno.test("a pinned tool takes release as an enum of the served releases, tree as one of the served trees", () => {
  const byIds = mcpTools(deployment()).find((tool) => tool.definition.name === "classify_browse_nodes")!;
  const properties = byIds.definition.inputSchema.properties as Record<string, { enum?: string[] }>;
  assert.deepEqual(properties.release!.enum, ["v20251127", "v20241202"]);
  assert.deepEqual(properties.tree!.enum, ["amazon-us", "walmart-us"]);
  assert.deepEqual([...byIds.arguments], ["browse_id", "tree", "release"]);
  assert.equal(byIds.pinned, true);
});

Deno.test("a paid tool's description states its price and the x402 MCP transport when payments are on", () => {
  const phrases = mcpTools(deployment(PAYMENT)).find((tool) => tool.definition.name === "classify_phrases")!;
  assert.match(
    phrases.definition.description,
    /Price: 0\.001 USDC per call plus 0\.0001 per item, paid with x402 version 2 \(scheme exact, network eip155:84532\)/,
  );
  assert.match(phrases.definition.description, /_meta\["x402\/payment"\]/);
  assert.match(phrases.definition.description, /all before any payment request and never charged/);
  const outputs = (phrases.definition.outputSchema.anyOf as unknown[]).length;
  assert.equal(outputs, 3);
  const free = mcpTools(deployment()).find((tool) => tool.definition.name === "classify_phrases")!;
  assert.match(free.definition.description, /Free in this deployment: payments are off\./);
  assert.equal((free.definition.outputSchema.anyOf as unknown[]).length, 2);
});

Deno.test("each paid tool's discovery declaration is an MCP one that validates, and no other tool has one", () => {
  for (const entry of OPERATION_LIST) {
    for (const tool of entry.tools) {
      const discovery = operationDiscovery(entry.id, tool.name);
      if (!entry.paid) {
        assert.equal(discovery, undefined, tool.name);
        continue;
      }
      const bazaar = bazaarExtensions(discovery!).bazaar as DiscoveryExtension;
      assert.equal(bazaar.info.input.type, "mcp");
      assert.deepEqual(validateDiscoveryExtension(bazaar), { valid: true }, tool.name);
      assert.equal(validateDiscoveryExtensionSpec(bazaar as unknown as Record<string, unknown>).valid, true);
    }
  }
  assert.equal(operationDiscovery("classifyBrowseNodes", "get_best_price"), undefined);
});
