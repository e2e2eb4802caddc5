/**
 * The precomputed answers of the catalog endpoints: one shard per analytic, each compiled from a country's
 * model. A compiler returns key → record pairs; keys are prefixed with the country by the caller.
 */
import type { ShardName } from "../../src/format/manifest.ts";
import type { CompiledCountry } from "./catalog_compile.ts";
import { compileShareOfShelf } from "./share_of_shelf.ts";
import { compileShopperSearch } from "./shopper_search.ts";
import { compileShopperProducts } from "./shopper_products.ts";
import { compileShopperDeals } from "./shopper_deals.ts";

/** One analytic's shard and how it is compiled. */
export interface AnswerShard {
  readonly name: ShardName;
  compile(country: CompiledCountry): Iterable<readonly [string, unknown]>;
}

/** Every analytic's shard. */
export const ANSWER_SHARDS: readonly AnswerShard[] = [
  { name: "marketing_share", compile: compileShareOfShelf },
  { name: "shopper_search", compile: compileShopperSearch },
  { name: "shopper_products", compile: compileShopperProducts },
  { name: "shopper_deals", compile: compileShopperDeals },
];
