/**
 * The stats response body as a valibot schema: the OpenAPI document publishes it and the handler tests check
 * every answer against it. A strict object: a member the interface does not list fails, except `generated`,
 * which the service adds after the published fields (they stay exactly as published).
 */
import * as v from "npm:valibot@1.5.0";

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** The stats 200 body: exactly the published fields. */
export const catalogStatsSchema = v.strictObject({
  products: v.strictObject({ unique: count, listings: count }),
  categories: v.strictObject({ total: count, leaves: count, max_depth: count }),
  retailers: v.strictObject({ total: count }),
  brands: v.strictObject({ total: count }),
  observations: v.strictObject({ total: count }),
  last_updated: v.pipe(v.string(), v.isoTimestamp()),
  generated: v.optional(v.pipe(
    v.strictObject({
      observations: count,
      share: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
      countries: v.array(v.picklist(["us", "ca"])),
    }),
    v.description(
      "Generated data among the observations (never observed prices): how many, their share of " +
        "observations.total (4 decimals) and the countries whose snapshots are generated. Every build " +
        "writes it; a dist of an earlier build lacks it.",
    ),
  )),
});
