/**
 * The MCP endpoint with payments off, over real HTTP on 127.0.0.1 with the MCP SDK's own client: tools/list
 * lists one tool per operation with its schemas and read-only annotations, and every tool called with its
 * operation's example arguments answers exactly what the HTTP GET of the same request answers; invalid
 * arguments are tool errors carrying the pipeline's own problem document.
 */
import assert from "node:assert/strict";
import { type EmbeddedService, embeddedService } from "../support/embedded_service.ts";
import { callTool, connectMcp } from "../../demo/mcp_agent.ts";
import { OPERATION_LIST } from "../../src/contract/operation_list.ts";
import type { OperationEntry, ToolEntry } from "../../src/contract/operation_entry.ts";

// The answers' freshness is measured from the handler's clock: fixed, so that both answers are equal.
const NOW = Date.parse("2025-01-01T00:00:00Z");

/** The service on a real socket, and a connected client. */
async function served(service: EmbeddedService) {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    (request, info) => service.handle(request, info),
  );
  const base = `http://127.0.0.1:${server.addr.port}`;
  const client = await connectMcp(base);
  return {
    base,
    client,
    close: async () => {
      await client.close();
      await server.shutdown();
      await service.close();
    },
  };
}

/** A tool's arguments for `entry`'s first example request (numbers as JSON numbers), `extra` added. */
function exampleArguments(entry: OperationEntry, tool: ToolEntry, inputSchema: Record<string, unknown>) {
  const properties = inputSchema.properties as Record<string, { type?: string }>;
  const examples = Object.values(entry.examples);
  const example = examples.find((values) => Object.keys(values).every((name) => name in properties)) ?? {};
  return Object.fromEntries(
    Object.entries(example).filter(([name]) => (tool.parameters ?? [name]).includes(name)).map((
      [name, text],
    ) => [
      name,
      properties[name]?.type === "integer" || properties[name]?.type === "number" ? Number(text) : text,
    ]),
  );
}

const EXPECTED_TOOLS = [
  "classify_browse_nodes",
  "classify_phrases",
  "get_brick_attributes",
  "get_catalog_stats",
  "get_releases",
  "get_retailers",
  "get_best_price",
  "find_deals",
  "get_price_drop_alerts",
  "get_competitive_landscape",
  "get_brand_tracker",
  "get_share_of_shelf",
  "get_inflation_index",
  "get_price_dispersion",
];

Deno.test("tools/list lists one read-only tool per operation with its input and output schemas", async () => {
  const { client, close } = await served(await embeddedService("off", { now: () => NOW }));
  try {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name), EXPECTED_TOOLS);
    for (const tool of tools) {
      assert.deepEqual(tool.annotations, {
        title: tool.title,
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });
      assert.equal(tool.inputSchema.type, "object");
      assert.equal((tool.inputSchema as Record<string, unknown>).additionalProperties, false);
      assert.equal(tool.outputSchema?.type, "object");
      assert.match(tool.description!, /Errors are results with isError/);
      assert.match(tool.description!, /Free/, tool.name);
    }
    const phrases = tools.find((tool) => tool.name === "classify_phrases")!;
    assert.deepEqual(Object.keys(phrases.inputSchema.properties!), ["q", "release"]);
    assert.deepEqual(phrases.inputSchema.required, ["q"]);
    assert.match(phrases.description!, /Certain or blank: a phrase the curated lexicon does not carry/);
    assert.match(phrases.description!, /at most 100 phrases/);
    const byIds = tools.find((tool) => tool.name === "classify_browse_nodes")!;
    assert.deepEqual(Object.keys(byIds.inputSchema.properties!), ["browse_id", "tree", "release"]);
    assert.deepEqual(byIds.inputSchema.required, ["browse_id"]);
  } finally {
    await close();
  }
});

for (const entry of OPERATION_LIST) {
  for (const tool of entry.tools) {
    Deno.test(`the ${tool.name} tool answers what GET ${entry.path} answers for the same request`, async () => {
      const service = await embeddedService("off", { now: () => NOW, logLevel: "info" });
      const { base, client, close } = await served(service);
      try {
        const listed = (await client.listTools()).tools.find((candidate) => candidate.name === tool.name)!;
        const args = exampleArguments(entry, tool, listed.inputSchema);
        const query = new URLSearchParams(Object.entries(args).map(([name, value]) => [name, String(value)]));
        const http = await fetch(`${base}${entry.path}${query.size === 0 ? "" : `?${query}`}`);
        assert.equal(http.status, 200);
        const result = await callTool(client, tool.name, args);
        assert.equal(result.isError, undefined);
        assert.deepEqual(result.structuredContent, await http.json());
        assert.equal((result.content[0] as { text: string }).text, JSON.stringify(result.structuredContent));
        const line = service.logs.find((logged) => logged.tool === tool.name);
        assert.equal(line?.path, entry.path);
        assert.equal(line?.status, 200);
      } finally {
        await close();
      }
    });
  }
}

Deno.test("the release argument pins a reference tool's answer as X-GPC-Release pins the request", async () => {
  const service = await embeddedService("off", { now: () => NOW });
  const { base, client, close } = await served(service);
  try {
    const release = service.store.releases.at(-1)!.versions.gpc_release;
    const http = await fetch(`${base}/v1/reference/classify?q=bread`, {
      headers: { "X-GPC-Release": release },
    });
    const result = await callTool(client, "classify_phrases", { q: "bread", release });
    assert.deepEqual(result.structuredContent, await http.json());
    assert.equal((result.structuredContent as { gpc_release: string }).gpc_release, release);
    const headers = result._meta!["gpc-reference.dev/headers"] as Record<string, string>;
    assert.equal(headers["X-GPC-Release"], release);
    assert.equal(headers["X-Map-Version"], http.headers.get("X-Map-Version"));
  } finally {
    await close();
  }
});

Deno.test("an invalid argument is a tool error with the pipeline's 400 problem document", async () => {
  const { base, client, close } = await served(await embeddedService("off", { now: () => NOW }));
  try {
    const http = await (await fetch(`${base}/v1/reference/classify?browse_id=12a`)).json();
    const result = await callTool(client, "classify_browse_nodes", { browse_id: "12a" });
    assert.equal(result.isError, true);
    assert.deepEqual(result.structuredContent, http);
    assert.equal(http.error.code, "INVALID_PARAMS");
    const missing = await callTool(client, "get_brick_attributes", {});
    assert.equal((missing.structuredContent as { detail: string }).detail, "gpc_code is required");
  } finally {
    await close();
  }
});

Deno.test("an argument the tool does not take, or of no query type, is a 400 naming it", async () => {
  const { client, close } = await served(await embeddedService("off", { now: () => NOW }));
  try {
    const other = await callTool(client, "classify_phrases", { q: "bread", browse_id: "16318751" });
    assert.equal(other.isError, true);
    assert.deepEqual((other.structuredContent as { error: unknown }).error, {
      code: "INVALID_PARAMS",
      message: 'unknown argument "browse_id"; classify_phrases takes q, release',
      details: { issues: [{ message: 'unknown argument "browse_id"; classify_phrases takes q, release' }] },
    });
    const list = await callTool(client, "get_brick_attributes", { gpc_code: ["10000155"] });
    assert.equal(
      (list.structuredContent as { detail: string }).detail,
      "gpc_code must be a string or a number, not an array",
    );
    assert.equal((list.structuredContent as { status: number }).status, 400);
  } finally {
    await close();
  }
});
