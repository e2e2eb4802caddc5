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
  as_of: v.pipe(
    instant,
    v.description(
      "The reference instant of every current figure: the country's latest observation. An offer is " +
        "current only while valid at as_of, whatever the time of the answer (freshness_seconds says how " +
        "old as_of is).",
    ),
  ),
  schema_version: v.pipe(v.string(), v.regex(/^v[0-9]+$/)),
  freshness_seconds: v.pipe(count, v.description("Seconds from the latest observation to this answer.")),
});

const categoryVerdict = v.strictObject({ category: v.string(), reason: v.string() });

/** The `resolved` block of a category operation. */
export const categoryResolvedSchema = v.strictObject({
  input: v.string(),
  normalised: v.string(),
  matched_by: v.picklist(["gpc_code", "lexicon", "gpc_title", "catalog_category"]),
  gpc: v.pipe(
    v.nullable(gpcNodeSchema),
    v.description(
      "The GPC node the input stands for: the code or title it is, the one brick of its lexicon phrase, or, " +
        "for a category's full path, the node that category is linked to; null when it is none or several.",
    ),
  ),
  gpc_codes: v.pipe(
    v.array(v.string()),
    v.description("Every GPC code the input stands for (a phrase's bricks); empty when it stands for none."),
  ),
  catalog_categories: v.array(v.string()),
  included: v.pipe(
    v.array(categoryVerdict),
    v.description("Each category the answer covers (with everything under it) and why it was included."),
  ),
  left_out: v.pipe(
    v.array(categoryVerdict),
    v.description(
      "Categories whose name or GPC link comes near the input but that the answer does not cover, and why " +
        "(at most 25; left_out_total counts them all).",
    ),
  ),
  left_out_total: count,
  products: count,
});

/** The `resolved` block of a brand operation. */
export const brandResolvedSchema = v.strictObject({
  input: v.string(),
  matched_by: v.literal("brand"),
  brand: v.string(),
  products: count,
});

/** A brand name, or null when the brand is unknown. */
export const brandName = v.pipe(
  v.nullable(v.string()),
  v.description("null: the brand is unknown (the source names no brand the brand list recognises)"),
);
/** Whether a product's brand is known. */
export const brandStatus = v.picklist(["known", "unknown"]);
/** Why a figure is null: it rests on fewer items than the minimum sample (null when it does not). */
export const reasonSchema = v.pipe(
  v.nullable(v.string()),
  v.description("Why a figure of the row is null (fewer items than the minimum sample); null otherwise."),
);
/** The shared flyers an answer counts once, as price sources. */
export const priceSourcesSchema = v.pipe(
  v.array(v.strictObject({
    name: v.string(),
    retailers: v.array(v.string()),
    common: count,
    identical_share: v.nullable(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
  })),
  v.description(
    "Retailers found to publish one shared flyer (identical prices on most of the same products on the " +
      "same days: common comparisons, identical_share), each counted once as one price source.",
  ),
);
/** A share on the 0–1 scale, 4 decimals. */
export const share = v.pipe(v.number(), v.minValue(0), v.maxValue(1));
/** A count. */
export const countSchema = count;
