/**
 * The limit of any answer: a bare Deno.serve sending our captured answers (status, headers, body) from a
 * Map keyed by request target, or a plain "hello" without a capture file.
 * `deno run --allow-read --allow-net bench/replay_server.ts PORT [CAPTURES.json]`
 */
const [port, file] = Deno.args;
const answers = new Map<string, [string, ResponseInit]>();
for (const { target, status, headers, body } of file ? JSON.parse(Deno.readTextFileSync(file)) : []) {
  answers.set(target, [body, { status, headers }]);
}
Deno.serve({ hostname: "127.0.0.1", port: Number(port), onListen: () => {} }, (request) => {
  const answer = answers.get(request.url.slice(request.url.indexOf("/", 8)));
  return answer ? new Response(answer[0], answer[1]) : new Response("hello");
});
