/**
 * Hostile query strings against every path of the router, as properties over the real handler and the
 * embedded default (PAYMENTS=off, in process): whatever the query, the answer is never a 5xx, no header
 * carries CR, LF, NUL or the query, the header block stays within 4 KiB, and the body is the path's valid
 * answer or a problem document (the stats error body on stats). Each run is seeded: a failure prints the seed
 * and the shrunk query, and `fc.assert(…, { seed, path })` replays it.
 */
import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import { EMBEDDED_BASE as BASE, embeddedService } from "../support/embedded_service.ts";
import { EXAMPLE_PATHS, exampleOf, OPERATION_EXAMPLES } from "../support/operation_examples.ts";
import { CANARY, HOSTILE_PIECES, hostileQuery } from "../support/hostile_query.ts";
import { hostileAnswerProblems } from "../support/hostile_answer.ts";
import { routeOf } from "../../src/http/router.ts";

const SEED = 20_260_112;
const RUNS = 600;
// Statuses a free, healthy, unlimited service may answer a GET with.
const FREE_STATUSES = new Set([200, 400, 404]);

const service = await embeddedService("off");
const { openapi, queryParameters: parameters } = service;

globalThis.addEventListener("unload", () => service.close());

Deno.test("every GET path of the OpenAPI document has an example the embedded default answers 200", async () => {
  // The MCP endpoint's POST takes JSON-RPC, not a query: test/mcp/ asks every tool.
  const getPaths = Object.entries(openapi.paths as Record<string, { get?: unknown }>)
    .filter(([, item]) => item.get !== undefined).map(([path]) => path);
  assert.deepEqual([...EXAMPLE_PATHS].filter((path) => !path.startsWith("/docs/")).sort(), getPaths.sort());
  for (const example of OPERATION_EXAMPLES) {
    const response = await service.handle(new Request(`${BASE}${example.path}?${example.query}`));
    assert.deepEqual(
      [example.path, response.status, await hostileAnswerProblems(response, example, new Set([200]))],
      [example.path, 200, []],
    );
  }
});

for (const path of EXAMPLE_PATHS) {
  const example = exampleOf(path);
  Deno.test(`hostile queries of ${path}: never a 5xx, a clean header, a valid answer or a problem`, async () => {
    let answered200 = 0;
    await fc.assert(
      fc.asyncProperty(hostileQuery(parameters(path), example.query), async (query) => {
        const response = await service.handle(new Request(`${BASE}${path}?${query}`), {
          remoteAddr: { hostname: "192.0.2.1" },
        });
        if (response.status === 200) answered200++;
        const problems = await hostileAnswerProblems(response, example, FREE_STATUSES);
        assert.deepEqual(problems, [], `${response.status} to ?${query.slice(0, 300)}`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // The runs reach the answers too, not only the refusals.
    assert.ok(answered200 > 0, `no 200 in ${RUNS} runs`);
  });
}

Deno.test("hostile paths are answered 404 problems with clean headers", async () => {
  const segment = fc.array(fc.constantFrom(...HOSTILE_PIECES, "v1", "reference", "classify", "docs"), {
    minLength: 1,
    maxLength: 4,
  }).map((parts) => parts.join(""));
  await fc.assert(
    fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 4 }), async (segments) => {
      const url = new URL(`${BASE}/${segments.join("/")}?q=${CANARY}`);
      fc.pre(routeOf(url.pathname) === undefined);
      const response = await service.handle(new Request(url), { remoteAddr: { hostname: "192.0.2.1" } });
      assert.deepEqual(await hostileAnswerProblems(response, undefined, new Set([404])), [], url.pathname);
    }),
    { seed: SEED, numRuns: RUNS },
  );
});
