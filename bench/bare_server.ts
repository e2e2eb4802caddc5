/**
 * The baselines of every benchmark: a bare Deno.serve answering a small JSON body at any path, and at
 * `/shaped` an answer of the same shape as a 1-id classify answer (its five headers and a 361-byte body),
 * which separates the cost of the HTTP answer itself from the cost of the service's work.
 */
const port = Number(Deno.env.get("PORT") ?? "8090");
const body = JSON.stringify({ ok: true });
const shaped = JSON.stringify({
  results: [{
    browse_id: "2983385011",
    gpc: {
      code: "50000000",
      title: "Food/Beverage",
      level: "segment",
      segment: "Food/Beverage",
      family: null,
      class: null,
      brick: null,
    },
    match_precision: "narrowerThan",
    match_source: "inherited",
    inherited_from: "2983371011",
    assurance_state: "verified",
    attribute_count: 0,
  }],
  gpc_release: "v20241202",
  schema_version: "v1",
});
const shapedHeaders: [string, string][] = [
  ["Content-Type", "application/json"],
  ["X-GPC-Release", "v20241202"],
  ["X-Map-Version", "2026.11.1+db7a6436"],
  ["Cache-Control", "no-store"],
  ["X-Request-Id", "7ffc5182-4930-4df0-9258-093adeed1761"],
];
Deno.serve(
  { hostname: "127.0.0.1", port, onListen: () => {} },
  (request) =>
    request.url.endsWith("/shaped")
      ? new Response(shaped, { headers: shapedHeaders })
      : new Response(body, { headers: { "content-type": "application/json" } }),
);
