/**
 * The compiler's command line: `deno task build [--data DIR] [--out DIR] [--keep N] [--if-stale] [--quiet]
 * [--strict]` (`--keep` defaults to GPC_RELEASES_KEEP, else 2: how many of data/gpc's releases to serve),
 * `deno task build --diff OLD NEW [--families CODES] [--out FILE]` for a release change report, and
 * `deno task curation [...]` (`--curation`) for the curation report without building.
 *
 * Exit status 0 on success, 1 on a problem with the inputs (the message names the file and the element or
 * row) or, with `--strict`, on any warning (each one listed), 2 on a usage error. A failed build leaves the
 * previous dist untouched.
 */
import { buildDist, DEFAULT_KEEP, distIsCurrent } from "./build_dist.ts";
import { BuildError, isFileSystemError } from "./input/build_error.ts";
import { stderrProgress } from "./progress.ts";
import { runReleaseDiff } from "./diff/release_diff_cli.ts";
import { runCuration } from "./content/curation_cli.ts";
import { StrictBuildError } from "./input/build_warning.ts";
import { DistWriteError } from "./dist/dist_writer.ts";
import { ArgumentReader } from "./input/command_arguments.ts";

/** Options of a build run. */
export interface BuildOptions {
  readonly dataDir: string;
  readonly outDir: string;
  readonly ifStale: boolean;
  readonly quiet: boolean;
  /** Warnings (unreviewed curation flags, stale curated rows, missing inputs…) fail the build. */
  readonly strict: boolean;
  /** How many GPC releases to serve, newest first. */
  readonly keep: number;
}

/** The most releases one build serves side by side. */
export const MAX_KEEP = 10;

const USAGE = `usage: deno task build [--data DIR] [--out DIR] [--keep N] [--if-stale] [--quiet] [--strict]
       deno task build --diff OLD NEW [--families CODE,CODE,...] [--out FILE]
       deno task curation [--data DIR] [--family CODE] [--kind KIND] [--all] [--json]`;

/**
 * Parses the build's arguments; throws a usage message on anything unknown. `keepDefault` is the value of
 * GPC_RELEASES_KEEP, if set.
 */
export function parseBuildArgs(args: readonly string[], keepDefault?: string): BuildOptions {
  let keep = keepDefault === undefined || keepDefault.trim() === ""
    ? DEFAULT_KEEP
    : keepCount(keepDefault, "GPC_RELEASES_KEEP");
  let dataDir = "data";
  let outDir = "dist";
  let ifStale = false;
  let quiet = false;
  let strict = false;
  const reader = new ArgumentReader(args, USAGE);
  for (let arg = reader.next(); arg !== undefined; arg = reader.next()) {
    if (arg === "--data") dataDir = reader.directory(arg);
    else if (arg === "--out") outDir = reader.directory(arg);
    else if (arg === "--if-stale") ifStale = true;
    else if (arg === "--quiet") quiet = true;
    else if (arg === "--strict") strict = true;
    else if (arg === "--keep") keep = keepCount(reader.value(arg), arg);
    else if (arg === "--help" || arg === "-h") throw new TypeError(USAGE);
    else throw new TypeError(`unknown argument "${arg}"\n${USAGE}`);
  }
  return { dataDir, outDir, ifStale, quiet, strict, keep };
}

function keepCount(value: string, name: string): number {
  const count = /^[0-9]{1,2}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(count >= 1 && count <= MAX_KEEP)) {
    throw new TypeError(
      `${name}=${
        JSON.stringify(value)
      } is not valid: expected a whole number from 1 to ${MAX_KEEP}\n${USAGE}`,
    );
  }
  return count;
}

/** Runs the command line and returns the exit status. */
export async function main(args: readonly string[]): Promise<number> {
  if (args.includes("--diff")) return await runReleaseDiff([...args]);
  if (args[0] === "--curation") return await runCuration(args.slice(1));
  let options: BuildOptions;
  try {
    options = parseBuildArgs(args, Deno.env.get("GPC_RELEASES_KEEP"));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const progress = stderrProgress(options.quiet);
  try {
    if (options.ifStale && await distIsCurrent(options.dataDir, options.outDir, options.keep)) {
      progress.line(`dist ${options.outDir} is current with ${options.dataDir}; nothing to build`);
      return 0;
    }
    await buildDist(options.dataDir, options.outDir, progress, {
      strict: options.strict,
      keep: options.keep,
    });
    return 0;
  } catch (error) {
    if (
      error instanceof BuildError || error instanceof StrictBuildError || error instanceof DistWriteError ||
      isFileSystemError(error)
    ) {
      progress.line(`build failed: ${error.message}`);
      progress.line(`the previous build in ${options.outDir} (if any) is unchanged`);
      return 1;
    }
    throw error;
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
