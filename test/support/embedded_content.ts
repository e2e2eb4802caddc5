/**
 * The embedded data's curated content (data/: tree, mapping table, lexicon) compiled as the build compiles
 * it for the default release: the newest publication of data/gpc, with the placement index of the newest
 * publication that carries attribute data. Compiled once per test process.
 */
import { compileContent, type CompiledContent } from "../../build/content/content_compile.ts";
import { findBuildInputs } from "../../build/input/build_inputs.ts";
import { readPublications } from "../../build/gpc/gpc_publications.ts";
import { compileGpc, publishesAttributes } from "../../build/gpc/gpc_compile.ts";
import { buildPlacementIndex } from "../../build/gpc/gpc_placements.ts";
import { recordingProgress } from "../../build/progress.ts";

let compiled: Promise<CompiledContent> | undefined;

/** The content of data/ compiled for its default release. */
export function embeddedContent(): Promise<CompiledContent> {
  compiled ??= (async () => {
    const inputs = findBuildInputs("data");
    const { all } = await readPublications(inputs.gpc, 1);
    const release = all[0]!.release;
    const placing = all.map((read) => read.release).find(publishesAttributes) ?? release;
    return await compileContent(
      inputs,
      compileGpc(release).codes,
      release.release,
      buildPlacementIndex(placing),
      recordingProgress(),
    );
  })();
  return compiled;
}
