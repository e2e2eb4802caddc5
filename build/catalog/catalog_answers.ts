/**
 * The precomputed answers of the catalog endpoints: one shard per analytic, each compiled from a country's
 * model. A compiler returns key → record pairs; keys are prefixed with the country by the caller.
 */
import type { ShardName } from "../../src/format/manifest.ts";
import type { CompiledCountry } from "./catalog_compile.ts";
import { compileShareOfShelf } from "./share_of_shelf.ts";
import { compileCompetitiveLandscape } from "./competitive_landscape.ts";
import { compileBrandTracker } from "./brand_tracker.ts";
import { compileInflation } from "./inflation_index.ts";
import { compileDispersion } from "./price_dispersion.ts";
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
  { name: "marketing_landscape", compile: compileCompetitiveLandscape },
  { name: "marketing_brands", compile: compileBrandTracker },
  { name: "analyst_inflation", compile: compileInflation },
  { name: "analyst_dispersion", compile: compileDispersion },
  { name: "shopper_search", compile: compileShopperSearch },
  { name: "shopper_products", compile: compileShopperProducts },
  { name: "shopper_deals", compile: compileShopperDeals },
];
