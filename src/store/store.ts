/**
 * Opens a compiled dist and answers the runtime's lookups, each in O(1) from one shard record: for each GPC
 * release the dist serves, a ReleaseStore (release_store.ts) over that release's shards and the shared
 * catalog shards; the dist itself answers as its default release.
 *
 * Opening holds the build (build_lease.ts: no build removes it while this store is open), reads the
 * manifest, checks each shard's size against it and each shard's header and index; the cost depends on the
 * number of keys, never on the record bytes, so a full-scale dist opens in milliseconds. Records are
 * checked (CRC-32) when first read; a mapped shard's size is checked again before lookups
 * (shard_size_guard.ts). `verify()` hashes every shard against the manifest's sha256 (run in the background
 * after start-up, in slices and without a copy: shard_digest.ts); a failure marks the store unhealthy. `problem()` also notices the build directory
 * vanishing from disk.
 */
import { canMap, mapFile, type MappedFile } from "./mmap.ts";
import {
  cannotRead,
  CATALOG_SHARD_NAMES,
  type CatalogShardName,
  type Manifest,
  MANIFEST_FILE,
  parseManifest,
  RELEASE_SHARD_NAMES,
  type ReleaseShardName,
  resolveBuildDirectory,
  type ShardEntry,
  type ShardName,
} from "../format/manifest.ts";
import { holdBuild, sameFile } from "../format/build_lease.ts";
import { ShardCorruptError, ShardReader } from "./shard_reader.ts";
import { ShardSizeGuard, SIZE_CHECK_MS } from "./shard_size_guard.ts";
import type {
  DataVersions,
  ReferenceStore,
  ReleaseSet,
  ReleaseSummary,
  StoreProblem,
} from "./reference_store.ts";
import { type DistHealth, type OpenedShard, ReleaseStore } from "./release_store.ts";
import type { BrickRecord, BrowseRecord, CodeRecord, LexiconRecord } from "../format/shard_records.ts";
import type { CatalogStats } from "../format/catalog_records.ts";
import { shardSha256Hex } from "./shard_digest.ts";

/** How shards are brought into memory. */
export type OpenMode = "mmap" | "read";

/** Options of `openStore`. */
export interface OpenOptions {
  /** "mmap" needs --allow-ffi; default: mmap when FFI is granted, read otherwise. */
  readonly mode?: OpenMode;
  /** Told once, with the directory, when `problem()` first finds the build removed from disk. */
  readonly onRemoved?: (message: string) => void;
  /** Least interval between size checks of a mapped shard; 0 checks before every lookup. */
  readonly sizeCheckMs?: number;
}

/** An opened dist: every release it serves, and itself answering as its default (newest) release. */
export interface OpenedStore extends ReferenceStore, ReleaseSet {
  readonly manifest: Manifest;
  /** The build directory being served. */
  readonly directory: string;
  readonly mode: OpenMode;
  /** False once a shard failed a check; the runtime then answers 503. */
  healthy(): boolean;
  /** "damaged" when unhealthy; "removed" when the build directory is no longer on disk (one stat). */
  problem(): StoreProblem | undefined;
  /** Hashes every shard against the manifest (unhealthy on mismatch); ends early if the store is closed. */
  verify(): Promise<void>;
  close(): void;
}

// A build CURRENT named may be removed before we hold it; CURRENT then names a newer one.
const HOLD_ATTEMPTS = 3;

/** Opens the dist at `distDir` (a dist root or one build directory); errors name the file they concern. */
export function openStore(distDir: string, options: OpenOptions = {}): OpenedStore {
  let directory = "";
  let lease: Deno.FsFile | undefined;
  for (let attempt = 0; lease === undefined; attempt++) {
    if (attempt === HOLD_ATTEMPTS) throw new Error(`${directory} was removed while it was being opened`);
    directory = resolveBuildDirectory(distDir);
    lease = holdBuild(directory);
  }
  const mode = options.mode ?? (canMap() ? "mmap" : "read");
  const mapped: MappedFile[] = [];
  const guards: ShardSizeGuard[] = [];
  const open = (entry: ShardEntry): OpenedShard => {
    const path = `${directory}/${entry.file}`;
    let bytes: Uint8Array;
    let guard: ShardSizeGuard | undefined;
    if (mode === "mmap") {
      // Opened by Deno first, so that a file this process may not read is named as every read error is.
      openFile(path).close();
      const file = mapFile(path);
      mapped.push(file);
      guard = new ShardSizeGuard(file.size, path, entry.bytes, options.sizeCheckMs ?? SIZE_CHECK_MS);
      guards.push(guard);
      guard.checkNow();
      bytes = file.bytes;
    } else {
      bytes = readBytes(path);
      if (bytes.length !== entry.bytes) {
        throw new ShardCorruptError(path, `${bytes.length} bytes on disk, the manifest says ${entry.bytes}`);
      }
    }
    const reader = new ShardReader(path, bytes);
    if (reader.size !== entry.records) {
      throw new ShardCorruptError(path, `${reader.size} records, the manifest says ${entry.records}`);
    }
    return { reader, guard, path, sha256: entry.sha256 };
  };
  try {
    const manifestPath = `${directory}/${MANIFEST_FILE}`;
    const manifest = parseManifest(manifestPath, readText(manifestPath));
    const catalog = {} as Record<CatalogShardName, OpenedShard>;
    for (const name of CATALOG_SHARD_NAMES) catalog[name] = open(manifest.shards[name]);
    const health: DistHealth = { healthy: true };
    const all: OpenedShard[] = [];
    const releases = manifest.releases.map((entry) => {
      const own = {} as Record<ReleaseShardName, OpenedShard>;
      for (const name of RELEASE_SHARD_NAMES) all.push(own[name] = open(entry.shards[name]));
      const versions = Object.freeze({
        gpc_release: entry.gpc_release,
        schema_version: manifest.schema_version,
        map_version: entry.map_version,
      });
      const trees = entry.trees ?? [];
      const others = trees.slice(1).map((tree) => {
        const browse = open(tree.shard);
        all.push(browse);
        return { name: tree.tree, map_version: tree.map_version, browse };
      });
      return new ReleaseStore(
        versions,
        { ...own, ...catalog },
        health,
        trees.map((tree) => tree.tree),
        others,
      );
    });
    all.push(...Object.values(catalog));
    return new DistStore(manifest, directory, mode, releases, all, health, {
      lease,
      mapped,
      guards,
      options,
    });
  } catch (error) {
    for (const file of mapped) file.unmap();
    for (const guard of guards) guard.close();
    lease.close();
    throw error;
  }
}

