/**
 * The dist manifest: what a build produced, written by the compiler, trusted by the store.
 *
 * A dist directory holds `CURRENT` (the id of the build being served) and one directory per build under
 * `builds/<id>/`, each with `manifest.json` and its shards. A build serves one or more GPC releases: each
 * has its own codes, bricks, browse and lexicon shards (`<release>.<name>.shard`) and versions; the catalog
 * shards (`<name>.shard`) are shared. The newest release is the default. The build id is derived from the
 * shards' hashes, so identical inputs give the same id and the same bytes.
 *
 * A release may answer several browse trees (classify's `tree` parameter): the default tree's records are
 * its `browse` shard; each other tree has its own (`<release>.browse-<tree>.shard`), listed with its map
 * version in the release's `trees` (absent in builds of one tree).
 */
import { MSGPACK_OPTIONS } from "./shard_format.ts";

/** Name of the manifest file inside a build directory. */
export const MANIFEST_FILE = "manifest.json";
/** Name of the pointer file naming the current build. */
export const CURRENT_FILE = "CURRENT";
/** Folder of the build directories inside dist. */
export const BUILDS_DIR = "builds";
/** Version of the dist layout and manifest shape (2: several GPC releases per build). */
export const DIST_FORMAT_VERSION = 2;

/** The shards each served GPC release has, compiled from its publication and the curated content. */
export const RELEASE_SHARD_NAMES = ["codes", "bricks", "browse", "lexicon"] as const;

/** The shards compiled from the catalog snapshots, once per build whatever the releases. */
export const CATALOG_SHARD_NAMES = [
  "catalog",
  "catalog_lookup",
  "marketing_share",
  "marketing_landscape",
  "marketing_brands",
  "analyst_inflation",
  "analyst_dispersion",
  "shopper_search",
  "shopper_products",
  "shopper_deals",
] as const;

/** Every kind of shard. */
export const SHARD_NAMES = [...RELEASE_SHARD_NAMES, ...CATALOG_SHARD_NAMES] as const;

/** Name of one shard. */
export type ShardName = typeof SHARD_NAMES[number];
/** Name of a shard every release has. */
export type ReleaseShardName = typeof RELEASE_SHARD_NAMES[number];
/** Name of a catalog shard. */
export type CatalogShardName = typeof CATALOG_SHARD_NAMES[number];

/** The file name of a release's shard: the release id first, so one release's files sort together. */
export function releaseShardFile(release: string, name: ReleaseShardName): string {
  return `${release}.${name}.shard`;
}

/** One shard as the manifest lists it. */
export interface ShardEntry {
  readonly file: string;
  readonly bytes: number;
  readonly sha256: string;
  readonly records: number;
}

/** One input file the build read. */
export interface InputEntry {
  readonly path: string;
  readonly bytes: number;
  readonly sha256: string;
}

/** The codes of one hierarchy level that changed between two releases. */
export interface LevelChangeCodes {
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly moved: readonly string[];
  readonly retitled: readonly string[];
}

/** What changed from the next older served release, as the build's typed release diff found it. */
export interface ReleaseChanges {
  /** The older release compared with. */
  readonly from: string;
  readonly segments: LevelChangeCodes;
  readonly families: LevelChangeCodes;
  readonly classes: LevelChangeCodes;
  readonly bricks: LevelChangeCodes;
  /** Counts of attribute changes of the bricks in both; null when a side carries no attribute data. */
  readonly attributes: Readonly<Record<string, number>> | null;
}

/** The file name of a release's browse shard of a tree that is not the default. */
export function treeShardFile(release: string, tree: string): string {
  return `${release}.browse-${tree}.shard`;
}

/** One browse tree a release answers. */
export interface TreeEntry {
  /** What classify's `tree` parameter calls it. */
  readonly tree: string;
  /** Its name in data/ (its folder, or its table's `browse_tree`). */
  readonly browse_tree: string;
  readonly default: boolean;
  /** The X-Map-Version of this tree's answers (the release's own for the default tree). */
  readonly map_version: string;
  /** Its browse shard (the release's `browse` shard for the default tree). */
  readonly shard: ShardEntry;
  readonly counts: Readonly<Record<string, number>>;
  readonly coverage: Readonly<Record<string, unknown>>;
}

