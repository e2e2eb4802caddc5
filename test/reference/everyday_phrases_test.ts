/**
 * The fifty-two everyday phrases of everyday_phrases.ts, chosen before the lexicon over every segment was
 * curated, each answering exactly its bricks through classify?q=, across at least 20 segments.
 */
import assert from "node:assert/strict";
import { embeddedService } from "../support/embedded_service.ts";
import { EVERYDAY_PHRASES } from "./everyday_phrases.ts";

const service = await embeddedService();
globalThis.addEventListener("unload", () => service.close());
const q = EVERYDAY_PHRASES.map(({ phrase }) => encodeURIComponent(phrase)).join(",");
const response = await service.handle(
  new Request(`http://gpc.test/v1/reference/classify?q=${q}`),
  { remoteAddr: { hostname: "192.0.2.1" } },
);
const body = response.status === 200 ? await response.json() : { results: [] };

Deno.test("everyday phrases: the table holds at least fifty phrases whose bricks span at least 20 segments", () => {
  assert.equal(response.status, 200);
  assert.ok(EVERYDAY_PHRASES.length >= 50);
  const segments = new Set(
    body.results.flatMap((result: { gpc: { segment: string }[] }) =>
      result.gpc.map((brick) => brick.segment)
    ),
  );
  assert.ok(segments.size >= 20, `${segments.size} segments`);
});

for (const [i, { phrase, bricks }] of EVERYDAY_PHRASES.entries()) {
  Deno.test(`everyday phrases: "${phrase}" answers ${bricks.join(", ")}`, () => {
    const result = body.results[i];
    assert.equal(result?.q, phrase);
    assert.deepEqual(
      new Set(result.gpc.map((brick: { code: string }) => brick.code)),
      new Set(bricks),
    );
  });
}
