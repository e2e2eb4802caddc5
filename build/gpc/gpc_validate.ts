/**
 * Invariants of a normalised GPC release, checked before anything is compiled, and its headline counts.
 *
 * Code spaces: segment `NN000000`, family `NNNN0000` under its segment's first two digits, class
 * `NNNNNN00` under its family's first four, brick 8 digits starting with 1 (or GS1's `99999999` "Temporary
 * Classification"), attribute type starting with 2, attribute value starting with 3. Segment, family, class
 * and brick codes are unique across the whole hierarchy. Attribute types are shared by bricks and values by
 * types, so those codes repeat, but each keeps one title everywhere. That a brick sits directly in a class
 * cannot be seen here (the model has no other place for it): the readers check it in the file.
 */
import { BuildError } from "../input/build_error.ts";
import type { GpcRelease } from "./gpc_model.ts";

/** Headline counts of a release, as the build reports them and the manifest records them. */
export interface GpcCounts {
  readonly segments: number;
  readonly families: number;
  readonly classes: number;
  readonly bricks: number;
  /** Distinct attribute type codes. */
  readonly attribute_types: number;
  /** Distinct attribute value codes. */
  readonly attribute_values: number;
  /** Brick → attribute type pairs. */
  readonly brick_attribute_links: number;
  /** Brick → attribute type → value triples. */
  readonly brick_attribute_value_rows: number;
  readonly bricks_without_attributes: number;
}

/** Shape of every GPC code: exactly 8 ASCII digits. */
export const GPC_CODE = /^\d{8}$/;

/** A code read from a file as an 8-digit string (numbers as JSON and XLSX store them); else BuildError. */
export function eightDigitCode(raw: string | number, file: string, where: string): string {
  if (typeof raw === "number") {
    if (!Number.isInteger(raw) || raw < 0 || raw > 99999999) {
      throw new BuildError(file, where, `code ${raw} is not an 8-digit number`);
    }
    return String(raw).padStart(8, "0");
  }
  const text = raw.trim();
  if (!GPC_CODE.test(text)) throw new BuildError(file, where, `code "${raw}" is not 8 digits`);
  return text;
}

/** Counts segments, families, classes, bricks, distinct attribute types and values, links and rows. */
export function gpcCounts(release: GpcRelease): GpcCounts {
  let families = 0, classes = 0, bricks = 0, links = 0, rows = 0, bare = 0;
  const types = new Set<string>();
  const values = new Set<string>();
  for (const segment of release.segments) {
    families += segment.families.length;
    for (const family of segment.families) {
      classes += family.classes.length;
      for (const klass of family.classes) {
        bricks += klass.bricks.length;
        for (const brick of klass.bricks) {
          links += brick.attributes.length;
          if (brick.attributes.length === 0) bare++;
          for (const type of brick.attributes) {
            types.add(type.code);
            rows += type.values.length;
            for (const value of type.values) values.add(value.code);
          }
        }
      }
    }
  }
  return {
    segments: release.segments.length,
    families,
    classes,
    bricks,
    attribute_types: types.size,
    attribute_values: values.size,
    brick_attribute_links: links,
    brick_attribute_value_rows: rows,
    bricks_without_attributes: bare,
  };
}

/** Throws BuildError (naming the file and the code) at the first broken invariant of `release`. */
export function validateGpcRelease(release: GpcRelease): void {
  const file = release.source;
  const hierarchy = new Map<string, string>();
  const claim = (code: string, kind: string) => {
    const earlier = hierarchy.get(code);
    if (earlier !== undefined) {
      throw new BuildError(file, `${kind} ${code}`, `code ${code} appears twice (also as ${earlier})`);
    }
    hierarchy.set(code, kind);
  };
  const shape = (ok: boolean, kind: string, code: string, expected: string) => {
    if (!ok) throw new BuildError(file, `${kind} ${code}`, `is not a ${kind} code: expected ${expected}`);
  };
  // A family's code starts with its segment's 2 digits, a class's with its family's 4.
  const underParent = (kind: string, code: string, parentKind: string, parent: string, digits: number) =>
    shape(
      code.startsWith(parent.slice(0, digits)),
      kind,
      code,
      `a code starting with ${parent.slice(0, digits)} (its ${parentKind} ${parent})`,
    );
  const typeTitles = new Map<string, string>();
  const valueTitles = new Map<string, string>();
  const oneTitle = (
    titles: Map<string, string>,
    kind: string,
    code: string,
    title: string,
    where: string,
  ) => {
    const earlier = titles.get(code);
    if (earlier === undefined) titles.set(code, title);
    else if (earlier !== title) {
      throw new BuildError(
        file,
        where,
        `${kind} ${code} is titled "${title}" here but "${earlier}" elsewhere`,
      );
    }
  };
  let bricks = 0;
  for (const segment of release.segments) {
    shape(/^\d{2}000000$/.test(segment.code), "segment", segment.code, "NN000000");
    claim(segment.code, "segment");
    for (const family of segment.families) {
      shape(/^\d{4}0000$/.test(family.code), "family", family.code, "NNNN0000");
      underParent("family", family.code, "segment", segment.code, 2);
      claim(family.code, "family");
      for (const klass of family.classes) {
        shape(/^\d{6}00$/.test(klass.code), "class", klass.code, "NNNNNN00");
        underParent("class", klass.code, "family", family.code, 4);
        claim(klass.code, "class");
        for (const brick of klass.bricks) {
          bricks++;
          shape(/^1\d{7}$/.test(brick.code) || brick.code === "99999999", "brick", brick.code, "1NNNNNNN");
          claim(brick.code, "brick");
          const typesHere = new Set<string>();
          for (const type of brick.attributes) {
            const where = `brick ${brick.code} attribute type ${type.code}`;
            if (!/^2\d{7}$/.test(type.code)) {
              throw new BuildError(file, where, "is not an attribute type code: expected 2NNNNNNN");
            }
            if (typesHere.has(type.code)) throw new BuildError(file, where, "appears twice in the brick");
            typesHere.add(type.code);
            oneTitle(typeTitles, "attribute type", type.code, type.title, where);
            const valuesHere = new Set<string>();
            for (const value of type.values) {
              const at = `${where} value ${value.code}`;
              if (!/^3\d{7}$/.test(value.code)) {
                throw new BuildError(file, at, "is not an attribute value code: expected 3NNNNNNN");
              }
              if (valuesHere.has(value.code)) {
                throw new BuildError(file, at, "appears twice in the attribute type");
              }
              valuesHere.add(value.code);
              oneTitle(valueTitles, "attribute value", value.code, value.title, at);
            }
          }
        }
      }
    }
  }
  if (bricks === 0) throw new BuildError(file, "release", "has no bricks");
}
