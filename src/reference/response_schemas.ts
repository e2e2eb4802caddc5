/**
 * The classify and brick-attributes response bodies as valibot schemas: openapi.ts publishes them, and the handler tests check every
 * answer against them, so the published shapes and the served ones cannot drift apart. Strict objects:
 * a body with a member the interface does not list fails.
 */
import * as v from "npm:valibot@1.5.0";
import { brickNodeSchema, gpcNodeSchema } from "../operation/gpc_node_schema.ts";

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const schemaState = v.picklist(["published", "carried", "unknown"]);
const gpcRelease = v.pipe(v.string(), v.regex(/^v[0-9]{8}$/));

/** A classify result for one browse_id. */
export const browseResultSchema = v.strictObject({
  browse_id: v.string(),
  gpc: v.nullable(gpcNodeSchema),
  match_precision: v.nullable(
    v.picklist(["exactMatch", "narrowerThan", "broaderThan", "closeMatch", "inherited"]),
  ),
  match_source: v.nullable(v.picklist(["self", "inherited"])),
  inherited_from: v.nullable(v.string()),
  assurance_state: v.nullable(v.picklist(["verified", "provisional", "stale"])),
  attribute_count: v.pipe(
    count,
    v.description(
      "Attribute types GPC defines for the matched brick when its schema is known (attribute_schema " +
        "published or carried); 0 for a class, family or segment, for gpc null, and for a brick whose " +
        "schema is unknown.",
    ),
  ),
  attribute_schema: v.pipe(
    v.nullable(schemaState),
    v.description(
      "Whether the matched brick's attribute schema is known in this release: published by its own " +
        "publication, carried from an older served release where the brick is unchanged, or unknown; null " +
        "when the match is not a brick.",
    ),
  ),
});

/** A classify result for one q phrase. */
export const phraseResultSchema = v.strictObject({
  q: v.pipe(v.string(), v.description("The phrase as given.")),
  gpc: v.pipe(v.array(gpcNodeSchema), v.description("Empty when the lexicon does not carry the phrase.")),
});

const schemaVersion = v.pipe(v.string(), v.regex(/^v[0-9]+$/));

/** The classify 200 body. */
export const classifyResponseSchema = v.strictObject({
  results: v.union([v.array(browseResultSchema), v.array(phraseResultSchema)]),
  gpc_release: gpcRelease,
  schema_version: schemaVersion,
});

/** One brick's attribute schema. */
export const brickResultSchema = v.strictObject({
  gpc_code: v.string(),
  gpc: v.nullable(brickNodeSchema),
  attributes: v.pipe(
    v.array(
      v.strictObject({ name: v.string(), allowed_values: v.array(v.string()), value_count: count }),
    ),
    v.description(
      "Empty when the brick defines no attributes (attribute_schema published or carried), when its schema " +
        "is unknown (attribute_schema unknown) and for an unknown code (gpc null).",
    ),
  ),
  attribute_schema: v.pipe(
    v.nullable(v.strictObject({ state: schemaState, release: v.nullable(gpcRelease) })),
    v.description(
      "Where the attributes come from: state published (this release's publication), carried (release " +
        "names the older served release whose publication lists them, the brick being unchanged there) or " +
        "unknown (release null: this release was published without attribute data); null for an unknown " +
        "code.",
    ),
  ),
});

/** The brick-attributes 200 body. */
export const brickAttributesResponseSchema = v.strictObject({
  results: v.array(brickResultSchema),
  gpc_release: gpcRelease,
  schema_version: schemaVersion,
});
