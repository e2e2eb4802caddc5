/**
 * Opens a compiled dist and answers the runtime's lookups, each in O(1) from one shard record.
 *
 * Opening reads the manifest, checks each shard's size against it and each shard's header and index; the
 * cost depends on the number of keys, never on the record bytes, so a full-scale dist opens in
 * milliseconds. Records are checked (CRC-32) when first read. `verify()` hashes every shard against the
 * manifest's sha256 (run in the background after start-up); a failure marks the store unhealthy.
 */
import { canMap, mapFile, type MappedFile } from "./mmap.ts";
import {
  checkManifest,
  type Manifest,
  MANIFEST_FILE,
  resolveBuildDirectory,
  SHARD_NAMES,
  type ShardName,
} from "../format/manifest.ts";
import { ShardCorruptError, ShardReader } from "./shard_reader.ts";
import type { DataVersions, ReferenceStore } from "./reference_store.ts";
import type { BrickRecord, BrowseRecord, CodeRecord, LexiconRecord } from "../format/shard_records.ts";
import type { CatalogStats } from "../format/catalog_records.ts";
import { sha256Hex } from "../format/sha256.ts";

/** How shards are brought into memory. */
export type OpenMode = "mmap" | "read";

/** Options of `openStore`. */
export interface OpenOptions {
  /** "mmap" needs --allow-ffi; default: mmap when FFI is granted, read otherwise. */
  readonly mode?: OpenMode;
}

/** An opened dist. */
export interface OpenedStore extends ReferenceStore {
  readonly manifest: Manifest;
  /** The build directory being served. */
  readonly directory: string;
  readonly mode: OpenMode;
  /** False once a shard failed a check; the runtime then answers 503. */
  healthy(): boolean;
  /** Hashes every shard and compares with the manifest; marks the store unhealthy on mismatch. */
  verify(): Promise<void>;
  close(): void;
}

/** Opens the dist at `distDir` (a dist root or one build directory). */
export function openStore(distDir: string, options: OpenOptions = {}): OpenedStore {
  const directory = resolveBuildDirectory(distDir);
  const manifestPath = `${directory}/${MANIFEST_FILE}`;
  const manifest = checkManifest(manifestPath, JSON.parse(Deno.readTextFileSync(manifestPath)));
  const mode = options.mode ?? (canMap() ? "mmap" : "read");
  const mapped: MappedFile[] = [];
  const readers = {} as Record<ShardName, ShardReader>;
  try {
    for (const name of SHARD_NAMES) {
      const entry = manifest.shards[name];
      const path = `${directory}/${entry.file}`;
      const size = Deno.statSync(path).size;
      if (size !== entry.bytes) {
        throw new ShardCorruptError(path, `${size} bytes on disk, the manifest says ${entry.bytes}`);
      }
      let bytes: Uint8Array;
      if (mode === "mmap") {
        const file = mapFile(path);
        mapped.push(file);
        bytes = file.bytes;
      } else {
        bytes = Deno.readFileSync(path);
      }
      const reader = new ShardReader(path, bytes);
      if (reader.size !== entry.records) {
        throw new ShardCorruptError(path, `${reader.size} records, the manifest says ${entry.records}`);
      }
      readers[name] = reader;
    }
  } catch (error) {
    for (const file of mapped) file.unmap();
    throw error;
  }
  return new DistStore(manifest, directory, mode, readers, mapped);
}

class DistStore implements OpenedStore {
  readonly versions: DataVersions;
  #healthy = true;
  #stats: CatalogStats | undefined;

  constructor(
    readonly manifest: Manifest,
    readonly directory: string,
    readonly mode: OpenMode,
    private readonly readers: Readonly<Record<ShardName, ShardReader>>,
    private readonly mapped: readonly MappedFile[],
  ) {
    this.versions = Object.freeze({
      gpc_release: manifest.gpc_release,
      schema_version: manifest.schema_version,
      map_version: manifest.map_version,
    });
  }

  code(code: string): CodeRecord | undefined {
    return this.#get<CodeRecord>("codes", code);
  }

  brick(code: string): BrickRecord | undefined {
    return this.#get<BrickRecord>("bricks", code);
  }

  browse(id: string): BrowseRecord | undefined {
    return this.#get<BrowseRecord>("browse", id);
  }

  phrase(normalised: string): LexiconRecord | undefined {
    return this.#get<LexiconRecord>("lexicon", normalised);
  }

  stats(): CatalogStats {
    if (this.#stats === undefined) {
      const stats = this.#get<CatalogStats>("catalog", "stats");
      if (stats === undefined) {
        throw new ShardCorruptError(this.manifest.shards.catalog.file, "no stats record");
      }
      this.#stats = stats;
    }
    return this.#stats;
  }

  catalog<T>(shard: ShardName, key: string): T | undefined {
    return this.#get<T>(shard, key);
  }

  healthy(): boolean {
    return this.#healthy;
  }

  async verify(): Promise<void> {
    for (const name of SHARD_NAMES) {
      const entry = this.manifest.shards[name];
      const path = `${this.directory}/${entry.file}`;
      // The bytes being served (the mapping, or the copy read at open), not a fresh read of the file.
      if (await sha256Hex(this.readers[name].bytes) !== entry.sha256) {
        this.#healthy = false;
        throw new ShardCorruptError(path, "sha256 differs from the manifest");
      }
    }
  }

  close(): void {
    for (const file of this.mapped) file.unmap();
  }

  #get<T>(shard: ShardName, key: string): T | undefined {
    try {
      return this.readers[shard].get<T>(key);
    } catch (error) {
      if (error instanceof ShardCorruptError) this.#healthy = false;
      throw error;
    }
  }
}
