/** The inflation answer as a valibot schema (OpenAPI and tests). */
import * as v from "npm:valibot@1.5.0";
import { categoryResolvedSchema, countSchema, metaSchema, reasonSchema, share } from "./catalog_schemas.ts";

const week = v.pipe(v.string(), v.regex(/^[0-9]{4}-W(0[1-9]|[1-4][0-9]|5[0-3])$/));

const indexRow = v.strictObject({
  period: v.pipe(week, v.description("ISO 8601 week, UTC (2025-W50).")),
  value: v.pipe(
    v.nullable(v.pipe(v.number(), v.minValue(0))),
    v.description("Index, base_period = 100, 2 decimals; null in a week without a computed link."),
  ),
  link: v.pipe(
    v.nullable(v.pipe(v.number(), v.minValue(0))),
    v.description("J_t, the week's link, 4 decimals; null in the base week and below the minimum sample."),
  ),
  n_matched: v.pipe(countSchema, v.description("Listings priced in this week and the week before.")),
  imputed: v.pipe(
    v.boolean(),
    v.description("No computed link: the chain carries the previous value across this week."),
  ),
  sample: v.strictObject({ n: countSchema, n_matched: countSchema }),
  reason: reasonSchema,
});

const chained = {
  base_period: v.nullable(week),
  index: v.array(indexRow),
  direct: v.pipe(
    v.strictObject({
      from: v.nullable(week),
      to: v.nullable(week),
      n: countSchema,
      value: v.nullable(v.pipe(v.number(), v.minValue(0))),
      reason: reasonSchema,
    }),
    v.description("The base week against the last one over the listings priced in both, without chaining."),
  ),
  coverage: v.strictObject({
    listings: countSchema,
    matched_listings: countSchema,
    share: v.nullable(share),
  }),
};

/** The 200 body of GET /v1/analyst/inflation. */
export const inflationResponseSchema = v.strictObject({
  meta: metaSchema,
  resolved: categoryResolvedSchema,
  ...chained,
  by_retailer: v.array(v.strictObject({ retailer: v.string(), ...chained })),
  official: v.pipe(
    v.array(v.strictObject({
      period: v.string(),
      value: v.number(),
      unit: v.string(),
      series: v.string(),
      source: v.string(),
    })),
    v.description("Official average price levels of the linked series, as published: not an index."),
  ),
  official_caveat: v.string(),
  method: v.strictObject({
    index: v.literal("chained_jevons_matched"),
    chained_jevons_matched: v.string(),
    weekly_price: v.string(),
    periods: v.string(),
    minimum_sample: v.string(),
    imputed: v.string(),
    direct: v.string(),
    sample: v.string(),
    coverage: v.string(),
    official: v.string(),
    outliers_excluded: countSchema,
  }),
});
