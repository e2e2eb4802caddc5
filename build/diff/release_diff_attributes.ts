/**
 * Attribute changes between the two versions of the bricks both releases contain.
 *
 * Per brick: attribute types added and removed; per brick × attribute type present on both sides: values
 * added and removed. An added type's values are not listed again, they come with the type. Titles of types and
 * values are the same under every brick of a release, so a retitle is reported once per code.
 */
import type { GpcAttributeType, GpcBrick } from "../gpc/gpc_model.ts";
import type {
  BrickAttributeTypeChange,
  BrickAttributeValueChange,
  ComparableAttributeChanges,
  RetitledNode,
} from "./release_diff_report.ts";

/** The same brick in the older and the newer release. */
export interface BrickPair {
  readonly older: GpcBrick;
  readonly newer: GpcBrick;
}

const byCode = <T extends { readonly code: string }>(entries: readonly T[]): Map<string, T> => {
  const map = new Map<string, T>();
  for (const entry of entries) if (!map.has(entry.code)) map.set(entry.code, entry);
  return map;
};

const sortedCodes = (codes: Iterable<string>): string[] => [...new Set(codes)].sort();

/** Collects code → title, first title seen, to find retitles once per code. */
class TitleBook {
  readonly older = new Map<string, string>();
  readonly newer = new Map<string, string>();
  retitled(): RetitledNode[] {
    const changes: RetitledNode[] = [];
    for (const code of sortedCodes(this.older.keys())) {
      const fromTitle = this.older.get(code)!;
      const toTitle = this.newer.get(code);
      if (toTitle !== undefined && toTitle !== fromTitle) changes.push({ code, fromTitle, toTitle });
    }
    return changes;
  }
}

/** Compares the attributes of bricks present in both releases; pairs must come sorted by brick code. */
export function diffBrickAttributes(pairs: readonly BrickPair[]): ComparableAttributeChanges {
  const typesAdded: BrickAttributeTypeChange[] = [];
  const typesRemoved: BrickAttributeTypeChange[] = [];
  const valuesAdded: BrickAttributeValueChange[] = [];
  const valuesRemoved: BrickAttributeValueChange[] = [];
  const typeTitles = new TitleBook();
  const valueTitles = new TitleBook();
  for (const { older, newer } of pairs) {
    const brick = older.code;
    const olderTypes = byCode(older.attributes);
    const newerTypes = byCode(newer.attributes);
    for (const type of olderTypes.values()) noteTitles(typeTitles.older, valueTitles.older, type);
    for (const type of newerTypes.values()) noteTitles(typeTitles.newer, valueTitles.newer, type);
    for (const code of sortedCodes([...olderTypes.keys(), ...newerTypes.keys()])) {
      const olderType = olderTypes.get(code);
      const newerType = newerTypes.get(code);
      if (olderType === undefined) typesAdded.push({ brick, attributeType: code, title: newerType!.title });
      else if (newerType === undefined) {
        typesRemoved.push({ brick, attributeType: code, title: olderType.title });
      } else {
        const olderValues = byCode(olderType.values);
        const newerValues = byCode(newerType.values);
        for (const value of sortedCodes([...olderValues.keys(), ...newerValues.keys()])) {
          const was = olderValues.get(value);
          const is = newerValues.get(value);
          if (was === undefined) valuesAdded.push({ brick, attributeType: code, value, title: is!.title });
          else if (is === undefined) {
            valuesRemoved.push({ brick, attributeType: code, value, title: was.title });
          }
        }
      }
    }
  }
  return {
    comparable: true,
    typesAdded,
    typesRemoved,
    typesRetitled: typeTitles.retitled(),
    valuesAdded,
    valuesRemoved,
    valuesRetitled: valueTitles.retitled(),
  };
}

function noteTitles(types: Map<string, string>, values: Map<string, string>, type: GpcAttributeType): void {
  if (!types.has(type.code)) types.set(type.code, type.title);
  for (const value of type.values) if (!values.has(value.code)) values.set(value.code, value.title);
}
