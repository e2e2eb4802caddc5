/** The competitive-landscape answer as a valibot schema (OpenAPI and tests). */
import * as v from "npm:valibot@1.5.0";
import {
  categoryResolvedSchema,
  countSchema,
  metaSchema,
  priceSourcesSchema,
  reasonSchema,
  share,
} from "./catalog_schemas.ts";

const money = v.nullable(v.pipe(v.number(), v.minValue(0)));
const text = v.string();

const retailerRow = v.strictObject({
  retailer: v.string(),
  listings: countSchema,
  brands: countSchema,
  median_price: money,
  median_unit_price: v.pipe(money, v.description("In the answer's unit_basis.")),
  price_index: v.pipe(
    v.nullable(v.pipe(v.number(), v.minValue(0))),
    v.description(
      "100 = priced at the median of the price sources selling the same products; null: too few shared.",
    ),
  ),
  overlap_rate: v.nullable(share),
  cheaper_rate: v.nullable(share),
  price_source: v.pipe(v.string(), v.description("The retailer, or the retailers sharing its flyer.")),
  sample: v.strictObject({
    n: countSchema,
    n_price: countSchema,
    n_unit_price: countSchema,
    n_matched: countSchema,
  }),
  reason: reasonSchema,
});

/** The 200 body of GET /v1/marketing/competitive-landscape. */
export const landscapeResponseSchema = v.strictObject({
  meta: metaSchema,
  resolved: categoryResolvedSchema,
  listings: countSchema,
  products_compared: countSchema,
  unit_basis: v.pipe(
    v.nullable(v.picklist(["kg", "L", "each"])),
    v.description("The basis of median_unit_price: the one most current listings of the category have."),
  ),
  retailers: v.array(retailerRow),
  top_brands: v.pipe(
    v.array(v.strictObject({
      brand: v.string(),
      listings: countSchema,
      median_price: money,
      sample: v.strictObject({ n: countSchema, n_price: countSchema }),
      reason: reasonSchema,
    })),
    v.maxLength(10),
  ),
  unknown_brand: v.pipe(
    v.strictObject({ listings: countSchema }),
    v.description("Current listings whose brand is unknown: counted apart, never a brand."),
  ),
  price_sources: priceSourcesSchema,
  method: v.strictObject({
    current: text,
    listings: text,
    brands: text,
    median_price: text,
    median_unit_price: text,
    price_sources: text,
    price_index: text,
    overlap_rate: text,
    cheaper_rate: text,
    products_compared: text,
    top_brands: text,
    minimum_sample: text,
    outliers_excluded: countSchema,
  }),
});
