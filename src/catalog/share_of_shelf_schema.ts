/** The share-of-shelf answer as a valibot schema (OpenAPI and tests). */
import * as v from "npm:valibot@1.5.0";
import { brandName, categoryResolvedSchema, countSchema, metaSchema, share } from "./catalog_schemas.ts";

const brandShare = v.strictObject({ brand: brandName, listings: countSchema, share });

/** The 200 body of GET /v1/marketing/share-of-shelf. */
export const shareOfShelfResponseSchema = v.strictObject({
  meta: metaSchema,
  resolved: categoryResolvedSchema,
  listings: countSchema,
  shares: v.array(brandShare),
  by_retailer: v.array(
    v.strictObject({ retailer: v.string(), listings: countSchema, shares: v.array(brandShare) }),
  ),
  balanced: v.array(v.strictObject({ brand: brandName, share })),
  method: v.strictObject({
    share: v.literal("listing_share"),
    listing_share: v.string(),
    search_rank_share: v.string(),
    balanced: v.string(),
    current: v.string(),
    outliers_excluded: countSchema,
  }),
});
