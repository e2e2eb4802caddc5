/**
 * Assembles one build from compiled parts: encodes the shards, hashes them, writes the manifest.
 *
 * Pure: the same parts give the same bytes (no clock, no randomness, keys sorted by the shard writer,
 * manifest keys in a fixed order), and the build id is derived from the shards' hashes.
 *
 * A build serves one or more GPC releases, newest first: each gets its own codes, bricks, browse and lexicon
 * shards (`<release>.<name>.shard`) and reports (`<release>.<file>`); the catalog shards are written once.
 * Each release's map_version, served as X-Map-Version with its answers, is the curators' declared version
 * plus a hash of that release's four shards. Those are compiled from the GPC publication, the browse tree,
 * the mapping table and the lexicon, so any edit of these that changes an answer changes the header, even
 * with the declared version and the release date unchanged.
 *
 * A release answering several browse trees writes each other tree's records in its own shard, and lists every
 * tree in the manifest's `trees` with its own X-Map-Version: the tree's declared version plus a hash of the
 * codes, bricks and lexicon shards and the tree's browse shard.
 *
 * A browse shard stores each record as its fields' JSON text (`encodeBrowseShard`): the classify result the
 * runtime sends, but for the `browse_id` echo, so that reading a record writes no JSON.
 */
import { writeShard } from "./shard_writer.ts";
import type { BuildFile } from "./dist_writer.ts";
import { MSGPACK_OPTIONS, SHARD_FORMAT_VERSION } from "../../src/format/shard_format.ts";
import {
  CATALOG_SHARD_NAMES,
  type CatalogShardName,
  DIST_FORMAT_VERSION,
  type InputEntry,
  type Manifest,
  MANIFEST_FILE,
  RELEASE_SHARD_NAMES,
  type ReleaseChanges,
  type ReleaseEntry,
  releaseShardFile,
  type ReleaseShardName,
  type ShardEntry,
  type ShardName,
  type TreeEntry,
  treeShardFile,
} from "../../src/format/manifest.ts";
import { sha256Hex } from "../../src/format/sha256.ts";
import { browseRecordJson } from "../../src/format/browse_result.ts";
import type { BrickRecord, BrowseRecord, CodeRecord, LexiconRecord } from "../../src/format/shard_records.ts";

/** The response schema version every answer reports. */
export const SCHEMA_VERSION = "v1";

/** A browse tree a release answers, as the manifest lists it (before its shard is written). */
export interface CompiledTreeParts {
  /** classify's `tree` value. */
  readonly request: string;
  readonly name: string;
  readonly declaredMapVersion: string;
  /** Its records (unused for the default tree, whose records are the release's `browse`). */
  readonly browse: ReadonlyMap<string, BrowseRecord> | EncodedShard | undefined;
  readonly counts: Readonly<Record<string, number>>;
  readonly coverage: Readonly<Record<string, unknown>>;
}

/** One GPC release compiled: its shards' records and what the manifest says of it. */
export interface CompiledReleaseParts {
  readonly gpcRelease: string;
  readonly gpcLanguage: string;
  /** The publication's path relative to the data directory. */
  readonly publication: string;
  /** The mapping table's declared map_version (`none` without a table); the build appends the hash. */
  readonly declaredMapVersion: string;
  readonly lexiconVersion: string;
  readonly codes: ReadonlyMap<string, CodeRecord>;
  readonly bricks: ReadonlyMap<string, BrickRecord>;
  /** The browse records, or their shard already encoded (a million-node tree's records are freed early). */
  readonly browse: ReadonlyMap<string, BrowseRecord> | EncodedShard;
  readonly lexicon: ReadonlyMap<string, LexiconRecord>;
  readonly counts: Readonly<Record<string, number>>;
  readonly coverage: Readonly<Record<string, unknown>>;
  /** Changes from the next older release of the build; null for the oldest. */
  readonly changes: ReleaseChanges | null;
  /** This release's extra files (reports, exports), written as `<release>.<name>`. */
  readonly extras: readonly BuildFile[];
  /** Every browse tree, the default first, when there are several (one tree: absent). */
  readonly trees?: readonly CompiledTreeParts[];
}

/** Everything a build compiled, ready to be written. */
export interface CompiledParts {
  /** The served releases, newest first: the first is the default. */
  readonly releases: readonly CompiledReleaseParts[];
  /** How many releases the build was asked to keep. */
  readonly keep: number;
  /** Records of the catalog shards (absent shards are written empty). */
  readonly catalog: ReadonlyMap<ShardName, ReadonlyMap<string, unknown>>;
  readonly inputs: readonly InputEntry[];
  /** Catalog counts. */
  readonly counts: Readonly<Record<string, number>>;
  /** Extra files of the build as a whole (the catalog report), written beside the shards. */
  readonly extras: readonly BuildFile[];
}

/** A shard's bytes, encoded before assembly so that its records need not stay in memory. */
export interface EncodedShard {
  readonly encoded: Uint8Array;
  readonly records: number;
}

/**
 * Encodes a browse shard now, each record stored as its fields' JSON text, so that its records need not stay
 * in memory until assembly; assembleBuild writes the bytes as they are.
 */
