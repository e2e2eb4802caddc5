/**
 * The blocks every catalog answer shares, as valibot schemas: `meta` (where the data comes from, whether it
 * is generated, how fresh it is) and `resolved` (how the category or brand input matched). The OpenAPI
 * document publishes them and the tests check every answer against them.
 */
import * as v from "npm:valibot@1.5.0";
import { gpcNodeSchema } from "../operation/gpc_node_schema.ts";

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const instant = v.pipe(v.string(), v.isoTimestamp());

/** The `meta` block. */
export const metaSchema = v.strictObject({
  country: v.picklist(["us", "ca"]),
  currency: v.picklist(["USD", "CAD"]),
  served_from: v.pipe(
    v.array(v.strictObject({
      snapshot: v.string(),
      kind: v.pipe(
        v.picklist(["observed", "generated"]),
        v.description("generated data is never observed prices"),
      ),
      source: v.string(),
      observed_from: instant,
      observed_to: instant,
    })),
    v.description("The snapshots the answer is computed from."),
  ),
  generated: v.pipe(v.boolean(), v.description("True when every snapshot of the country is generated.")),
  latest_observed_at: instant,
  schema_version: v.pipe(v.string(), v.regex(/^v[0-9]+$/)),
  freshness_seconds: v.pipe(count, v.description("Seconds from the latest observation to this answer.")),
});

/** The `resolved` block of a category operation. */
export const categoryResolvedSchema = v.strictObject({
  input: v.string(),
  normalised: v.string(),
  matched_by: v.picklist(["gpc_code", "lexicon", "gpc_title", "catalog_category"]),
  gpc: v.nullable(gpcNodeSchema),
  gpc_codes: v.array(v.string()),
  catalog_categories: v.array(v.string()),
  products: count,
});

/** The `resolved` block of a brand operation. */
export const brandResolvedSchema = v.strictObject({
  input: v.string(),
  matched_by: v.literal("brand"),
  brand: v.string(),
  products: count,
});

/** A brand name, or null for the unbranded products. */
export const brandName = v.nullable(v.string());
/** A share on the 0–1 scale, 4 decimals. */
export const share = v.pipe(v.number(), v.minValue(0), v.maxValue(1));
/** A count. */
export const countSchema = count;
