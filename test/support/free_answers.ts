/**
 * The free answers of a catalog path as a table of tests: each request is answered with its status and
 * error code, states the data's freshness, and never reaches the payment gate.
 */
import assert from "node:assert/strict";
import type { CompiledCatalogShards } from "../../build/catalog/catalog_compile.ts";
import { catalogHandler } from "./catalog_fixture.ts";

/** What, query, status, error code, and `details` (404) or `{detail}` (400) as expected. */
export type FreeCase = readonly [string, string, number, string, Record<string, unknown>];

/** Registers one test per case on `path`, at `now`, expecting `freshness` in X-Data-Freshness-Hours. */
export function testFreeAnswers(
  label: string,
  path: string,
  compiled: CompiledCatalogShards,
  now: number,
  freshness: string,
  cases: readonly FreeCase[],
): void {
  for (const [what, query, status, code, expected] of cases) {
    Deno.test(`${label}: ${what} is answered ${status} ${code}, free, with freshness`, async () => {
      const { fetch, gate } = catalogHandler(compiled, { now: () => now, gate: "challenge" });
      const response = await fetch(`${path}?${query}`);
      assert.equal(response.status, status);
      assert.equal(response.headers.get("x-data-freshness-hours"), freshness);
      const body = await response.json();
      assert.equal(body.error.code, code);
      // 404s say what was not found (details); 400s say what is wrong with the query (detail).
      assert.deepEqual(status === 404 ? body.error.details : { detail: body.detail }, expected);
      assert.deepEqual(gate.admitted, []);
    });
  }
}
