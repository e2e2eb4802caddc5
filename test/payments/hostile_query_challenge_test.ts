/**
 * Hostile requests to the paid paths behind the real x402 gate (development facilitator, embedded default,
 * in process), as properties: never a 5xx; a 400 or 404 never carries a challenge; every 402 carries one
 * whose resource is this path under PUBLIC_URL, within the 4 KiB header block; and a hostile
 * PAYMENT-SIGNATURE is refused with a problem document, never charged and never a facilitator error.
 */
import assert from "node:assert/strict";
import fc from "npm:fast-check@4.10.2";
import { decodePaymentRequiredHeader } from "npm:@x402/core@2.27.0/http";
import { EMBEDDED_BASE, embeddedService } from "../support/embedded_service.ts";
import { EXAMPLE_PATHS, exampleOf } from "../support/operation_examples.ts";
import { CANARY, hostileQuery } from "../support/hostile_query.ts";
import { hostileAnswerProblems } from "../support/hostile_answer.ts";

const SEED = 20_260_113;
const RUNS = 300;
const PAID_STATUSES = new Set([400, 402, 404]);

const service = await embeddedService("on");
const { openapi, queryParameters: parameters } = service;
const PAID_PATHS = EXAMPLE_PATHS.filter((path) => exampleOf(path).paid);

globalThis.addEventListener("unload", () => service.close());

/** Problems of the payment headers of a paid path's answer. */
function challengeProblems(response: Response, path: string): string[] {
  const header = response.headers.get("PAYMENT-REQUIRED");
  if (response.status !== 402) return header === null ? [] : [`a ${response.status} carries a challenge`];
  if (header === null) return ["a 402 without PAYMENT-REQUIRED"];
  const url = decodePaymentRequiredHeader(header).resource.url;
  return url === `${EMBEDDED_BASE}${path}` || url.startsWith(`${EMBEDDED_BASE}${path}?`)
    ? []
    : [`the challenge names ${url.slice(0, 120)}`];
}

Deno.test("the paid paths are the ten sold per call: classify, brick-attributes and the catalog", () => {
  assert.equal(PAID_PATHS.length, 10);
  assert.deepEqual(PAID_PATHS.filter((path) => openapi.paths[path].get["x-price"] === undefined), []);
});

for (const path of PAID_PATHS) {
  const example = exampleOf(path);
  Deno.test(`hostile queries of ${path} with payments on: a challenge only for what would be served`, async () => {
    let challenged = 0;
    await fc.assert(
      fc.asyncProperty(hostileQuery(parameters(path), example.query), async (query) => {
        const response = await service.handle(new Request(`${EMBEDDED_BASE}${path}?${query}`));
        if (response.status === 402) challenged++;
        const problems = [
          ...challengeProblems(response, path),
          ...await hostileAnswerProblems(response, example, PAID_STATUSES),
        ];
        assert.deepEqual(problems, [], `${response.status} to ?${query.slice(0, 300)}`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    assert.ok(challenged > 0, `no 402 in ${RUNS} runs`);
  });
}

/** PAYMENT-SIGNATURE values a hostile client sends: random text, base64 of random or deep JSON. */
const credential = fc.oneof(
  fc.string({ unit: "grapheme-ascii", maxLength: 200 }),
  fc.base64String({ maxLength: 400 }),
  fc.jsonValue({ maxDepth: 6 }).map((value) => btoa(JSON.stringify(value) ?? "null")),
  fc.integer({ min: 1, max: 5_000 }).map((depth) => btoa("[".repeat(depth) + "]".repeat(depth))),
  fc.constantFrom("A".repeat(20_000), `${CANARY}==`, "=", "", " ", "%00"),
);

Deno.test("a hostile PAYMENT-SIGNATURE is refused 402 with a fresh challenge, never a 5xx or a 502", async () => {
  const example = exampleOf("/v1/reference/classify");
  const url = `${EMBEDDED_BASE}${example.path}?${example.query}`;
  await fc.assert(
    fc.asyncProperty(credential, async (value) => {
      let headers: Headers;
      try {
        headers = new Headers({ "PAYMENT-SIGNATURE": value });
      } catch {
        fc.pre(false);
        return;
      }
      const response = await service.handle(new Request(url, { headers }));
      const problems = [
        ...challengeProblems(response, example.path),
        ...await hostileAnswerProblems(response, example, new Set([402])),
      ];
      assert.deepEqual(problems, [], `${response.status} to PAYMENT-SIGNATURE ${value.slice(0, 200)}`);
    }),
    { seed: SEED, numRuns: 300 },
  );
});
