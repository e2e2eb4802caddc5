/**
 * The hand-made shopper snapshot (ca), compiled once per test process; a reader of its shopper records; and
 * the request helpers the shopper handler tests share (a checked 200, a table of free refusals).
 */
import assert from "node:assert/strict";
import * as v from "npm:valibot@1.5.0";
import type { CompiledCatalogShards } from "../../build/catalog/catalog_compile.ts";
import { catalogHandler, compileFixture } from "./catalog_fixture.ts";

/** The shopper snapshot: prices designed so that every shopper rule happens (see the tests' comments). */
export const SHOPPER_CA = "test/build/catalog/fixtures/shopper_ca.csv";

let compiled: Promise<CompiledCatalogShards> | undefined;

/** The shopper snapshot's shards. */
export function compileShopperFixture(): Promise<CompiledCatalogShards> {
  compiled ??= compileFixture([SHOPPER_CA]);
  return compiled;
}

/** A record of a shopper shard (key without the `ca:` prefix). */
export function shopperRecord<T>(compiled: CompiledCatalogShards, shard: string, key: string): T {
  return compiled.shards.get(shard as never)!.get(`ca:${key}`) as T;
}

/** 36 hours after the shopper snapshot's latest observation. */
export const SHOPPER_NOW = Date.UTC(2025, 11, 18, 12, 0, 0);

/**
 * GETs `path?query` through the handler over the shopper shards, checks the 200 (freshness, no-store, one
 * admission of `operation`) and returns the body parsed by `schema`.
 */
export async function shopperAnswer<const S extends v.GenericSchema>(
  schema: S,
  path: string,
  query: string,
  operation: string,
): Promise<v.InferOutput<S>> {
  const { fetch, gate } = catalogHandler(await compileShopperFixture(), { now: () => SHOPPER_NOW });
  const response = await fetch(`${path}?${query}`);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("x-data-freshness-hours"), "36.0");
  assert.equal(response.headers.get("cache-control"), "no-store");
  assert.deepEqual(gate.admitted, [{ operation, items: 1 }]);
  return v.parse(schema, await response.json());
}

/** One test per [what, query, status, code, details]: answered so, free, before any payment challenge. */
export function testRefusals(
  operation: string,
  path: string,
  cases: readonly (readonly [string, string, number, string, Record<string, unknown> | string])[],
): void {
  for (const [what, query, status, code, expected] of cases) {
    Deno.test(`${operation}: ${what} is answered ${status} ${code}, before any payment challenge`, async () => {
      const { fetch, gate } = catalogHandler(await compileShopperFixture(), {
        now: () => SHOPPER_NOW,
        gate: "challenge",
      });
      const response = await fetch(`${path}?${query}`);
      assert.equal(response.status, status);
      // Freshness is the requested country's; the snapshot has no us data, the default country.
      const freshness = new URLSearchParams(query).get("country") === "ca" ? "36.0" : null;
      assert.equal(response.headers.get("x-data-freshness-hours"), freshness);
      const body = await response.json();
      assert.equal(body.error.code, code);
      // A string is the 400's detail (every issue's message); an object the 404's details.
      if (typeof expected === "string") assert.equal(body.detail, expected);
      else assert.deepEqual(body.error.details, expected);
      assert.deepEqual(gate.admitted, []);
    });
  }
}

/** One test per [what, query, message]: 400 INVALID_PARAMS with that detail, before any payment challenge. */
export function testInvalid(
  operation: string,
  path: string,
  cases: readonly (readonly [string, string, string])[],
): void {
  testRefusals(
    operation,
    path,
    cases.map(([what, query, message]) => [what, query, 400, "INVALID_PARAMS", message]),
  );
}
