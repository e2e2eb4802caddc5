/**
 * `deno task review-sample --seed N --reference FILE --out DIR [--data DIR] [--tree NAME] [--nodes N]
 * [--phrases N] [--own-rows]`: draws a seeded random sample of the curated content of a data folder (N nodes
 * of a browse tree with their answers, N lexicon phrases with their bricks) and writes DIR/sheet.md (the
 * answers and GS1's text, for a reviewer who did not curate them) and DIR/key.json (the items, for whoever
 * collects the verdicts). The same seed and content give the same sample.
 *
 * Exit status 0 when written, 1 on a problem with an input, 2 on a usage error.
 */
import { ArgumentReader } from "../input/command_arguments.ts";
import { BuildError, isFileSystemError } from "../input/build_error.ts";
import { findBuildInputs } from "../input/build_inputs.ts";
import { readPublications } from "../gpc/gpc_publications.ts";
import { compileGpc, publishesAttributes } from "../gpc/gpc_compile.ts";
import { buildPlacementIndex } from "../gpc/gpc_placements.ts";
import { mergePlacementIndexes } from "../gpc/placement_merge.ts";
import { readGpc } from "../gpc/gpc_read.ts";
import { compileReadContent, readContent } from "../content/content_compile.ts";
import { recordingProgress } from "../progress.ts";
import { nodeItems, phraseItems } from "./review_items.ts";
import { describeCodes, reviewSheet } from "./review_sheet.ts";

const USAGE =
  "usage: deno task review-sample --seed N --reference FILE --out DIR [--data DIR] [--tree NAME] " +
  "[--nodes N] [--phrases N] [--own-rows]";

/** The command's options. */
export interface ReviewOptions {
  readonly seed: number;
  readonly reference: string;
  readonly out: string;
  readonly dataDir: string;
  readonly tree: string | undefined;
  readonly nodes: number;
  readonly phrases: number;
  readonly ownRows: boolean;
}

/** Parses the arguments; throws a usage message on anything missing or unknown. */
export function parseReviewArgs(args: readonly string[]): ReviewOptions {
  let seed: number | undefined;
  let reference: string | undefined;
  let out: string | undefined;
  let dataDir = "data";
  let tree: string | undefined;
  let nodes = 40;
  let phrases = 40;
  let ownRows = false;
  const count = (arg: string, value: string) => {
    if (!/^\d{1,9}$/.test(value)) {
      throw new TypeError(`${arg} "${value}" is not a whole number below 10⁹\n${USAGE}`);
    }
    return Number(value);
  };
  const reader = new ArgumentReader(args, USAGE);
  for (let arg = reader.next(); arg !== undefined; arg = reader.next()) {
    if (arg === "--seed") seed = count(arg, reader.value(arg));
    else if (arg === "--reference") reference = reader.value(arg);
    else if (arg === "--out") out = reader.value(arg);
    else if (arg === "--data") dataDir = reader.directory(arg);
    else if (arg === "--tree") tree = reader.value(arg);
    else if (arg === "--nodes") nodes = count(arg, reader.value(arg));
    else if (arg === "--phrases") phrases = count(arg, reader.value(arg));
    else if (arg === "--own-rows") ownRows = true;
    else throw new TypeError(`unknown argument "${arg}"\n${USAGE}`);
  }
  if (seed === undefined || reference === undefined || out === undefined) {
    throw new TypeError(`--seed, --reference and --out are required\n${USAGE}`);
  }
  return { seed, reference, out, dataDir, tree, nodes, phrases, ownRows };
}

/** Runs the command; returns the exit status. */
export async function runReviewSample(args: readonly string[]): Promise<number> {
  let options: ReviewOptions;
  try {
    options = parseReviewArgs(args);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  try {
    const inputs = findBuildInputs(options.dataDir);
    const { all } = await readPublications(inputs.gpc, 1);
    const release = all[0]!.release;
    const reference = await readGpc(options.reference);
    const placing = all.map((read) => read.release).find(publishesAttributes) ?? release;
    const index = mergePlacementIndexes([buildPlacementIndex(placing), buildPlacementIndex(reference)]);
    const progress = recordingProgress();
    const read = await readContent(inputs, progress);
    const content = compileReadContent(read, compileGpc(release).codes, release.release, index, progress);
    const tree = options.tree ?? content.trees[0]?.request;
    const trees = new Map(read.trees.map((one) => [one.request, one.read.tree]));
    const items = [
      ...(tree === undefined || options.nodes === 0
        ? []
        : nodeItems(content, trees, tree, options.nodes, options.seed, options.ownRows)),
      ...(options.phrases === 0 ? [] : phraseItems(content, options.phrases, options.seed)),
    ];
    const title = `Review sample (seed ${options.seed}, GPC ${release.release})`;
    await Deno.mkdir(options.out, { recursive: true });
    await Deno.writeTextFile(
      `${options.out}/sheet.md`,
      reviewSheet(title, items, describeCodes(reference), index),
    );
    await Deno.writeTextFile(`${options.out}/key.json`, `${JSON.stringify(items, null, 2)}\n`);
    console.log(`wrote ${items.length} items to ${options.out}/sheet.md and ${options.out}/key.json`);
    return 0;
  } catch (error) {
    if (error instanceof BuildError || isFileSystemError(error)) {
      console.error(`review sample failed: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

if (import.meta.main) Deno.exit(await runReviewSample(Deno.args));
