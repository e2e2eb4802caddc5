/** The price-dispersion answer as a valibot schema (OpenAPI and tests). */
import * as v from "npm:valibot@1.5.0";
import {
  categoryResolvedSchema,
  countSchema,
  metaSchema,
  priceSourcesSchema,
  reasonSchema,
  share,
} from "./catalog_schemas.ts";

const figure = v.nullable(v.pipe(v.number(), v.minValue(0)));

const stats = v.strictObject({
  n: countSchema,
  min: figure,
  q1: figure,
  median: figure,
  q3: figure,
  max: figure,
  iqr: figure,
  cv: v.pipe(figure, v.description("Population standard deviation / mean, 4 decimals.")),
  reason: reasonSchema,
});

/** The 200 body of GET /v1/analyst/price-dispersion. */
export const dispersionResponseSchema = v.strictObject({
  meta: metaSchema,
  resolved: categoryResolvedSchema,
  measure: v.picklist(["unit_price", "price"]),
  unit_basis: v.nullable(v.picklist(["kg", "L", "each"])),
  coverage: v.strictObject({
    listings: countSchema,
    values: countSchema,
    measured: countSchema,
    share: v.nullable(share),
  }),
  stats,
  by_retailer: v.array(v.strictObject({ retailer: v.string(), price_source: v.string(), stats })),
  within_product: v.strictObject({
    products: countSchema,
    median_cv: figure,
    median_max_min_ratio: figure,
    median_gap: figure,
    sample: v.strictObject({ n: countSchema, n_matched: countSchema }),
    reason: reasonSchema,
  }),
  price_sources: priceSourcesSchema,
  method: v.strictObject({
    measure: v.string(),
    coverage: v.string(),
    current: v.string(),
    price_sources: v.string(),
    stats: v.string(),
    within_product: v.string(),
    minimum_sample: v.string(),
    outliers_excluded: countSchema,
  }),
});
