/**
 * The attribute schemas of the served releases, settled across them: a release whose publication carries no
 * attribute data (gpc_compile.ts) takes each brick's schema from the newest older served release that
 * publishes it, when the brick is the same there: same code, same title, same ancestry (segment, family and
 * class codes). The carried schema is labelled with the release it comes from; a brick that is new,
 * retitled or moved keeps an unknown schema, because GS1 may have changed its attributes with it.
 *
 * Each release's counts say how many of its bricks have a schema of each state (and a definition), for the
 * build report, the manifest and GET /v1/public/releases.
 */
import type { CompiledGpc } from "./gpc_compile.ts";
import type { GpcRelease } from "./gpc_model.ts";
import type { BrickRecord, CodeRecord } from "../../src/format/shard_records.ts";

/** One served release's compiled records, newest first in the list settleSchemas takes. */
export interface ServedGpc {
  readonly release: string;
  readonly gpc: CompiledGpc;
}

/** Bricks of one release by the state of their schema. */
export interface SchemaCounts {
  readonly attribute_schemas_published: number;
  readonly attribute_schemas_carried: number;
  readonly attribute_schemas_unknown: number;
}

/**
 * Carries schemas into every release's unknown bricks from older served releases (`served` newest first),
 * replacing their records in place; returns each release's counts, in the same order.
 */
export function settleSchemas(served: readonly ServedGpc[]): SchemaCounts[] {
  return served.map(({ gpc }, index) => {
    const older = served.slice(index + 1);
    const counts = { published: 0, carried: 0, unknown: 0 };
    for (const [code, brick] of gpc.bricks) {
      if (brick.attribute_schema?.state === "unknown") {
        const source = older.map((one) => one.gpc).find((other) => sameBrick(code, gpc, other));
        if (source !== undefined) carry(code, gpc, source);
      }
      counts[gpc.bricks.get(code)!.attribute_schema?.state ?? "published"]++;
    }
    return {
      attribute_schemas_published: counts.published,
      attribute_schemas_carried: counts.carried,
      attribute_schemas_unknown: counts.unknown,
    };
  });
}

/** Whether `older` publishes the schema of `code` and holds the brick with the same title and ancestry. */
function sameBrick(code: string, newer: CompiledGpc, older: CompiledGpc): boolean {
  const was = older.codes.get(code);
  const now = newer.codes.get(code)!;
  return was?.kind === "brick" && older.bricks.get(code)?.attribute_schema?.state === "published" &&
    was.title === now.title && (was.path ?? []).join("/") === (now.path ?? []).join("/");
}

function carry(code: string, into: CompiledGpc, from: CompiledGpc): void {
  const source: BrickRecord = from.bricks.get(code)!;
  const brick: BrickRecord = {
    gpc: into.bricks.get(code)!.gpc,
    attributes: source.attributes,
    attribute_schema: { state: "carried", release: source.attribute_schema!.release },
  };
  into.bricks.set(code, brick);
  const record: CodeRecord = {
    ...into.codes.get(code)!,
    attribute_count: source.attributes.length,
    attribute_schema: "carried",
  };
  into.codes.set(code, record);
}

/** The number of bricks of a release whose definition is not empty. */
export function bricksWithDefinition(release: GpcRelease): number {
  let count = 0;
  for (const segment of release.segments) {
    for (const family of segment.families) {
      for (const klass of family.classes) {
        for (const brick of klass.bricks) if (brick.definition.trim() !== "") count++;
      }
    }
  }
  return count;
}
