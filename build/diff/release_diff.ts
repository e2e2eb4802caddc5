/**
 * The GPC release diff: what changed from an older to a newer publication, as a typed report.
 *
 * Optionally restricted to some families, for when one side is an excerpt: a node is compared when it lies
 * under a listed family in either release, and is then looked up anywhere in the other release, so a brick
 * that left the listed families shows as moved, not as removed. Segments are compared when they hold a listed
 * family in either release. See release_diff_report.ts for the meaning of each change kind.
 */
import type { GpcRelease } from "../gpc/gpc_model.ts";
import { type BrickPair, diffBrickAttributes } from "./release_diff_attributes.ts";
import { type IndexedNode, indexRelease, type ReleaseIndex } from "./release_diff_index.ts";
import type {
  AttributeChanges,
  LevelChanges,
  MovedNode,
  PlacedNode,
  ReleaseDiff,
  ReleaseSide,
  ReleaseSideName,
  RetitledNode,
} from "./release_diff_report.ts";

/** Options of a diff. */
export interface ReleaseDiffOptions {
  /** Compare only nodes under these family codes; whole releases when absent. */
  readonly families?: readonly string[];
}

/** Which codes of one level take part, given the family restriction. */
type InScope = (node: IndexedNode) => boolean;

const placed = (node: IndexedNode): PlacedNode => ({
  code: node.code,
  title: node.title,
  parent: node.parent,
});

/** The changes at one level, with the codes present on both sides and how many nodes each side brought. */
interface ComparedLevel extends LevelChanges {
  readonly both: readonly string[];
  readonly olderCount: number;
  readonly newerCount: number;
}

/** Compares one level by code over the nodes in scope on either side. */
function diffLevel(
  older: ReadonlyMap<string, IndexedNode>,
  newer: ReadonlyMap<string, IndexedNode>,
  inScope: InScope,
): ComparedLevel {
  const olderCodes = [...older.values()].filter(inScope).map((node) => node.code);
  const newerCodes = [...newer.values()].filter(inScope).map((node) => node.code);
  const added: PlacedNode[] = [];
  const removed: PlacedNode[] = [];
  const moved: MovedNode[] = [];
  const retitled: RetitledNode[] = [];
  const both: string[] = [];
  for (const code of [...new Set([...olderCodes, ...newerCodes])].sort()) {
    const was = older.get(code);
    const is = newer.get(code);
    if (was === undefined) added.push(placed(is!));
    else if (is === undefined) removed.push(placed(was));
    else {
      both.push(code);
      if (was.parent !== is.parent) {
        moved.push({ code, title: is.title, fromParent: was.parent, toParent: is.parent });
      }
      if (was.title !== is.title) retitled.push({ code, fromTitle: was.title, toTitle: is.title });
    }
  }
  return {
    added,
    removed,
    moved,
    retitled,
    both,
    olderCount: olderCodes.length,
    newerCount: newerCodes.length,
  };
}

function diffAttributes(
  older: ReleaseIndex,
  newer: ReleaseIndex,
  bricksInBoth: readonly string[],
  sides: { readonly older: GpcRelease; readonly newer: GpcRelease },
): AttributeChanges {
  const without: ReleaseSideName[] = [];
  if (!older.hasAttributes) without.push("older");
  if (!newer.hasAttributes) without.push("newer");
  if (without.length > 0) {
    const named = without.map((side) => `${sides[side].release} (${sides[side].source})`).join(" and ");
    return {
      comparable: false,
      sidesWithoutAttributes: without,
      reason: `${named} ${without.length > 1 ? "carry" : "carries"} no attribute data (no brick has an ` +
        "attribute type), so attribute changes cannot be told from the files",
    };
  }
  const pairs: BrickPair[] = bricksInBoth.map((code) => ({
    older: older.bricks.get(code)!.brick,
    newer: newer.bricks.get(code)!.brick,
  }));
  return diffBrickAttributes(pairs);
}

/** Compares two normalised GPC releases, optionally only within some families. */
export function diffReleases(
  older: GpcRelease,
  newer: GpcRelease,
  options: ReleaseDiffOptions = {},
): ReleaseDiff {
  const olderIndex = indexRelease(older);
  const newerIndex = indexRelease(newer);
  const families = options.families === undefined ? null : [...new Set(options.families)].sort();
  const wanted = families === null ? null : new Set(families);
  const underFamily: InScope = (node) => wanted === null || wanted.has(node.family);
  const segmentsOfFamilies = new Set(
    [...olderIndex.families.values(), ...newerIndex.families.values()].filter(underFamily).map((f) =>
      f.parent
    ),
  );
  const inSegmentScope: InScope = (node) => wanted === null || segmentsOfFamilies.has(node.code);

  const segmentLevel = diffLevel(olderIndex.segments, newerIndex.segments, inSegmentScope);
  const familyLevel = diffLevel(olderIndex.families, newerIndex.families, underFamily);
  const classLevel = diffLevel(olderIndex.classes, newerIndex.classes, underFamily);
  const brickLevel = diffLevel(olderIndex.bricks, newerIndex.bricks, underFamily);

  const side = (
    release: GpcRelease,
    index: ReleaseIndex,
    which: "olderCount" | "newerCount",
  ): ReleaseSide => ({
    release: release.release,
    language: release.language,
    source: release.source,
    hasAttributes: index.hasAttributes,
    compared: {
      segments: segmentLevel[which],
      families: familyLevel[which],
      classes: classLevel[which],
      bricks: brickLevel[which],
    },
  });
  const levelChanges = ({ added, removed, moved, retitled }: LevelChanges): LevelChanges => ({
    added,
    removed,
    moved,
    retitled,
  });
  return {
    older: side(older, olderIndex, "olderCount"),
    newer: side(newer, newerIndex, "newerCount"),
    scope: {
      families,
      familiesInNeither: (families ?? []).filter((code) =>
        !olderIndex.families.has(code) && !newerIndex.families.has(code)
      ),
    },
    segments: { added: segmentLevel.added, removed: segmentLevel.removed, retitled: segmentLevel.retitled },
    families: levelChanges(familyLevel),
    classes: levelChanges(classLevel),
    bricks: levelChanges(brickLevel),
    attributes: diffAttributes(olderIndex, newerIndex, brickLevel.both, { older, newer }),
  };
}
