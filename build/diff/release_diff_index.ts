/**
 * A release flattened into one code-keyed map per hierarchy level, for comparing two releases by code.
 *
 * Each entry remembers its parent and the family it lies under, so a family restriction can be applied to
 * either side and a node found in scope on one side can still be looked up anywhere in the other. Should a
 * code appear twice in one level, the first occurrence wins. The diff does not run the build's validation:
 * its code-prefix rule would refuse the very moves (a class kept under another family) a diff reports.
 */
import type { GpcBrick, GpcRelease } from "../gpc/gpc_model.ts";

/** One hierarchy node of a release, with where it stands. */
export interface IndexedNode {
  readonly code: string;
  readonly title: string;
  /** Parent code; "" for a segment. */
  readonly parent: string;
  /** Code of the family the node is in (itself for a family); "" for a segment. */
  readonly family: string;
}

/** An indexed brick, keeping its attribute types. */
export interface IndexedBrick extends IndexedNode {
  readonly brick: GpcBrick;
}

/** A release as one map per level, in publication order. */
export interface ReleaseIndex {
  readonly segments: ReadonlyMap<string, IndexedNode>;
  readonly families: ReadonlyMap<string, IndexedNode>;
  readonly classes: ReadonlyMap<string, IndexedNode>;
  readonly bricks: ReadonlyMap<string, IndexedBrick>;
  /** Whether any brick of the release has an attribute type. */
  readonly hasAttributes: boolean;
}

const keepFirst = <T>(map: Map<string, T>, code: string, entry: T) => {
  if (!map.has(code)) map.set(code, entry);
};

/** Flattens a release into code-keyed maps per level. */
export function indexRelease(release: GpcRelease): ReleaseIndex {
  const segments = new Map<string, IndexedNode>();
  const families = new Map<string, IndexedNode>();
  const classes = new Map<string, IndexedNode>();
  const bricks = new Map<string, IndexedBrick>();
  let hasAttributes = false;
  for (const segment of release.segments) {
    keepFirst(segments, segment.code, { code: segment.code, title: segment.title, parent: "", family: "" });
    for (const family of segment.families) {
      const familyCode = family.code;
      keepFirst(families, familyCode, {
        code: familyCode,
        title: family.title,
        parent: segment.code,
        family: familyCode,
      });
      for (const gpcClass of family.classes) {
        keepFirst(classes, gpcClass.code, {
          code: gpcClass.code,
          title: gpcClass.title,
          parent: familyCode,
          family: familyCode,
        });
        for (const brick of gpcClass.bricks) {
          if (brick.attributes.length > 0) hasAttributes = true;
          keepFirst(bricks, brick.code, {
            code: brick.code,
            title: brick.title,
            parent: gpcClass.code,
            family: familyCode,
            brick,
          });
        }
      }
    }
  }
  return { segments, families, classes, bricks, hasAttributes };
}
