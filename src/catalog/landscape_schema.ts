/** The competitive-landscape answer as a valibot schema (OpenAPI and tests). */
import * as v from "npm:valibot@1.5.0";
import { categoryResolvedSchema, countSchema, metaSchema, share } from "./catalog_schemas.ts";

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
      "100 = priced at the median of the retailers selling the same products; null: none shared.",
    ),
  ),
  overlap_rate: v.nullable(share),
  cheaper_rate: v.nullable(share),
  sample: v.strictObject({ n: countSchema, n_unit_price: countSchema, n_matched: countSchema }),
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
      median_price: v.pipe(v.number(), v.minValue(0)),
      sample: v.strictObject({ n: countSchema }),
    })),
    v.maxLength(10),
  ),
  method: v.strictObject({
    current: text,
    listings: text,
    brands: text,
    median_price: text,
    median_unit_price: text,
    price_index: text,
    overlap_rate: text,
    cheaper_rate: text,
    products_compared: text,
    top_brands: text,
    outliers_excluded: countSchema,
  }),
});
