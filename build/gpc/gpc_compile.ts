/**
 * Turns a normalised GPC release into the records of the `codes` and `bricks` shards: every node with
 * its level and full ancestry, every brick with its attribute types and allowed values in GS1's order,
 * and a kind for every code (segment, family, class, brick, attribute type or value).
 *
 * A publication in which no brick has an attribute type carries no attribute data (GS1's hierarchy-only
 * downloads): its bricks' schemas are `unknown`, not empty, until attribute_schemas.ts carries them from an
 * older served release. Otherwise every brick's schema is `published`, an empty one meaning "defines none".
 */
import type { GpcRelease } from "./gpc_model.ts";
import type {
  AttributeSchemaSource,
  BrickRecord,
  CodeRecord,
  GpcNodeView,
} from "../../src/format/shard_records.ts";

/** The records of one release, keyed by code, in publication order. */
export interface CompiledGpc {
  readonly codes: Map<string, CodeRecord>;
  readonly bricks: Map<string, BrickRecord>;
}

/** Compiles a (validated) release; a code seen twice keeps its first record. */
export function compileGpc(release: GpcRelease): CompiledGpc {
  const published = publishesAttributes(release);
  const schema = published ? { state: "published" as const, release: release.release } : UNKNOWN_SCHEMA;
  const codes = new Map<string, CodeRecord>();
  const bricks = new Map<string, BrickRecord>();
  const add = (code: string, record: CodeRecord) => {
    if (!codes.has(code)) codes.set(code, record);
  };
  for (const segment of release.segments) {
    const s = segment.title;
    add(segment.code, hierarchy(segment, "segment", [s, null, null, null], [segment.code], 0));
    for (const family of segment.families) {
      const f = family.title;
      add(family.code, hierarchy(family, "family", [s, f, null, null], [segment.code, family.code], 0));
      for (const klass of family.classes) {
        const c = klass.title;
        const classPath = [segment.code, family.code, klass.code];
        add(klass.code, hierarchy(klass, "class", [s, f, c, null], classPath, 0));
        for (const brick of klass.bricks) {
          const path = [...classPath, brick.code];
          const record = {
            ...hierarchy(brick, "brick", [s, f, c, brick.title], path, brick.attributes.length),
            attribute_schema: schema.state,
          };
          add(brick.code, record);
          const { level: _level, ...gpc } = record.node!;
          if (!bricks.has(brick.code)) {
            bricks.set(brick.code, {
              gpc,
              attributes: brick.attributes.map((type) => ({
                name: type.title,
                allowed_values: type.values.map((value) => value.title),
                value_count: type.values.length,
              })),
              attribute_schema: schema,
            });
          }
          for (const type of brick.attributes) {
            add(type.code, {
              kind: "attribute_type",
              title: type.title,
              active: type.active,
              attribute_count: 0,
            });
            for (const value of type.values) {
              add(value.code, {
                kind: "attribute_value",
                title: value.title,
                active: value.active,
                attribute_count: 0,
              });
            }
          }
        }
      }
    }
  }
  return { codes, bricks };
}

/** The schema of a brick no served publication describes. */
export const UNKNOWN_SCHEMA: AttributeSchemaSource = { state: "unknown", release: null };

/** Whether the publication carries attribute data: some brick of it has an attribute type. */
export function publishesAttributes(release: GpcRelease): boolean {
  return release.segments.some((segment) =>
    segment.families.some((family) =>
      family.classes.some((klass) => klass.bricks.some((brick) => brick.attributes.length > 0))
    )
  );
}

function hierarchy(
  entry: { code: string; title: string; active: boolean },
  level: GpcNodeView["level"],
  [segment, family, klass, brick]: readonly [string, string | null, string | null, string | null],
  path: readonly string[],
  attributeCount: number,
): CodeRecord {
  const node: GpcNodeView = {
    code: entry.code,
    title: entry.title,
    level,
    segment,
    family,
    class: klass,
    brick,
  };
  return {
    kind: level,
    title: entry.title,
    active: entry.active,
    node,
    path,
    attribute_count: attributeCount,
  };
}
