/**
 * Builders of small GpcRelease values for the release diff tests: each node takes code, title and children,
 * with empty definitions and every node active, as the diff looks at codes, titles and placement only.
 */
import type {
  GpcAttributeType,
  GpcAttributeValue,
  GpcBrick,
  GpcClass,
  GpcFamily,
  GpcRelease,
  GpcSegment,
} from "../../../build/gpc/gpc_model.ts";

const entry = (code: string, title: string) => ({ code, title, definition: "", active: true });

/** An attribute value. */
export const value = (code: string, title: string): GpcAttributeValue => entry(code, title);

/** An attribute type with its values. */
export const attType = (code: string, title: string, values: GpcAttributeValue[] = []): GpcAttributeType => ({
  ...entry(code, title),
  values,
});

/** A brick with its attribute types. */
export const brick = (code: string, title: string, attributes: GpcAttributeType[] = []): GpcBrick => ({
  ...entry(code, title),
  definitionExcludes: "",
  attributes,
});

/** A class with its bricks. */
export const gpcClass = (code: string, title: string, bricks: GpcBrick[]): GpcClass => ({
  ...entry(code, title),
  bricks,
});

/** A family with its classes. */
export const family = (code: string, title: string, classes: GpcClass[]): GpcFamily => ({
  ...entry(code, title),
  classes,
});

/** A segment with its families. */
export const segment = (code: string, title: string, families: GpcFamily[]): GpcSegment => ({
  ...entry(code, title),
  families,
});

/** A release read from `<release>.xml`. */
export const release = (id: string, segments: GpcSegment[]): GpcRelease => ({
  release: id,
  language: "EN",
  source: `${id}.xml`,
  segments,
});
