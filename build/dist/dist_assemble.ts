/**
 * Assembles one build from compiled parts: encodes the shards, hashes them, writes the manifest.
 *
 * Pure: the same parts give the same bytes (no clock, no randomness, keys sorted by the shard writer,
 * manifest keys in a fixed order), and the build id is derived from the shards' hashes.
 *
 * The manifest's map_version, served as X-Map-Version, is the curators' declared version plus a hash of
 * the shards classify and brick-attributes answer from (`REFERENCE_SHARD_NAMES`). Those shards are compiled
 * from the GPC publication, the browse tree, the mapping table and the lexicon, so any edit of these that
 * changes an answer changes the header, even with the declared version and the release date unchanged.
 */
import { writeShard } from "./shard_writer.ts";
import type { BuildFile } from "./dist_writer.ts";
import { MSGPACK_OPTIONS, SHARD_FORMAT_VERSION } from "../../src/format/shard_format.ts";
import {
  CATALOG_SHARD_NAMES,
  DIST_FORMAT_VERSION,
  type InputEntry,
  type Manifest,
  MANIFEST_FILE,
  SHARD_NAMES,
  type ShardEntry,
  type ShardName,
} from "../../src/format/manifest.ts";
import { sha256Hex } from "../../src/format/sha256.ts";
import type { BrickRecord, BrowseRecord, CodeRecord, LexiconRecord } from "../../src/format/shard_records.ts";

/** The response schema version every answer reports. */
export const SCHEMA_VERSION = "v1";

/** Everything a build compiled, ready to be written. */
export interface CompiledParts {
  readonly gpcRelease: string;
  readonly gpcLanguage: string;
  /** The mapping table's declared map_version (`none` without a table); the build appends the hash. */
  readonly declaredMapVersion: string;
  readonly lexiconVersion: string;
  readonly codes: ReadonlyMap<string, CodeRecord>;
  readonly bricks: ReadonlyMap<string, BrickRecord>;
  readonly browse: ReadonlyMap<string, BrowseRecord>;
  readonly lexicon: ReadonlyMap<string, LexiconRecord>;
  /** Records of the catalog shards (absent shards are written empty). */
  readonly catalog: ReadonlyMap<ShardName, ReadonlyMap<string, unknown>>;
  readonly inputs: readonly InputEntry[];
  readonly counts: Readonly<Record<string, number>>;
  readonly coverage: Readonly<Record<string, unknown>>;
  /** Extra files of the build (reports, exports), written beside the shards. */
  readonly extras: readonly BuildFile[];
}

/** An assembled build: its id, its files (manifest last) and its manifest. */
export interface AssembledBuild {
  readonly id: string;
  readonly files: readonly BuildFile[];
  readonly manifest: Manifest;
}

/** Encodes the shards and the manifest of `parts`. */
export async function assembleBuild(parts: CompiledParts): Promise<AssembledBuild> {
  const records = (name: ShardName): Iterable<readonly [string, unknown]> => {
    switch (name) {
      case "codes":
        return parts.codes;
      case "bricks":
        return parts.bricks;
      case "browse":
        return parts.browse;
      case "lexicon":
        return parts.lexicon;
      default:
        return parts.catalog.get(name) ?? [];
    }
  };
  const files: BuildFile[] = [];
  const shards = {} as Record<ShardName, ShardEntry>;
  for (const name of SHARD_NAMES) {
    const bytes = writeShard(records(name));
    const file = `${name}.shard`;
    files.push({ name: file, bytes });
    shards[name] = {
      file,
      bytes: bytes.length,
      sha256: await sha256Hex(bytes),
      records: countOf(records(name)),
    };
  }
  const mapVersion = `${parts.declaredMapVersion}+${await answerDataHash(shards)}`;
  const body = {
    format_version: DIST_FORMAT_VERSION,
    shard_format_version: SHARD_FORMAT_VERSION,
    gpc_release: parts.gpcRelease,
    gpc_language: parts.gpcLanguage,
    schema_version: SCHEMA_VERSION,
    map_version: mapVersion,
    lexicon_version: parts.lexiconVersion,
    msgpackr: { ...MSGPACK_OPTIONS },
    inputs: parts.inputs,
    shards,
    counts: parts.counts,
    coverage: parts.coverage,
  };
  // The id covers everything the build writes, so one id always means the same bytes.
  const extraHashes = await Promise.all(
    parts.extras.map(async (f) => `${f.name} ${await sha256Hex(f.bytes)}`),
  );
  const contentHash = await sha256Hex(new TextEncoder().encode(JSON.stringify([body, extraHashes])));
  const id = `${parts.gpcRelease}-${contentHash.slice(0, 16)}`;
  const { format_version, shard_format_version, ...rest } = body;
  const manifest: Manifest = { format_version, shard_format_version, build_id: id, ...rest };
  files.push(...parts.extras);
  files.push({
    name: MANIFEST_FILE,
    bytes: new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`),
  });
  return { id, files, manifest };
}

/** The shards every classify and brick-attributes answer is read from (the catalog's serve other paths). */
export const REFERENCE_SHARD_NAMES: readonly ShardName[] = SHARD_NAMES.filter((name) =>
  !CATALOG_SHARD_NAMES.includes(name)
);

/** First 8 hex digits of a sha256 over the reference shards' hashes: the content part of X-Map-Version. */
async function answerDataHash(shards: Readonly<Record<ShardName, ShardEntry>>): Promise<string> {
  const lines = REFERENCE_SHARD_NAMES.map((name) => `${name} ${shards[name].sha256}\n`).join("");
  return (await sha256Hex(new TextEncoder().encode(lines))).slice(0, 8);
}

function countOf(records: Iterable<unknown>): number {
  let n = 0;
  for (const _ of records) n++;
  return n;
}