/** One served GPC release of a build. */
export interface ReleaseEntry {
  readonly gpc_release: string;
  readonly gpc_language: string;
  /** The publication it was compiled from, relative to the data directory (`gpc/…`). */
  readonly publication: string;
  /** The X-Map-Version of this release's answers. */
  readonly map_version: string;
  readonly lexicon_version: string;
  readonly shards: Readonly<Record<ReleaseShardName, ShardEntry>>;
  /** GPC, content and stale-row counts. */
  readonly counts: Readonly<Record<string, number>>;
  readonly coverage: Readonly<Record<string, unknown>>;
  /** Changes from the next older release of the build; null for the oldest. */
  readonly changes: ReleaseChanges | null;
  /** The browse trees it answers, the default first (absent: one tree, the `browse` shard's). */
  readonly trees?: readonly TreeEntry[];
}

/** The manifest of one build. */
export interface Manifest {
  readonly format_version: number;
  readonly shard_format_version: number;
  readonly build_id: string;
  /** The release answering requests that name none: the newest, `releases[0]`. */
  readonly default_release: string;
  readonly schema_version: string;
  /** How many releases the build was asked to keep (GPC_RELEASES_KEEP, `--keep`). */
  readonly keep: number;
  readonly msgpackr: Readonly<Record<string, unknown>>;
  readonly inputs: readonly InputEntry[];
  /** The served releases, newest first. */
  readonly releases: readonly ReleaseEntry[];
  /** The catalog shards, shared by every release. */
  readonly shards: Readonly<Record<CatalogShardName, ShardEntry>>;
  /** Catalog counts. */
  readonly counts: Readonly<Record<string, number>>;
}

/** Parses a manifest's text and checks its shape; throws an Error naming the file (not JSON, or the field). */
export function parseManifest(file: string, text: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(
      `manifest ${file} is invalid: not JSON (${error instanceof Error ? error.message : error})`,
    );
  }
  return checkManifest(file, value);
}

/** Checks the parsed JSON has the manifest's shape; throws an Error naming the file and field. */
export function checkManifest(file: string, value: unknown): Manifest {
  const fail = (what: string): never => {
    throw new Error(`manifest ${file} is invalid: ${what}`);
  };
  if (typeof value !== "object" || value === null) fail("not a JSON object");
  const m = value as Record<string, unknown>;
  if (m.format_version !== DIST_FORMAT_VERSION) {
    fail(
      `format_version ${String(m.format_version)} is not ${DIST_FORMAT_VERSION}: ` +
        "it was built by another version of the service; rebuild it with `deno task build`",
    );
  }
  for (const field of ["build_id", "default_release", "schema_version"]) {
    if (typeof m[field] !== "string" || m[field] === "") fail(`${field} is missing`);
  }
  if (!/^v\d+$/.test(m.schema_version as string)) {
    fail(`schema_version "${String(m.schema_version)}" is not v<number>`);
  }
  if (JSON.stringify(m.msgpackr) !== JSON.stringify(MSGPACK_OPTIONS)) {
    fail("msgpackr options differ from the ones this runtime decodes with");
  }
  checkShards(m.shards, CATALOG_SHARD_NAMES, "", fail);
  const releases = m.releases;
  if (!Array.isArray(releases) || releases.length === 0) fail("releases is missing or empty");
  const seen = new Set<string>();
  for (const [index, entry] of (releases as unknown[]).entries()) {
    const where = `releases[${index}]`;
    if (typeof entry !== "object" || entry === null) fail(`${where} is not an object`);
    const r = entry as Record<string, unknown>;
    if (typeof r.gpc_release !== "string" || !/^v\d{8}$/.test(r.gpc_release)) {
      fail(`${where}.gpc_release "${String(r.gpc_release)}" is not v<YYYYMMDD>`);
    }
    if (seen.has(r.gpc_release as string)) fail(`${where}.gpc_release ${r.gpc_release} is listed twice`);
    seen.add(r.gpc_release as string);
    // Versions go into response headers: printable ASCII without spaces only.
    if (typeof r.map_version !== "string" || !/^[\x21-\x7e]+$/.test(r.map_version)) {
      fail(`${where}.map_version is not a valid header value`);
    }
    checkShards(r.shards, RELEASE_SHARD_NAMES, `${where}.`, fail);
    if (r.trees !== undefined) checkTrees(r.trees, `${where}.trees`, fail);
  }
  if ((releases as ReleaseEntry[])[0]!.gpc_release !== m.default_release) {
    fail(`default_release ${String(m.default_release)} is not releases[0]`);
  }
  return value as Manifest;
}