export function encodeBrowseShard(records: ReadonlyMap<string, BrowseRecord>): EncodedShard {
  return { encoded: writeShard(browseTexts(records)), records: records.size };
}

function* browseTexts(records: ReadonlyMap<string, BrowseRecord>): Generator<[string, string]> {
  for (const [id, record] of records) yield [id, browseRecordJson(record)];
}

/** A browse shard's records as given, or encoded now when given as records. */
function browseShard(records: ReadonlyMap<string, BrowseRecord> | EncodedShard): EncodedShard {
  return "encoded" in records ? records : encodeBrowseShard(records);
}

/** An assembled build: its id, its files (manifest last) and its manifest. */
export interface AssembledBuild {
  readonly id: string;
  readonly files: readonly BuildFile[];
  readonly manifest: Manifest;
}

/** Encodes the shards and the manifest of `parts`. */
export async function assembleBuild(parts: CompiledParts): Promise<AssembledBuild> {
  const files: BuildFile[] = [];
  const shard = async (
    file: string,
    records: Iterable<readonly [string, unknown]> | EncodedShard,
  ): Promise<ShardEntry> => {
    const encoded = "encoded" in records
      ? records
      : { encoded: writeShard(records), records: countOf(records) };
    const bytes = encoded.encoded;
    files.push({ name: file, bytes });
    return { file, bytes: bytes.length, sha256: await sha256Hex(bytes), records: encoded.records };
  };
  const releases: ReleaseEntry[] = [];
  for (const release of parts.releases) {
    const records: Record<ReleaseShardName, ReadonlyMap<string, unknown> | EncodedShard> = {
      codes: release.codes,
      bricks: release.bricks,
      browse: browseShard(release.browse),
      lexicon: release.lexicon,
    };
    const shards = {} as Record<ReleaseShardName, ShardEntry>;
    for (const name of RELEASE_SHARD_NAMES) {
      shards[name] = await shard(releaseShardFile(release.gpcRelease, name), records[name]);
    }
    const mapVersion = `${release.declaredMapVersion}+${await answerDataHash(shards)}`;
    const trees: TreeEntry[] = [];
    for (const [index, tree] of (release.trees ?? []).entries()) {
      const own = index === 0
        ? shards.browse
        : await shard(treeShardFile(release.gpcRelease, tree.request), browseShard(tree.browse!));
      trees.push({
        tree: tree.request,
        browse_tree: tree.name,
        default: index === 0,
        map_version: index === 0
          ? mapVersion
          : `${tree.declaredMapVersion}+${await answerDataHash({ ...shards, browse: own })}`,
        shard: own,
        counts: tree.counts,
        coverage: tree.coverage,
      });
    }
    releases.push({
      gpc_release: release.gpcRelease,
      gpc_language: release.gpcLanguage,
      publication: release.publication,
      map_version: mapVersion,
      lexicon_version: release.lexiconVersion,
      shards,
      counts: release.counts,
      coverage: release.coverage,
      changes: release.changes,
      ...(trees.length === 0 ? {} : { trees }),
    });
  }
  const catalogShards = {} as Record<CatalogShardName, ShardEntry>;
  for (const name of CATALOG_SHARD_NAMES) {
    catalogShards[name] = await shard(`${name}.shard`, parts.catalog.get(name) ?? []);
  }
  const defaultRelease = releases[0]!.gpc_release;
  const body = {
    format_version: DIST_FORMAT_VERSION,
    shard_format_version: SHARD_FORMAT_VERSION,
    default_release: defaultRelease,
    schema_version: SCHEMA_VERSION,
    keep: parts.keep,
    msgpackr: { ...MSGPACK_OPTIONS },
    inputs: parts.inputs,
    releases,
    shards: catalogShards,
    counts: parts.counts,
  };
  const extras = [
    ...parts.releases.flatMap((release) =>
      release.extras.map((file) => ({ name: `${release.gpcRelease}.${file.name}`, bytes: file.bytes }))
    ),
    ...parts.extras,
  ];
  // The id covers everything the build writes, so one id always means the same bytes.
  const extraHashes = await Promise.all(extras.map(async (f) => `${f.name} ${await sha256Hex(f.bytes)}`));
  const contentHash = await sha256Hex(new TextEncoder().encode(JSON.stringify([body, extraHashes])));
  const id = `${defaultRelease}-${contentHash.slice(0, 16)}`;
  const { format_version, shard_format_version, ...rest } = body;
  const manifest: Manifest = { format_version, shard_format_version, build_id: id, ...rest };
  files.push(...extras);
  files.push({
    name: MANIFEST_FILE,
    bytes: new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`),
  });
  return { id, files, manifest };
}

/** First 8 hex digits of a sha256 over one release's shards' hashes: the content part of X-Map-Version. */
async function answerDataHash(shards: Readonly<Record<ReleaseShardName, ShardEntry>>): Promise<string> {
  const lines = RELEASE_SHARD_NAMES.map((name) => `${name} ${shards[name].sha256}\n`).join("");
  return (await sha256Hex(new TextEncoder().encode(lines))).slice(0, 8);
}

function countOf(records: Iterable<unknown>): number {
  let n = 0;
  for (const _ of records) n++;
  return n;
}
