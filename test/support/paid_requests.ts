/**
 * A servable request of every paid operation on the fake store, with the hand-made shopper snapshot loaded
 * for the catalog: what payment tests send when they need one answer of each operation.
 */
import { CATALOG_SERVED } from "../../src/catalog/catalog_operations.ts";
import { BRICK_ATTRIBUTES_OPERATION, CLASSIFY_OPERATION } from "../../src/operation/operations.ts";
import type { FakeStore } from "./fake_store.ts";
import { entryOf } from "../../src/contract/operation_list.ts";
import { compileShopperFixture } from "./shopper_fixture.ts";

/** Every paid operation that is served: the reference ones and the served catalog ones. */
export const PAID_OPERATIONS: readonly string[] = [
  CLASSIFY_OPERATION,
  BRICK_ATTRIBUTES_OPERATION,
  ...Object.keys(CATALOG_SERVED),
];

/**
 * A servable request target of `operation`, its parameters in canonical order (sorted by name). Catalog
 * requests name a retailer, so that every parameter a challenge's resource shows takes part.
 */
export function servableTarget(operation: string): string {
  if (operation === CLASSIFY_OPERATION) return "/v1/reference/classify?q=bread";
  if (operation === BRICK_ATTRIBUTES_OPERATION) return "/v1/reference/brick-attributes?gpc_code=10000164";
  const { path } = entryOf(operation)!;
  const input = path.startsWith("/v1/shopper/") && !path.endsWith("deal-finder")
    ? "country=ca&q=sunny"
    : path.endsWith("brand-tracker")
    ? "brand=sunny&country=ca"
    : "category=bread&country=ca";
  return `${path}?${input}&retailer=Alpha%20Mart`;
}

/** Loads the shopper snapshot's catalog shards into `store`. */
export async function loadShopperCatalog(store: FakeStore): Promise<void> {
  for (const [shard, records] of (await compileShopperFixture()).shards) {
    for (const [key, record] of records) store.catalogRecords.set(`${shard}:${key}`, record);
  }
}
