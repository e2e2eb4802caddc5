/** The inflation answer as a valibot schema (OpenAPI and tests). */
import * as v from "npm:valibot@1.5.0";
import { categoryResolvedSchema, countSchema, metaSchema, share } from "./catalog_schemas.ts";

const week = v.pipe(v.string(), v.regex(/^[0-9]{4}-W(0[1-9]|[1-4][0-9]|5[0-3])$/));

const indexRow = v.strictObject({
  period: v.pipe(week, v.description("ISO 8601 week, UTC (2025-W50).")),
  value: v.pipe(v.number(), v.minValue(0), v.description("Index, base_period = 100, 2 decimals.")),
  n_matched: v.pipe(countSchema, v.description("Listings priced in this week and the week before.")),
  imputed: v.pipe(v.boolean(), v.description("No matched pair: the previous value carried forward.")),
  sample: v.strictObject({ n: countSchema, n_matched: countSchema }),
});

const chained = {
  base_period: v.nullable(week),
  index: v.array(indexRow),
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
    imputed: v.string(),
    sample: v.string(),
    coverage: v.string(),
    official: v.string(),
    outliers_excluded: countSchema,
  }),
});
