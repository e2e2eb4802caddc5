/**
 * The normalised GS1 GPC model that every publication reader (XML, JSON, XLSX) produces.
 *
 * Children keep the order of the publication ("as GS1 orders them": by title, case-insensitively, with the
 * rare exception GS1 itself makes), so the compiled output of the same content is identical whichever format
 * it was read from. Codes are 8-digit strings; titles and definitions are the publication's text, with
 * missing definitions as "". Formats without an active flag (XLSX) report every node as active.
 */

/** Fields every GPC node carries. */
export interface GpcEntry {
  readonly code: string;
  readonly title: string;
  readonly definition: string;
  readonly active: boolean;
}

/** An attribute value as listed under one attribute type of one brick. */
export type GpcAttributeValue = GpcEntry;

/** An attribute type under one brick, with the values it allows for that brick. */
export interface GpcAttributeType extends GpcEntry {
  readonly values: readonly GpcAttributeValue[];
}

/** A brick (level 4), the leaf of the hierarchy, with its attribute types. */
export interface GpcBrick extends GpcEntry {
  readonly definitionExcludes: string;
  readonly attributes: readonly GpcAttributeType[];
}

/** A class (level 3). */
export interface GpcClass extends GpcEntry {
  readonly bricks: readonly GpcBrick[];
}

/** A family (level 2). */
export interface GpcFamily extends GpcEntry {
  readonly classes: readonly GpcClass[];
}

/** A segment (level 1). */
export interface GpcSegment extends GpcEntry {
  readonly families: readonly GpcFamily[];
}

/** One GPC publication, normalised. */
export interface GpcRelease {
  /** `v<YYYYMMDD>`, taken from the file (`dateUtc` or the name), never typed by hand. */
  readonly release: string;
  /** Language code of the publication, upper case (`EN`), or "" when the file does not say. */
  readonly language: string;
  /** The file the release was read from, for messages. */
  readonly source: string;
  readonly segments: readonly GpcSegment[];
}

/** Progress callback of long reads: bytes consumed so far of the total. */
export type ReadProgress = (done: number, total: number) => void;
