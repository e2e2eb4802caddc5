/**
 * One served GPC release of an opened dist: its own codes, bricks, browse and lexicon shards and versions,
 * and the catalog shards every release of the dist shares. Each lookup decodes one record (O(1)); a record
 * that fails its check marks the whole dist unhealthy, since every release is read from the same build.
 */
import { ShardCorruptError, type ShardReader } from "./shard_reader.ts";
import type { ShardSizeGuard } from "./shard_size_guard.ts";
import type { DataVersions, ReferenceStore } from "./reference_store.ts";
import type { ShardName } from "../format/manifest.ts";
import type { BrickRecord, BrowseRecord, CodeRecord, LexiconRecord } from "../format/shard_records.ts";
import type { CatalogStats } from "../format/catalog_records.ts";
import { browseRecordOf, browseResultText, type StoredBrowse } from "../format/browse_result.ts";

/** An opened shard: its reader, the size guard of its mapping (none in read mode) and its manifest facts. */
export interface OpenedShard {
  readonly reader: ShardReader;
  readonly guard: ShardSizeGuard | undefined;
  /** The shard's path, for messages. */
  readonly path: string;
  readonly sha256: string;
}

/** The health every release of one dist shares: false once any of its shards failed a check. */
export interface DistHealth {
  healthy: boolean;
}

/** A browse tree of a release that is not its default: its name, map version and browse shard. */
export interface OpenedTree {
  readonly name: string;
  readonly map_version: string;
  readonly browse: OpenedShard;
}

/** The lookups of one release. */
export class ReleaseStore implements ReferenceStore {
  #stats: CatalogStats | undefined;
  readonly trees: readonly string[];
  readonly #trees = new Map<string, ReleaseStore>();

  /**
   * `trees` names the release's browse trees, the default first (its records are the `browse` shard);
   * `others` opens each other tree's shard.
   */
  constructor(
    readonly versions: DataVersions,
    private readonly shards: Readonly<Record<ShardName, OpenedShard>>,
    private readonly health: DistHealth,
    trees: readonly string[] = [],
    others: readonly OpenedTree[] = [],
  ) {
    this.trees = trees;
    if (trees[0] !== undefined) this.#trees.set(trees[0], this);
    for (const tree of others) {
      const versions = Object.freeze({ ...this.versions, map_version: tree.map_version });
      this.#trees.set(
        tree.name,
        new ReleaseStore(versions, { ...shards, browse: tree.browse }, health, trees),
      );
    }
  }

  tree(name: string): ReleaseStore | undefined {
    return this.#trees.get(name);
  }

  code(code: string): CodeRecord | undefined {
    return this.#get<CodeRecord>("codes", code);
  }

  brick(code: string): BrickRecord | undefined {
    return this.#get<BrickRecord>("bricks", code);
  }

  browse(id: string): BrowseRecord | undefined {
    const stored = this.#get<StoredBrowse>("browse", id);
    return stored === undefined ? undefined : browseRecordOf(stored);
  }

  browseResult(id: string): string | undefined {
    const shard = this.shards.browse;
    try {
      shard.guard?.check();
      return shard.reader.text(id, browseResultText);
    } catch (error) {
      throw this.#failed(error);
    }
  }

  browseResultAt(source: string, start: number, end: number, value: number): string | undefined {
    const shard = this.shards.browse;
    try {
      shard.guard?.check();
      return shard.reader.textOfDigits(source, start, end, value, browseResultText);
    } catch (error) {
      throw this.#failed(error);
    }
  }

  phrase(normalised: string): LexiconRecord | undefined {
    return this.#get<LexiconRecord>("lexicon", normalised);
  }

  stats(): CatalogStats {
    if (this.#stats === undefined) {
      const stats = this.#get<CatalogStats>("catalog", "stats");
      if (stats === undefined) throw new ShardCorruptError(this.shards.catalog.path, "no stats record");
      this.#stats = stats;
    }
    return this.#stats;
  }

  catalog<T>(shard: ShardName, key: string): T | undefined {
    return this.#get<T>(shard, key);
  }

  // No closure here: this runs for every lookup.
  #get<T>(name: ShardName, key: string): T | undefined {
    const shard = this.shards[name];
    try {
      shard.guard?.check();
      return shard.reader.get<T>(key);
    } catch (error) {
      throw this.#failed(error);
    }
  }

  // A shard that failed a check marks every release of the dist unhealthy; the error goes on as it was.
  #failed(error: unknown): unknown {
    if (error instanceof ShardCorruptError) this.health.healthy = false;
    return error;
  }
}
