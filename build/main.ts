/**
 * The compiler's command line: `deno task build [--data DIR] [--out DIR] [--if-stale] [--quiet]`, and
 * `deno task build --diff OLD NEW [--families CODES] [--out FILE]` for a release change report.
 *
 * Exit status 0 on success, 1 on a problem with the inputs (the message names the file and the element or
 * row), 2 on a usage error. A failed build leaves the previous dist untouched.
 */
import { buildDist, distIsCurrent } from "./build_dist.ts";
import { BuildError, isFileSystemError } from "./input/build_error.ts";
import { stderrProgress } from "./progress.ts";
import { runReleaseDiff } from "./diff/release_diff_cli.ts";

/** Options of a build run. */
export interface BuildOptions {
  readonly dataDir: string;
  readonly outDir: string;
  readonly ifStale: boolean;
  readonly quiet: boolean;
}

const USAGE = `usage: deno task build [--data DIR] [--out DIR] [--if-stale] [--quiet]
       deno task build --diff OLD NEW [--families CODE,CODE,...] [--out FILE]`;

/** Parses the build's arguments; throws a usage message on anything unknown. */
export function parseBuildArgs(args: readonly string[]): BuildOptions {
  let dataDir = "data";
  let outDir = "dist";
  let ifStale = false;
  let quiet = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const value = () => {
      const next = args[++i];
      if (next === undefined || next.startsWith("--")) throw new TypeError(`${arg} needs a value\n${USAGE}`);
      return next.replace(/\/+$/, "") || "/";
    };
    if (arg === "--data") dataDir = value();
    else if (arg === "--out") outDir = value();
    else if (arg === "--if-stale") ifStale = true;
    else if (arg === "--quiet") quiet = true;
    else if (arg === "--help" || arg === "-h") throw new TypeError(USAGE);
    else throw new TypeError(`unknown argument "${arg}"\n${USAGE}`);
  }
  return { dataDir, outDir, ifStale, quiet };
}

/** Runs the command line and returns the exit status. */
export async function main(args: readonly string[]): Promise<number> {
  if (args.includes("--diff")) return await runReleaseDiff([...args]);
  let options: BuildOptions;
  try {
    options = parseBuildArgs(args);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const progress = stderrProgress(options.quiet);
  try {
    if (options.ifStale && await distIsCurrent(options.dataDir, options.outDir)) {
      progress.line(`dist ${options.outDir} is current with ${options.dataDir}; nothing to build`);
      return 0;
    }
    await buildDist(options.dataDir, options.outDir, progress);
    return 0;
  } catch (error) {
    if (error instanceof BuildError || isFileSystemError(error)) {
      progress.line(`build failed: ${error.message}`);
      progress.line(`the previous build in ${options.outDir} (if any) is unchanged`);
      return 1;
    }
    throw error;
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
