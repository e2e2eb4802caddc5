/** The brand-tracker answer as a valibot schema (OpenAPI and tests). */
import * as v from "npm:valibot@1.5.0";
import { brandResolvedSchema, countSchema, metaSchema, reasonSchema, share } from "./catalog_schemas.ts";

const money = v.nullable(v.pipe(v.number(), v.minValue(0)));
const change = v.nullable(v.number());
const instant = v.pipe(v.string(), v.isoTimestamp());
const text = v.string();

/** The 200 body of GET /v1/marketing/brand-tracker. */
export const brandTrackerResponseSchema = v.strictObject({
  meta: metaSchema,
  resolved: brandResolvedSchema,
  brand: v.string(),
  retailers: v.array(v.strictObject({
    retailer: v.string(),
    listings: countSchema,
    median_price: money,
    price_index: v.pipe(
      v.nullable(v.pipe(v.number(), v.minValue(0))),
      v.description("100 = priced at the median of its categories; null: too few listings to compare."),
    ),
    sample: v.strictObject({ n: countSchema, n_price: countSchema, n_matched: countSchema }),
    reason: reasonSchema,
  })),
  distribution: v.strictObject({
    carrying: countSchema,
    in_categories: countSchema,
    value: v.nullable(share),
  }),
  promo_rate: v.nullable(share),
  sample: v.strictObject({ observations: countSchema, n_promo: countSchema }),
  period: v.strictObject({
    from: instant,
    to: instant,
    previous_from: instant,
    previous_to: v.pipe(
      instant,
      v.description("Excluded: the previous period ends where the current begins."),
    ),
    observations: countSchema,
    previous_observations: countSchema,
    change_observations: v.pipe(v.number(), v.integer()),
    median_price: money,
    previous_median_price: money,
    change_median_price: change,
    change_median_price_pct: change,
    promo_rate: v.nullable(share),
    previous_promo_rate: v.nullable(share),
    change_promo_rate: change,
    listings: countSchema,
    previous_listings: countSchema,
    change_listings: v.pipe(v.number(), v.integer()),
    sample: v.strictObject({
      n_price: countSchema,
      previous_n_price: countSchema,
      n_promo: countSchema,
      previous_n_promo: countSchema,
    }),
    reason: reasonSchema,
  }),
  trend: v.array(v.strictObject({
    week: v.pipe(v.string(), v.regex(/^[0-9]{4}-W[0-9]{2}$/)),
    median_price: money,
    observations: countSchema,
    reason: reasonSchema,
  })),
  method: v.strictObject({
    current: text,
    listings: text,
    median_price: text,
    price_index: text,
    distribution: text,
    promo_rate: text,
    promo_coverage: text,
    trend: text,
    period: text,
    minimum_sample: text,
    outliers_excluded: countSchema,
  }),
});
