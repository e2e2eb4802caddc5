/**
 * `deno task curation [--data DIR] [--reference FILE] [--family CODE] [--kind KIND] [--all] [--json]`: the
 * curation report of a data folder, read and checked exactly as the build does, printed for curators;
 * nothing is written. `--reference FILE` adds the placements of another GPC publication (any format) for
 * the bricks the served ones do not describe: with a full publication (every segment's "Type of …" values,
 * e.g. ../shared/data/gpc-reference/) the report covers every segment. `--tree NAME` reports the mapping
 * table of that tree (classify's `tree` name) instead of the default tree's table and the lexicon.
 *
 * Shows the unreviewed flags grouped by GPC family (`--all` adds the reviewed ones with their reasons),
 * optionally one family or one kind; `--json` prints the shown flags as build-report.json holds them.
 * Exit status 0 when the report was made (flags or not), 1 on a problem with an input, 2 on a usage error.
 */
import { BuildError, isFileSystemError } from "../input/build_error.ts";
import { ArgumentReader } from "../input/command_arguments.ts";
import { findBuildInputs } from "../input/build_inputs.ts";
import { readPublications } from "../gpc/gpc_publications.ts";
import { splitCsvMetadata } from "../input/csv_parse.ts";
import { validateGpcRelease } from "../gpc/gpc_validate.ts";
import { compileGpc, publishesAttributes } from "../gpc/gpc_compile.ts";
import { buildPlacementIndex } from "../gpc/gpc_placements.ts";
import { mergePlacementIndexes } from "../gpc/placement_merge.ts";
import { readGpc } from "../gpc/gpc_read.ts";
import { recordingProgress } from "../progress.ts";
import { compileContent } from "./content_compile.ts";
import { curationListing, type ListingFilter, shownFlags } from "./curation_text.ts";
import { type CurationKind, KIND_ORDER } from "./curation_review.ts";

const USAGE =
  "usage: deno task curation [--data DIR] [--reference FILE] [--tree NAME] [--family CODE] [--kind KIND] [--all] " +
  "[--json]\n" +
  `       kinds: ${KIND_ORDER.join(", ")}`;

/** Parsed arguments of the curation command. */
export interface CurationArgs extends ListingFilter {
  readonly dataDir: string;
  /** A GPC publication whose placements complete the served ones'. */
  readonly reference?: string;
  /** The tree whose table to report (classify's `tree` name); the default tree and the lexicon otherwise. */
  readonly tree?: string;
  readonly json: boolean;
}

/** Parses the command's arguments; throws a usage message on anything unknown. */
export function parseCurationArgs(args: readonly string[]): CurationArgs {
  let dataDir = "data";
  let reference: string | undefined;
  let tree: string | undefined;
  let family: string | undefined;
  let kind: CurationKind | undefined;
  let all = false;
  let json = false;
  const reader = new ArgumentReader(args, USAGE);
  for (let arg = reader.next(); arg !== undefined; arg = reader.next()) {
    if (arg === "--data") dataDir = reader.directory(arg);
    else if (arg === "--reference") reference = reader.value(arg);
    else if (arg === "--tree") tree = reader.value(arg);
    else if (arg === "--family") family = familyCode(reader.value(arg));
    else if (arg === "--kind") kind = kindNamed(reader.value(arg));
    else if (arg === "--all") all = true;
    else if (arg === "--json") json = true;
    else if (arg === "--help" || arg === "-h") throw new TypeError(USAGE);
    else throw new TypeError(`unknown argument "${arg}"\n${USAGE}`);
  }
  return {
    dataDir,
    json,
    all,
    ...(reference === undefined ? {} : { reference }),
    ...(tree === undefined ? {} : { tree }),
    ...(family === undefined ? {} : { family }),
    ...(kind === undefined ? {} : { kind }),
  };
}

function familyCode(code: string): string {
  if (!/^\d{8}$/.test(code)) throw new TypeError(`--family "${code}" is not an 8-digit code\n${USAGE}`);
  return code;
}

function kindNamed(name: string): CurationKind {
  if (!KIND_ORDER.includes(name as CurationKind)) {
    throw new TypeError(`--kind "${name}" is unknown\n${USAGE}`);
  }
  return name as CurationKind;
}

/** Runs the command on its arguments (after `--curation`) and returns the exit status. */
export async function runCuration(
  args: readonly string[],
  out: (text: string) => void = (text) => console.log(text.replace(/\n$/, "")),
  err: (text: string) => void = (text) => console.error(text),
): Promise<number> {
  let options: CurationArgs;
  try {
    options = parseCurationArgs(args);
  } catch (error) {
    err(error instanceof Error ? error.message : String(error));
    return 2;
  }
  try {
    const inputs = findBuildInputs(options.dataDir);
    // Against the release the (first) mapping table declares, when data/gpc holds it; else the newest.
    const { all } = await readPublications(inputs.gpc, 1);
    const first = inputs.mappingTables[0];
    const declared = first === undefined
      ? undefined
      : splitCsvMetadata(await Deno.readTextFile(first), first).metadata.get("gpc_release");
    const index = Math.max(0, all.findIndex((read) => read.release.release === declared));
    const release = all[index]!.release;
    validateGpcRelease(release);
    const gpc = compileGpc(release);
    // A publication without attribute data places nothing: the newest older one with attributes speaks for
    // it, as in the build.
    const placing = all.slice(index).map((read) => read.release).find(publishesAttributes) ?? release;
    const indexes = [buildPlacementIndex(placing)];
    if (options.reference !== undefined) {
      const reference = await readGpc(options.reference);
      validateGpcRelease(reference);
      indexes.push(buildPlacementIndex(reference));
    }
    const content = await compileContent(
      inputs,
      gpc.codes,
      release.release,
      mergePlacementIndexes(indexes),
      recordingProgress(),
    );
    let report = content.curation;
    if (options.tree !== undefined) {
      const tree = content.trees.find((one) => one.request === options.tree);
      if (tree === undefined) {
        err(
          `curation report failed: no tree "${options.tree}" (trees: ${
            content.trees.map((one) => one.request).join(", ")
          })`,
        );
        return 1;
      }
      if (!tree.default) report = tree.report.curation as typeof report;
    }
    if (options.json) {
      out(`${JSON.stringify(shownFlags(report, options), null, 2)}\n`);
    } else {
      out(
        `curation report of ${options.dataDir} against GPC ${release.release}${
          options.reference === undefined ? "" : ` with the placements of ${options.reference}`
        }: ${curationListing(report, options)}`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof BuildError || isFileSystemError(error)) {
      err(`curation report failed: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
