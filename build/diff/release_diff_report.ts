/**
 * The typed change report between two GPC publications, as `diffReleases` produces it.
 *
 * Nodes are matched by code. A hierarchy node present in both releases is "moved" when its parent code differs
 * and "retitled" when its title differs (both can hold at once). Attribute changes are listed only for bricks
 * present in both releases: an added or removed brick carries its attribute types with it, and an added or
 * removed attribute type carries its values. When either release carries no attribute data at all (no brick
 * has an attribute type, as in a hierarchy-only XLSX) the attribute section says "not comparable" instead of
 * reporting every attribute as added or removed, because the absence belongs to the file, not to the release.
 * Every list is ordered by code (then attribute type code, then value code), so equal inputs give equal reports.
 */

/** A node as it stands in one release: its code, title and the code of its parent ("" for a segment). */
export interface PlacedNode {
  readonly code: string;
  readonly title: string;
  readonly parent: string;
}

/** A node whose parent changed: same code under a different segment, family or class. */
export interface MovedNode {
  readonly code: string;
  /** Title in the newer release. */
  readonly title: string;
  readonly fromParent: string;
  readonly toParent: string;
}

/** A node or attribute entry whose title changed under the same code. */
export interface RetitledNode {
  readonly code: string;
  readonly fromTitle: string;
  readonly toTitle: string;
}

/** Changes at one level of the hierarchy below segments. */
export interface LevelChanges {
  readonly added: readonly PlacedNode[];
  readonly removed: readonly PlacedNode[];
  readonly moved: readonly MovedNode[];
  readonly retitled: readonly RetitledNode[];
}

/** Changes among segments, which have no parent and so cannot move. */
export type SegmentChanges = Omit<LevelChanges, "moved">;

/** An attribute type added to or removed from one brick. */
export interface BrickAttributeTypeChange {
  readonly brick: string;
  readonly attributeType: string;
  readonly title: string;
}

/** An attribute value added to or removed from one attribute type of one brick. */
export interface BrickAttributeValueChange {
  readonly brick: string;
  readonly attributeType: string;
  readonly value: string;
  readonly title: string;
}

/** Attribute changes when both releases carry attribute data. */
export interface ComparableAttributeChanges {
  readonly comparable: true;
  readonly typesAdded: readonly BrickAttributeTypeChange[];
  readonly typesRemoved: readonly BrickAttributeTypeChange[];
  /** Attribute types whose title changed, once per code across the compared bricks. */
  readonly typesRetitled: readonly RetitledNode[];
  readonly valuesAdded: readonly BrickAttributeValueChange[];
  readonly valuesRemoved: readonly BrickAttributeValueChange[];
  /** Attribute values whose title changed, once per code across the compared bricks. */
  readonly valuesRetitled: readonly RetitledNode[];
}

/** Attribute changes when at least one release carries no attribute data, so none can be told. */
export interface IncomparableAttributeChanges {
  readonly comparable: false;
  /** The sides with no attribute type under any brick. */
  readonly sidesWithoutAttributes: readonly ReleaseSideName[];
  /** One sentence for the reader of the report. */
  readonly reason: string;
}

/** The attribute section of a report. */
export type AttributeChanges = ComparableAttributeChanges | IncomparableAttributeChanges;

/** Which of the two releases. */
export type ReleaseSideName = "older" | "newer";

/** How many nodes of each level one side contributes to the comparison. */
export interface ComparedCounts {
  readonly segments: number;
  readonly families: number;
  readonly classes: number;
  readonly bricks: number;
}

/** One of the two compared releases. */
export interface ReleaseSide {
  readonly release: string;
  readonly language: string;
  readonly source: string;
  /** Whether any brick of the whole release has an attribute type. */
  readonly hasAttributes: boolean;
  /** Nodes of this release inside the compared scope. */
  readonly compared: ComparedCounts;
}

/** What was compared: whole releases, or only some families. */
export interface DiffScope {
  /** The requested family codes, sorted, or null when whole releases were compared. */
  readonly families: readonly string[] | null;
  /** Requested family codes found in neither release (likely a typing mistake). */
  readonly familiesInNeither: readonly string[];
}

/** The change report from an older to a newer GPC release. */
export interface ReleaseDiff {
  readonly older: ReleaseSide;
  readonly newer: ReleaseSide;
  readonly scope: DiffScope;
  readonly segments: SegmentChanges;
  readonly families: LevelChanges;
  readonly classes: LevelChanges;
  readonly bricks: LevelChanges;
  readonly attributes: AttributeChanges;
}
