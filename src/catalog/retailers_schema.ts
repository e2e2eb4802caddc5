/** The retailers answer as a valibot schema (OpenAPI and tests). */
import * as v from "npm:valibot@1.5.0";
import { countSchema, share } from "./catalog_schemas.ts";

/** The 200 body of GET /v1/public/retailers. */
export const retailersResponseSchema = v.strictObject({
  country: v.picklist(["us", "ca"]),
  generated: v.pipe(
    v.boolean(),
    v.description("True when the country's data is generated (never observed prices)."),
  ),
  retailers: v.array(v.strictObject({
    name: v.string(),
    country: v.picklist(["us", "ca"]),
    quality_status: v.picklist(["ok", "stale", "sparse"]),
    serving_eligible: v.pipe(v.boolean(), v.description("quality_status is ok")),
    observations: countSchema,
    products: countSchema,
    latest_observed_at: v.pipe(v.string(), v.isoTimestamp()),
    days_behind: v.pipe(
      v.number(),
      v.description("Days between the country's latest observation and this retailer's."),
    ),
    category_share: v.pipe(
      share,
      v.description("Share of the country's top-level categories it has observations in."),
    ),
    generated: v.pipe(v.boolean(), v.description("True when its data is generated, not observed.")),
    price_source: v.pipe(
      v.string(),
      v.description(
        "Its price source: its own name, or the retailers found to publish one shared flyer, joined by " +
          '" + " (counted once in the landscape and the dispersion).',
      ),
    ),
  })),
  thresholds: v.strictObject({
    stale_after_days: v.number(),
    sparse_below_observations: v.number(),
    sparse_below_category_share: v.number(),
  }),
});
