/**
 * Renderings of a release diff: a short human summary (counts, then the first few items of each kind) for
 * the terminal and the README, and the full report as stable JSON for a file.
 *
 * The JSON is the report object under a format tag, keys in the order diffReleases builds them and lists in
 * code order, two-space indented with a final newline, so the same releases always give the same bytes.
 */
import type {
  BrickAttributeTypeChange,
  BrickAttributeValueChange,
  LevelChanges,
  MovedNode,
  PlacedNode,
  ReleaseDiff,
  ReleaseSide,
  RetitledNode,
} from "./release_diff_report.ts";

/** The format tag written at the top of a JSON report. */
export const RELEASE_DIFF_FORMAT = "gpc-release-diff/1";

/** How many items of each kind the summary shows before "… and N more". */
export const SUMMARY_ITEMS_PER_KIND = 5;

const quoted = (text: string) => JSON.stringify(text);

const itemLines = <T>(items: readonly T[], line: (item: T) => string): string[] => {
  const shown = items.slice(0, SUMMARY_ITEMS_PER_KIND).map((item) => `  ${line(item)}`);
  const more = items.length - shown.length;
  return more > 0 ? [...shown, `  … and ${more} more`] : shown;
};

const addedLine = (node: PlacedNode) =>
  `+ ${node.code} ${quoted(node.title)}${node.parent === "" ? "" : ` (in ${node.parent})`}`;
const removedLine = (node: PlacedNode) =>
  `- ${node.code} ${quoted(node.title)}${node.parent === "" ? "" : ` (was in ${node.parent})`}`;
const movedLine = (node: MovedNode) =>
  `> ${node.code} ${quoted(node.title)} moved from ${node.fromParent} to ${node.toParent}`;
const retitledLine = (node: RetitledNode) =>
  `~ ${node.code} ${quoted(node.fromTitle)} → ${quoted(node.toTitle)}`;
const typeLine = (sign: string) => (change: BrickAttributeTypeChange) =>
  `${sign} brick ${change.brick} attribute ${change.attributeType} ${quoted(change.title)}`;
const valueLine = (sign: string) => (change: BrickAttributeValueChange) =>
  `${sign} brick ${change.brick} attribute ${change.attributeType} value ${change.value} ${
    quoted(change.title)
  }`;

function levelLines(name: string, changes: LevelChanges | Omit<LevelChanges, "moved">): string[] {
  const moved = "moved" in changes ? changes.moved : null;
  const counts = [
    `${changes.added.length} added`,
    `${changes.removed.length} removed`,
    ...(moved === null ? [] : [`${moved.length} moved`]),
    `${changes.retitled.length} retitled`,
  ];
  return [
    `${name}: ${counts.join(", ")}`,
    ...itemLines(changes.added, addedLine),
    ...itemLines(changes.removed, removedLine),
    ...itemLines(moved ?? [], movedLine),
    ...itemLines(changes.retitled, retitledLine),
  ];
}

const sideText = (side: ReleaseSide) =>
  `${side.release} (${side.source}${side.language === "" ? "" : `, ${side.language}`})`;

const comparedLine = (side: ReleaseSide) =>
  `compared in ${side.release}: ${side.compared.segments} segments, ${side.compared.families} families, ` +
  `${side.compared.classes} classes, ${side.compared.bricks} bricks`;

function attributeLines(diff: ReleaseDiff): string[] {
  const attributes = diff.attributes;
  if (!attributes.comparable) return [`attributes: not comparable: ${attributes.reason}`];
  return [
    `attribute types: ${attributes.typesAdded.length} added to bricks, ${attributes.typesRemoved.length} ` +
    `removed from bricks, ${attributes.typesRetitled.length} retitled`,
    ...itemLines(attributes.typesAdded, typeLine("+")),
    ...itemLines(attributes.typesRemoved, typeLine("-")),
    ...itemLines(attributes.typesRetitled, retitledLine),
    `attribute values: ${attributes.valuesAdded.length} added, ${attributes.valuesRemoved.length} removed, ` +
    `${attributes.valuesRetitled.length} retitled`,
    ...itemLines(attributes.valuesAdded, valueLine("+")),
    ...itemLines(attributes.valuesRemoved, valueLine("-")),
    ...itemLines(attributes.valuesRetitled, retitledLine),
  ];
}

/** A short human summary of a diff: counts per change kind and the first few items of each. */
export function formatDiffSummary(diff: ReleaseDiff): string {
  const scope = diff.scope.families === null
    ? "scope: whole releases"
    : `scope: families ${diff.scope.families.join(", ")}`;
  const inNeither = diff.scope.familiesInNeither.length === 0
    ? []
    : [`warning: families found in neither release: ${diff.scope.familiesInNeither.join(", ")}`];
  const reversed = diff.older.release > diff.newer.release
    ? [`warning: the older side (${diff.older.release}) is a later release than the newer side`]
    : [];
  return [
    `GPC release diff ${sideText(diff.older)} → ${sideText(diff.newer)}`,
    scope,
    ...inNeither,
    ...reversed,
    comparedLine(diff.older),
    comparedLine(diff.newer),
    ...levelLines("segments", diff.segments),
    ...levelLines("families", diff.families),
    ...levelLines("classes", diff.classes),
    ...levelLines("bricks", diff.bricks),
    ...attributeLines(diff),
  ].join("\n") + "\n";
}

/** The whole report as stable JSON, tagged with its format, for writing to a file. */
export function diffToJson(diff: ReleaseDiff): string {
  return JSON.stringify({ format: RELEASE_DIFF_FORMAT, ...diff }, null, 2) + "\n";
}
