/**
 * The records stored in the shards: the contract between the compiler (build/) and the runtime (src/).
 *
 * Every record is precomputed to be served as it is: the runtime looks one up by key, decodes that one
 * MessagePack record and puts it in the response. Field names are the published interface's.
 */

/** What an 8-digit GPC code is. */
export type CodeKind = "segment" | "family" | "class" | "brick" | "attribute_type" | "attribute_value";

/** Level of a hierarchy node. */
export type GpcLevel = "segment" | "family" | "class" | "brick";

/** A GPC hierarchy node as classify serves it: ancestry fields hold titles, null below the node's level. */
export interface GpcNodeView {
  readonly code: string;
  readonly title: string;
  readonly level: GpcLevel;
  readonly segment: string | null;
  readonly family: string | null;
  readonly class: string | null;
  readonly brick: string | null;
}

/** `codes` shard, key = any 8-digit code of the release: what it is. */
export interface CodeRecord {
  readonly kind: CodeKind;
  readonly title: string;
  readonly active: boolean;
  /** Present for segment, family, class and brick codes. */
  readonly node?: GpcNodeView;
  /** Codes from the segment down to this node (hierarchy kinds only). */
  readonly path?: readonly string[];
  /** Number of attribute types of a brick's known schema; 0 for every other kind and for an unknown schema. */
  readonly attribute_count: number;
  /** A brick's schema state (absent in dists built before schemas had states: read as "published"). */
  readonly attribute_schema?: AttributeSchemaState;
}

/**
 * Whether the attribute schema of a brick is known in a release: `published` by its own publication (an
 * empty list then means the brick defines none), `carried` from an older served release in which the brick
 * is the same (code, title, ancestry), or `unknown` (the publication carries no attribute data, and no
 * served release has this brick unchanged): its attributes are not known, which is not the same as none.
 */
export type AttributeSchemaState = "published" | "carried" | "unknown";

/** Where a brick's schema comes from, as brick-attributes states it per result. */
export interface AttributeSchemaSource {
  readonly state: AttributeSchemaState;
  /** The release whose publication lists the attributes; null when unknown. */
  readonly release: string | null;
}

/** One attribute of a brick as brick-attributes serves it. */
export interface AttributeView {
  readonly name: string;
  readonly allowed_values: readonly string[];
  readonly value_count: number;
}

/** `bricks` shard, key = brick code: the brick-attributes result without its `gpc_code` echo. */
export interface BrickRecord {
  /** The brick's node without `level` (brick-attributes lists no level field). */
  readonly gpc: Omit<GpcNodeView, "level">;
  /** Empty both when the brick defines none (published) and when its schema is unknown: see the source. */
  readonly attributes: readonly AttributeView[];
  /** Absent in dists built before schemas had states: read as published by the brick's own release. */
  readonly attribute_schema?: AttributeSchemaSource;
}

/** Relation of a match, source = retailer node or phrase, target = GPC node. */
export type MatchPrecision = "exactMatch" | "narrowerThan" | "broaderThan" | "closeMatch" | "inherited";

/** Assurance state of a curated mapping. */
export type AssuranceState = "verified" | "provisional" | "stale";

/**
 * `browse` shard, key = browse node id: the classify result without its `browse_id` echo. The build stores it
 * as its JSON text (browse_result.ts `browseRecordJson`); dists built before stored this record as a map.
 */
export interface BrowseRecord {
  readonly gpc: GpcNodeView | null;
  readonly match_precision: MatchPrecision | null;
  readonly match_source: "self" | "inherited" | null;
  readonly inherited_from: string | null;
  readonly assurance_state: AssuranceState | null;
  readonly attribute_count: number;
  /** The matched brick's schema state; null when the match is not a brick (absent in older dists). */
  readonly attribute_schema?: AttributeSchemaState | null;
}

/** `lexicon` shard, key = normalised phrase (NFKC, case folded, whitespace collapsed): its bricks. */
export interface LexiconRecord {
  readonly gpc: readonly GpcNodeView[];
}
