/**
 * The dist manifest: what a build produced, written by the compiler, trusted by the store.
 *
 * A dist directory holds `CURRENT` (the id of the build being served) and one directory per build under
 * `builds/<id>/`, each with `manifest.json` and its shards. The build id is derived from the shards'
 * hashes, so identical inputs give the same id and the same bytes.
 */
import { MSGPACK_OPTIONS } from "./shard_format.ts";

/** Name of the manifest file inside a build directory. */
export const MANIFEST_FILE = "manifest.json";
/** Name of the pointer file naming the current build. */
export const CURRENT_FILE = "CURRENT";
/** Folder of the build directories inside dist. */
export const BUILDS_DIR = "builds";
/** Version of the dist layout and manifest shape. */
export const DIST_FORMAT_VERSION = 1;

/** The shards every build has. */
export const SHARD_NAMES = [
  "codes",
  "bricks",
  "browse",
  "lexicon",
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

/** The shards compiled from the catalog snapshots (the rest come from the GPC release and curated content). */
export const CATALOG_SHARD_NAMES: readonly ShardName[] = [
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
];
/** Name of one shard. */
export type ShardName = typeof SHARD_NAMES[number];

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

/** The manifest of one build. */
export interface Manifest {
  readonly format_version: number;
  readonly shard_format_version: number;
  readonly build_id: string;
  readonly gpc_release: string;
  readonly gpc_language: string;
  readonly schema_version: string;
  readonly map_version: string;
  readonly lexicon_version: string;
  readonly msgpackr: Readonly<Record<string, unknown>>;
  readonly inputs: readonly InputEntry[];
  readonly shards: Readonly<Record<ShardName, ShardEntry>>;
  readonly counts: Readonly<Record<string, number>>;
  readonly coverage: Readonly<Record<string, unknown>>;
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
    fail(`format_version ${String(m.format_version)} is not ${DIST_FORMAT_VERSION}`);
  }
  for (const field of ["build_id", "gpc_release", "schema_version", "map_version"]) {
    if (typeof m[field] !== "string" || m[field] === "") fail(`${field} is missing`);
  }
  if (!/^v\d{8}$/.test(m.gpc_release as string)) {
    fail(`gpc_release "${String(m.gpc_release)}" is not v<YYYYMMDD>`);
  }
  if (!/^v\d+$/.test(m.schema_version as string)) {
    fail(`schema_version "${String(m.schema_version)}" is not v<number>`);
  }
  // Versions go into response headers: printable ASCII without spaces only.
  if (!/^[\x21-\x7e]+$/.test(m.map_version as string)) fail("map_version is not a valid header value");
  if (JSON.stringify(m.msgpackr) !== JSON.stringify(MSGPACK_OPTIONS)) {
    fail("msgpackr options differ from the ones this runtime decodes with");
  }
  const shards = m.shards as Record<string, unknown> | undefined;
  if (typeof shards !== "object" || shards === null) fail("shards is missing");
  for (const name of SHARD_NAMES) {
    const entry = shards![name] as Record<string, unknown> | undefined;
    if (
      typeof entry !== "object" || entry === null || typeof entry.file !== "string" ||
      typeof entry.bytes !== "number" || typeof entry.records !== "number" ||
      typeof entry.sha256 !== "string" ||
      !/^[0-9a-f]{64}$/.test(entry.sha256)
    ) fail(`shard ${name} is missing or incomplete`);
    if (/[\\/]/.test(entry!.file as string)) fail(`shard ${name} file must be a plain name`);
  }
  return value as Manifest;
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
