/**
 * What the runtime asks of the compiled data: O(1) lookups by key, each decoding one record.
 *
 * The production implementation opens a dist/ directory (`openStore` in store.ts); handler tests may use
 * any object of this shape.
 */
import type { BrickRecord, BrowseRecord, CodeRecord, LexiconRecord } from "../format/shard_records.ts";
import type { CatalogStats } from "../format/catalog_records.ts";
import type { ReleaseChanges, ShardName } from "../format/manifest.ts";

/** Versions every classify and brick-attributes answer carries, from the manifest. */
export interface DataVersions {
  /** `v<YYYYMMDD>` of the compiled GPC publication. */
  readonly gpc_release: string;
  /** Version of the response schema, `v1`. */
  readonly schema_version: string;
  /** Version of the mapping table (curators' version plus content hash). */
  readonly map_version: string;
}

/**
 * Why a store should be replaced: "damaged" (a shard failed a check: answers stop with 503) or "removed"
 * (its build directory vanished from disk: answers go on from the verified bytes already in memory).
 */
export type StoreProblem = "damaged" | "removed";

/** Read access to one compiled dist. */
export interface ReferenceStore {
  readonly versions: DataVersions;
  /** Any 8-digit code of the release: what it is. */
  code(code: string): CodeRecord | undefined;
  /** A brick's attribute schema. */
  brick(code: string): BrickRecord | undefined;
  /** A browse node's effective mapping, after inheritance. */
  browse(id: string): BrowseRecord | undefined;
  /**
   * A browse node's classify result as JSON text (src/format/browse_result.ts), kept once made; undefined
   * when the tree lacks the node.
   */
  browseResult(id: string): string | undefined;
  /**
   * `browseResult` of the id `source.slice(start, end)`, which is 1 to 15 decimal digits without a leading
   * zero, `value` their number: a batch's ids are read from its query text and found without being cut out.
   */
  browseResultAt(source: string, start: number, end: number, value: number): string | undefined;
  /** A normalised phrase's bricks. */
  phrase(normalised: string): LexiconRecord | undefined;
  /** Catalog statistics, computed at build time. */
  stats(): CatalogStats;
  /**
   * The browse trees classify answers (its `tree` parameter's values), the default first; absent or empty
   * where the data names none (a dist of one unnamed tree, a test store).
   */
  readonly trees?: readonly string[];
  /** This release as it answers for tree `name`: its browse records and map version; undefined if not served. */
  tree?(name: string): ReferenceStore | undefined;
  /** A record of a catalog shard (the caller knows its type, see src/format/catalog_records.ts). */
  catalog<T>(shard: ShardName, key: string): T | undefined;
}

/** What GET /v1/public/releases tells of one browse tree a release answers. */
export interface TreeSummary {
  readonly tree: string;
  readonly default: boolean;
  readonly map_version: string;
  /** Nodes, mapping rows, stale rows. */
  readonly counts: Readonly<Record<string, number>>;
  /** Nodes resolved (own or inherited) and at brick level. */
  readonly coverage: Readonly<Record<string, unknown>>;
}

/** What GET /v1/public/releases tells of one served release, from the build's manifest. */
export interface ReleaseSummary {
  readonly gpc_release: string;
  readonly gpc_language: string;
  readonly map_version: string;
  readonly lexicon_version: string;
  /** GPC, content and stale-row counts. */
  readonly counts: Readonly<Record<string, number>>;
  /** The browse trees it answers (absent: one unnamed tree). */
  readonly trees?: readonly TreeSummary[];
  /** Changes from the next older served release; null for the oldest. */
  readonly changes: ReleaseChanges | null;
}

/** The GPC releases one dist serves side by side. */
export interface ReleaseSet {
  /** The stores of the served releases, newest first: the first is the default. */
  readonly releases: readonly ReferenceStore[];
  /** What each release's summary says, in the same order. */
  readonly releaseSummaries: readonly ReleaseSummary[];
}
