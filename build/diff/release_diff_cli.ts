/**
 * The release diff command: `deno task build --diff OLD NEW [--families CODE,CODE,...] [--out FILE]`.
 *
 * Reads both publications with readGpc (any format it knows), prints the summary on stdout and, with --out,
 * writes the full JSON report. Exit status 0 on success, 1 on a problem with an input or the output file
 * (the message names the file and the place), 2 on a usage error. The reads and writes go through a small
 * seam so the command can be tested on releases made in memory.
 */
import { BuildError, isFileSystemError } from "../input/build_error.ts";
import { ArgumentReader } from "../input/command_arguments.ts";
import type { GpcRelease } from "../gpc/gpc_model.ts";
import { readGpc } from "../gpc/gpc_read.ts";
import { diffReleases } from "./release_diff.ts";
import { diffToJson, formatDiffSummary } from "./release_diff_format.ts";

/** What the diff command reads, writes and prints through. */
export interface ReleaseDiffIo {
  readonly read: (path: string) => Promise<GpcRelease>;
  readonly writeText: (path: string, text: string) => Promise<void>;
  /** Standard output: the summary. */
  readonly out: (text: string) => void;
  /** Standard error: problems and notes. */
  readonly err: (text: string) => void;
}

/** The parsed arguments of a diff run. */
export interface ReleaseDiffArgs {
  readonly olderPath: string;
  readonly newerPath: string;
  /** Family codes to restrict to, or null for whole releases. */
  readonly families: readonly string[] | null;
  /** Where to write the JSON report, or null to print the summary only. */
  readonly outPath: string | null;
}

const USAGE = "usage: deno task build --diff OLD NEW [--families CODE,CODE,...] [--out FILE]";

const FAMILY_CODE = /^\d{4}0000$/;

/** Parses `--diff OLD NEW [--families CODES] [--out FILE]`; throws a TypeError carrying the usage on misuse. */
export function parseReleaseDiffArgs(args: readonly string[]): ReleaseDiffArgs {
  let paths: [string, string] | null = null;
  let families: string[] | null = null;
  let outPath: string | null = null;
  const reader = new ArgumentReader(args, USAGE);
  for (let arg = reader.next(); arg !== undefined; arg = reader.next()) {
    if (arg === "--diff") paths = [reader.value(arg), reader.value(arg)];
    else if (arg === "--families") families = parseFamilies(reader.value(arg));
    else if (arg === "--out") outPath = reader.value(arg);
    else if (arg === "--help" || arg === "-h") throw new TypeError(USAGE);
    else throw new TypeError(`unknown argument "${arg}" for --diff\n${USAGE}`);
  }
  if (paths === null) throw new TypeError(`--diff needs the older and the newer publication\n${USAGE}`);
  return { olderPath: paths[0], newerPath: paths[1], families, outPath };
}

function parseFamilies(list: string): string[] {
  const codes = list.split(",").map((code) => code.trim()).filter((code) => code !== "");
  if (codes.length === 0) throw new TypeError(`--families needs at least one family code\n${USAGE}`);
  for (const code of codes) {
    if (!FAMILY_CODE.test(code)) {
      throw new TypeError(`--families: "${code}" is not a family code (8 digits ending in 0000)\n${USAGE}`);
    }
  }
  return codes;
}

const defaultIo: ReleaseDiffIo = {
  read: (path) => readGpc(path),
  writeText: (path, text) => Deno.writeTextFile(path, text),
  out: (text) => console.log(text.replace(/\n$/, "")),
  err: (text) => console.error(text.replace(/\n$/, "")),
};

/** Runs the diff command on its arguments (including `--diff`) and returns the exit status. */
export async function runReleaseDiff(
  args: readonly string[],
  io: ReleaseDiffIo = defaultIo,
): Promise<number> {
  let parsed: ReleaseDiffArgs;
  try {
    parsed = parseReleaseDiffArgs(args);
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    return 2;
  }
  try {
    const older = await readRelease(io, parsed.olderPath);
    const newer = await readRelease(io, parsed.newerPath);
    const diff = diffReleases(older, newer, parsed.families === null ? {} : { families: parsed.families });
    io.out(formatDiffSummary(diff));
    if (parsed.outPath !== null) {
      await writeReport(io, parsed.outPath, diffToJson(diff));
      io.err(`report written to ${parsed.outPath}`);
    }
    return 0;
  } catch (error) {
    if (error instanceof BuildError) {
      io.err(`diff failed: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

/** File system errors (missing file, no permission) are input problems, so they become BuildErrors. */
async function readRelease(io: ReleaseDiffIo, path: string): Promise<GpcRelease> {
  try {
    return await io.read(path);
  } catch (error) {
    if (!isFileSystemError(error)) throw error;
    throw new BuildError(path, "file", `cannot be read: ${(error as Error).message}`);
  }
}

async function writeReport(io: ReleaseDiffIo, path: string, json: string): Promise<void> {
  try {
    await io.writeText(path, json);
  } catch (error) {
    throw new BuildError(
      path,
      "--out",
      `cannot write the report: ${error instanceof Error ? error.message : error}`,
    );
  }
}
