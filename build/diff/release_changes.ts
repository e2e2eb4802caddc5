/**
 * The change summary a served release carries in the manifest and in GET /v1/public/releases: from the
 * typed release diff, the codes added, removed, moved and retitled at each level (segments cannot move),
 * and the attribute changes of the bricks in both releases counted (null when a side has no attribute data).
 * The full diff stays what `deno task build --diff` prints.
 */
import type { LevelChangeCodes, ReleaseChanges } from "../../src/format/manifest.ts";
import type { LevelChanges, ReleaseDiff, SegmentChanges } from "./release_diff_report.ts";

function codesOf(level: LevelChanges | SegmentChanges): LevelChangeCodes {
  const codes = (nodes: readonly { readonly code: string }[]) => nodes.map((node) => node.code);
  return {
    added: codes(level.added),
    removed: codes(level.removed),
    moved: "moved" in level ? codes(level.moved) : [],
    retitled: codes(level.retitled),
  };
}

/** The summary of `diff`, a diff from the next older served release. */
export function releaseChanges(diff: ReleaseDiff): ReleaseChanges {
  const attributes = diff.attributes;
  return {
    from: diff.older.release,
    segments: codesOf(diff.segments),
    families: codesOf(diff.families),
    classes: codesOf(diff.classes),
    bricks: codesOf(diff.bricks),
    attributes: attributes.comparable
      ? {
        types_added: attributes.typesAdded.length,
        types_removed: attributes.typesRemoved.length,
        types_retitled: attributes.typesRetitled.length,
        values_added: attributes.valuesAdded.length,
        values_removed: attributes.valuesRemoved.length,
        values_retitled: attributes.valuesRetitled.length,
      }
      : null,
  };
}
