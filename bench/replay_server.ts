/**
 * The limits of any answer: a bare Deno.serve sending our captured answers (status, headers, body) from a
 * Map keyed by request target, or a plain "hello" without a capture file. With `read`, each request also
 * reads what every implementation of the interface must (the URL, X-Request-Id, X-GPC-Release,
 * PAYMENT-SIGNATURE) and compares it with a value no client sends, so that the reads cannot be left out.
 * `deno run --allow-read --allow-net bench/replay_server.ts PORT [CAPTURES.json [read]]`
 */
const [port, file, mode] = Deno.args;
const NEVER = "replay-never-sent";
const answers = new Map<string, [string, ResponseInit]>();
for (const { target, status, headers, body } of file ? JSON.parse(Deno.readTextFileSync(file)) : []) {
  answers.set(target, [body, { status, headers }]);
}
Deno.serve({ hostname: "127.0.0.1", port: Number(port), onListen: () => {} }, (request) => {
  const url = request.url;
  if (mode === "read") {
    const h = request.headers;
    if (
      url === NEVER || h.get("x-request-id") === NEVER || h.get("x-gpc-release") === NEVER ||
      h.get("payment-signature") === NEVER
    ) return new Response(NEVER, { status: 400 });
  }
  const answer = answers.get(url.slice(url.indexOf("/", 8)));
  return answer ? new Response(answer[0], answer[1]) : new Response("hello");
});
