/**
 * The body of GET /v1/public/releases as a valibot schema: the OpenAPI document publishes it and the tests
 * check every answer against it.
 */
import * as v from "npm:valibot@1.5.0";

const codes = v.array(v.pipe(v.string(), v.regex(/^\d{8}$/)));
const level = v.strictObject({ added: codes, removed: codes, moved: codes, retitled: codes });
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** What changed from the next older served release. */
export const releaseChangesSchema = v.strictObject({
  from: v.pipe(v.string(), v.description("The older release compared with.")),
  segments: level,
  families: level,
  classes: level,
  bricks: level,
  attributes: v.pipe(
    v.nullable(v.record(v.string(), count)),
    v.description(
      "Attribute changes of the bricks in both releases, counted (types_added, types_removed, " +
        "types_retitled, values_added, values_removed, values_retitled); null when a release carries no " +
        "attribute data.",
    ),
  ),
});

/** One browse tree a release answers. */
export const treeSchema = v.strictObject({
  tree: v.pipe(v.string(), v.description("classify's tree value.")),
  default: v.pipe(v.boolean(), v.description("Whether classify without tree answers from this tree.")),
  map_version: v.pipe(v.string(), v.description("The X-Map-Version of this tree's classify answers.")),
  nodes: v.pipe(count, v.description("Nodes of the tree.")),
  mapping_rows: v.pipe(
    count,
    v.description("Rows of the tree's mapping table (stale_mapping_rows of them stale here)."),
  ),
  resolved: v.pipe(count, v.description("Nodes answering a GPC node, their own or inherited.")),
  at_brick: v.pipe(count, v.description("Nodes answering a brick.")),
  stale_mapping_rows: v.pipe(count, v.description("Curated rows gone stale in this release.")),
});

/** One served release. */
export const releaseSchema = v.strictObject({
  gpc_release: v.pipe(v.string(), v.regex(/^v\d{8}$/)),
  default: v.pipe(v.boolean(), v.description("Whether requests without X-GPC-Release get this release.")),
  gpc_language: v.string(),
  map_version: v.pipe(v.string(), v.description("The X-Map-Version of this release's answers.")),
  schema_version: v.string(),
  lexicon_version: v.string(),
  counts: v.pipe(
    v.record(v.string(), count),
    v.description(
      "GPC nodes (segments, families, classes, bricks, attribute_types, attribute_values), content " +
        "(browse_nodes, mapping_rows, lexicon_phrases) and curated rows gone stale in this release " +
        "(stale_mapping_rows, stale_lexicon_phrases).",
    ),
  ),
  changes: v.pipe(
    v.nullable(releaseChangesSchema),
    v.description("Changes from the next older served release; null for the oldest."),
  ),
  trees: v.pipe(
    v.array(treeSchema),
    v.description(
      "The browse trees classify answers in this release, the default first (empty: one unnamed tree).",
    ),
  ),
});

/** The releases 200 body. */
export const releasesResponseSchema = v.strictObject({
  default_release: v.pipe(v.string(), v.description("The release of requests without X-GPC-Release.")),
  releases: v.pipe(v.array(releaseSchema), v.description("Newest first.")),
});
