/** The baseline of every benchmark: a bare Deno.serve answering a small JSON body. */
const port = Number(Deno.env.get("PORT") ?? "8090");
const body = JSON.stringify({ ok: true });
Deno.serve(
  { hostname: "127.0.0.1", port, onListen: () => {} },
  () => new Response(body, { headers: { "content-type": "application/json" } }),
);
