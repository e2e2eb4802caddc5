/** The share-of-shelf answer as a valibot schema (OpenAPI and tests). */
import * as v from "npm:valibot@1.5.0";
import { categoryResolvedSchema, countSchema, metaSchema, reasonSchema, share } from "./catalog_schemas.ts";

const brandShare = v.strictObject({ brand: v.string(), listings: countSchema, share });
const unknownBrand = v.pipe(
  v.strictObject({ listings: countSchema, share: v.nullable(share) }),
  v.description("Current listings whose brand is unknown, and their share: counted apart, never a brand."),
);

/** The 200 body of GET /v1/marketing/share-of-shelf. */
export const shareOfShelfResponseSchema = v.strictObject({
  meta: metaSchema,
  resolved: categoryResolvedSchema,
  listings: countSchema,
  shares: v.pipe(v.array(brandShare), v.description("Known brands, by listings.")),
  unknown_brand: unknownBrand,
  by_retailer: v.array(
    v.strictObject({
      retailer: v.string(),
      listings: countSchema,
      shares: v.nullable(v.array(brandShare)),
      unknown_brand: v.nullable(unknownBrand),
      reason: reasonSchema,
    }),
  ),
  balanced: v.array(v.strictObject({ brand: v.string(), share })),
  balanced_unknown_brand: v.nullable(share),
  balanced_over: v.pipe(countSchema, v.description("Retailers the balanced shares average over.")),
  method: v.strictObject({
    share: v.literal("listing_share"),
    listing_share: v.string(),
    unknown_brand: v.string(),
    search_rank_share: v.string(),
    balanced: v.string(),
    minimum_sample: v.string(),
    current: v.string(),
    outliers_excluded: countSchema,
  }),
});