function checkTrees(value: unknown, where: string, fail: (what: string) => never): void {
  if (!Array.isArray(value) || value.length === 0) fail(`${where} is not a list of trees`);
  const names = new Set<string>();
  for (const [index, entry] of (value as unknown[]).entries()) {
    const t = entry as Record<string, unknown>;
    const at = `${where}[${index}]`;
    if (typeof t?.tree !== "string" || !/^[a-z0-9][a-z0-9-]{0,39}$/.test(t.tree)) {
      fail(`${at}.tree is invalid`);
    }
    if (names.has(t.tree as string)) fail(`${at}.tree ${t.tree} is listed twice`);
    names.add(t.tree as string);
    if (typeof t.map_version !== "string" || !/^[\x21-\x7e]+$/.test(t.map_version)) {
      fail(`${at}.map_version is not a valid header value`);
    }
    if (t.default !== (index === 0)) fail(`${at}.default: the default tree is listed first, and only it`);
    checkShards({ browse: t.shard }, ["browse"], `${at}.`, fail);
  }
}

function checkShards(
  value: unknown,
  names: readonly string[],
  where: string,
  fail: (what: string) => never,
): void {
  if (typeof value !== "object" || value === null) fail(`${where}shards is missing`);
  const shards = value as Record<string, unknown>;
  for (const name of names) {
    const entry = shards[name] as Record<string, unknown> | undefined;
    if (
      typeof entry !== "object" || entry === null || typeof entry.file !== "string" ||
      typeof entry.bytes !== "number" || typeof entry.records !== "number" ||
      typeof entry.sha256 !== "string" ||
      !/^[0-9a-f]{64}$/.test(entry.sha256)
    ) fail(`${where}shard ${name} is missing or incomplete`);
    if (/[\\/]/.test(entry!.file as string)) fail(`${where}shard ${name} file must be a plain name`);
  }
}

/** An error naming the file an operation failed on, with the system's reason ("Permission denied …"). */
export function cannotRead(path: string, error: unknown): Error {
  const reason = error instanceof Error ? error.message : String(error);
  // Some Deno errors end with "<op> '<path>'", some do not: name the path once, first.
  const suffix = `'${path}'`;
  const plain = reason.endsWith(suffix) ? reason.replace(/: [a-z_]+ '[^']*'$/, "") : reason;
  return new Error(`cannot read ${path}: ${plain}`);
}

/**
 * The build directory a dist path names: itself when it holds a manifest, else the one CURRENT names.
 * Only a missing file means "not here"; any other failure (a permission) is an error naming the file.
 */
export function resolveBuildDirectory(distDir: string): string {
  try {
    Deno.statSync(`${distDir}/${MANIFEST_FILE}`);
    return distDir;
  } catch (error) {
    // Not found: not a build directory, follow CURRENT.
    if (!(error instanceof Deno.errors.NotFound)) throw cannotRead(`${distDir}/${MANIFEST_FILE}`, error);
  }
  let id: string;
  try {
    id = Deno.readTextFileSync(`${distDir}/${CURRENT_FILE}`).trim();
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw cannotRead(`${distDir}/${CURRENT_FILE}`, error);
    throw new Error(`${distDir} holds no compiled data (no ${CURRENT_FILE} file): run \`deno task build\``);
  }
  if (!/^[A-Za-z0-9._-]+$/.test(id)) {
    throw new Error(`${distDir}/${CURRENT_FILE} names an invalid build "${id}"`);
  }
  return `${distDir}/${BUILDS_DIR}/${id}`;
}