function openFile(path: string): Deno.FsFile {
  try {
    return Deno.openSync(path, { read: true });
  } catch (error) {
    throw cannotRead(path, error);
  }
}

function readBytes(path: string): Uint8Array {
  try {
    return Deno.readFileSync(path);
  } catch (error) {
    throw cannotRead(path, error);
  }
}

function readText(path: string): string {
  return new TextDecoder().decode(readBytes(path));
}

/** What a DistStore owns besides its readers. */
interface Held {
  /** The build's manifest, share-locked: the lease that keeps builds from removing this build. */
  readonly lease: Deno.FsFile;
  readonly mapped: readonly MappedFile[];
  /** Size guards of mapped shards (none in read mode: a copy in memory cannot shrink). */
  readonly guards: readonly ShardSizeGuard[];
  readonly options: OpenOptions;
}

class DistStore implements OpenedStore {
  readonly versions: DataVersions;
  readonly releaseSummaries: readonly ReleaseSummary[];
  readonly #default: ReleaseStore;
  #removedReported = false;
  #closed = false;

  constructor(
    readonly manifest: Manifest,
    readonly directory: string,
    readonly mode: OpenMode,
    readonly releases: readonly ReleaseStore[],
    private readonly shards: readonly OpenedShard[],
    private readonly health: DistHealth,
    private readonly held: Held,
  ) {
    this.#default = releases[0]!;
    this.versions = this.#default.versions;
    this.releaseSummaries = manifest.releases.map((entry) => ({
      gpc_release: entry.gpc_release,
      gpc_language: entry.gpc_language,
      map_version: entry.map_version,
      lexicon_version: entry.lexicon_version,
      counts: entry.counts,
      changes: entry.changes,
      ...(entry.trees === undefined ? {} : {
        trees: entry.trees.map((tree) => ({
          tree: tree.tree,
          default: tree.default,
          map_version: tree.map_version,
          counts: tree.counts,
          coverage: tree.coverage,
        })),
      }),
    }));
  }

  get trees(): readonly string[] {
    return this.#default.trees;
  }

  tree(name: string): ReferenceStore | undefined {
    return this.#default.tree(name);
  }
  // The dist answers for its default release; other releases are asked through `releases`.
  code(code: string): CodeRecord | undefined {
    return this.#default.code(code);
  }
  brick(code: string): BrickRecord | undefined {
    return this.#default.brick(code);
  }
  browse(id: string): BrowseRecord | undefined {
    return this.#default.browse(id);
  }
  browseResult(id: string): string | undefined {
    return this.#default.browseResult(id);
  }
  browseResultAt(source: string, start: number, end: number, value: number): string | undefined {
    return this.#default.browseResultAt(source, start, end, value);
  }
  phrase(normalised: string): LexiconRecord | undefined {
    return this.#default.phrase(normalised);
  }
  stats(): CatalogStats {
    return this.#default.stats();
  }
  catalog<T>(shard: ShardName, key: string): T | undefined {
    return this.#default.catalog<T>(shard, key);
  }

  healthy(): boolean {
    return this.health.healthy;
  }

  problem(): StoreProblem | undefined {
    if (!this.health.healthy) return "damaged";
    // Mapped pages and read copies outlive the files, so answers stay right; but nothing on disk backs them.
    if (sameFile(this.held.lease, `${this.directory}/${MANIFEST_FILE}`)) return undefined;
    if (!this.#removedReported) {
      this.#removedReported = true;
      this.held.options.onRemoved?.(
        `the build directory ${this.directory} being served was removed from disk`,
      );
    }
    return "removed";
  }

  async verify(): Promise<void> {
    const closed = () => this.#closed;
    for (const shard of this.shards) {
      // A store closed meanwhile (shut down, or replaced) has unmapped its shards: verification ends there.
      if (closed()) return;
      try {
        shard.guard?.checkNow();
      } catch (error) {
        this.health.healthy = false;
        throw error;
      }
      // The bytes being served (the mapping, or the copy read at open), not a fresh read of the file.
      const sha256 = await shardSha256Hex(shard.reader.bytes, closed);
      if (sha256 === undefined) return;
      if (sha256 !== shard.sha256) {
        this.health.healthy = false;
        throw new ShardCorruptError(shard.path, "sha256 differs from the manifest");
      }
    }
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const file of this.held.mapped) file.unmap();
    for (const guard of this.held.guards) guard.close();
    this.held.lease.close();
  }
}
