/**
 * The MCP endpoint's HTTP surface, through the handler: POST only (GET, the stateless transport's SSE stream,
 * is 405), its CORS preflight, its body bound, and the rate limit counted once per operation: a POST without
 * tools/call is one request of its client, a tool call the request it runs.
 */
import assert from "node:assert/strict";
import { testHandler } from "../support/test_handler.ts";
import { MAX_MCP_BODY_BYTES } from "../../src/contract/mcp_tools.ts";

const MCP_HEADERS = { "Content-Type": "application/json", "Accept": "application/json, text/event-stream" };

/** A POST /mcp of one JSON-RPC request. */
function post(method: string, params: Record<string, unknown> = {}, id = 1): RequestInit {
  return {
    method: "POST",
    headers: MCP_HEADERS,
    body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
  };
}

Deno.test("GET and DELETE on /mcp are 405 naming POST; OPTIONS answers the preflight for POST", async () => {
  const t = testHandler();
  for (const method of ["GET", "DELETE"]) {
    const response = await t.fetch("/mcp", { method });
    const body = await response.json();
    assert.equal(response.status, 405);
    assert.equal(response.headers.get("Allow"), "POST, OPTIONS");
    assert.equal(body.detail, `${method} is not allowed on /mcp; use POST`);
  }
  const preflight = await t.fetch("/mcp", {
    method: "OPTIONS",
    headers: { Origin: "https://agent.example" },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get("Access-Control-Allow-Methods"), "POST");
  assert.match(preflight.headers.get("Access-Control-Allow-Headers")!, /Mcp-Protocol-Version/);
});

Deno.test("a POST /mcp body over the bound is 413 before anything reads it as JSON", async () => {
  const t = testHandler();
  const response = await t.fetch("/mcp", {
    method: "POST",
    headers: MCP_HEADERS,
    body: " ".repeat(MAX_MCP_BODY_BYTES + 1),
  });
  assert.equal(response.status, 413);
  assert.deepEqual((await response.json()).error.code, -32600);
});

Deno.test("tools/list answers the tools over plain JSON, statelessly", async () => {
  const t = testHandler();
  const response = await t.fetch("/mcp", post("tools/list"));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("Mcp-Session-Id"), null);
  const body = await response.json();
  assert.equal(body.result.tools.length, 14);
  assert.equal(body.result.tools[0].name, "classify_browse_nodes");
});

Deno.test("the rate limit counts a tool call as the request it runs, and any other POST as one", async () => {
  const t = testHandler({ env: { RATE_LIMIT: "3/min" } });
  assert.equal((await t.fetch("/mcp", post("tools/list"))).status, 200);
  const call = await (await t.fetch("/mcp", post("tools/call", { name: "get_catalog_stats" }))).json();
  assert.equal(call.result.isError, undefined);
  const second = await (await t.fetch("/mcp", post("tools/call", { name: "get_catalog_stats" }))).json();
  assert.equal(second.result.isError, undefined);
  const limited = await (await t.fetch("/mcp", post("tools/call", { name: "get_catalog_stats" }))).json();
  assert.equal(limited.result.isError, true);
  assert.equal(limited.result.structuredContent.error.code, "RATE_LIMITED");
  const listed = await t.fetch("/mcp", post("tools/list"));
  assert.equal(listed.status, 429);
  assert.equal((await listed.json()).error.code, "RATE_LIMITED");
  assert.deepEqual(
    t.logs.filter((line) => line.path === "/v1/public/stats").map((line) => [line.status, line.tool]),
    [[200, "get_catalog_stats"], [200, "get_catalog_stats"], [429, "get_catalog_stats"]],
  );
});

Deno.test("an unknown tool is a JSON-RPC invalid-params error", async () => {
  const body = await (await testHandler().fetch("/mcp", post("tools/call", { name: "nope" }))).json();
  assert.equal(body.error.code, -32602);
  assert.match(body.error.message, /unknown tool "nope"/);
});
