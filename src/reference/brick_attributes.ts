/**
 * GET /v1/reference/brick-attributes: the attribute schema GPC defines for each requested brick.
 *
 * Before the payment gate every code's kind is looked up: a code that is a segment, family, class,
 * attribute type or attribute value is a 400 naming what it is; a request in which no code is a known
 * brick is a 404 NO_RESULTS, and one in which every known brick's schema is unknown in the release (it was
 * published without attribute data) a 404 ATTRIBUTE_SCHEMA_UNKNOWN: an empty list would read as "defines
 * none". After admission each known brick's schema is read, with where it comes from (`attribute_schema`);
 * an unknown code answers `gpc: null, attributes: [], attribute_schema: null` in its slot.
 */
import { ApiError } from "../operation/api_error.ts";
import type { PaidWork } from "../operation/paid_work.ts";
import { BRICK_ATTRIBUTES_OPERATION } from "../operation/operations.ts";
import type { ReferenceStore } from "../store/reference_store.ts";
import { type ParamIssue, parseQuery, type Query } from "../operation/query.ts";
import { brickAttributesQuery, fastBrickAttributes } from "./request_params.ts";
import type { AttributeSchemaSource, BrickRecord, CodeKind } from "../format/shard_records.ts";
import { jsonOf, singleBody, versionedBody } from "./versioned_body.ts";
import { flat } from "../format/flat_text.ts";

const KIND_NAMES: Readonly<Record<CodeKind, string>> = {
  segment: "a segment code",
  family: "a family code",
  class: "a class code",
  brick: "a brick code",
  attribute_type: "an attribute type code",
  attribute_value: "an attribute value code",
};

/** A gpc_code that names something other than a brick, as error.details.issues lists it. */
export interface NotABrickIssue extends ParamIssue {
  readonly value: string;
  readonly kind: CodeKind;
  readonly title: string;
}

/** Validates a brick-attributes query and rejects it when it names no known brick. */
export function prepareBrickAttributes(search: Query, store: ReferenceStore): PaidWork {
  const codes = parseQuery(brickAttributesQuery, search, fastBrickAttributes).gpc_code.split(",");
  const isBrick = new Array<boolean>(codes.length);
  const issues: NotABrickIssue[] = [];
  let bricks = 0;
  let knownSchemas = 0;
  for (const [i, code] of codes.entries()) {
    const record = store.code(code);
    isBrick[i] = record?.kind === "brick";
    if (isBrick[i]) {
      bricks++;
      if (record!.attribute_schema !== "unknown") knownSchemas++;
    } else if (record !== undefined) {
      issues.push({
        parameter: "gpc_code",
        message: `gpc_code ${code} is ${KIND_NAMES[record.kind]}, not a brick: ${
          JSON.stringify(record.title)
        }`,
        value: code,
        kind: record.kind,
        title: record.title,
      });
    }
  }
  if (issues.length > 0) {
    throw new ApiError(400, "INVALID_PARAMS", issues.map((issue) => issue.message).join("; "), { issues });
  }
  if (bricks === 0) {
    throw new ApiError(
      404,
      "NO_RESULTS",
      codes.length === 1
        ? `gpc_code ${codes[0]} is not a code of GPC release ${store.versions.gpc_release}`
        : `none of the ${codes.length} gpc_code values is a brick of GPC release ${store.versions.gpc_release}`,
      { parameter: "gpc_code", unknown: codes },
    );
  }
  if (knownSchemas === 0) {
    const release = store.versions.gpc_release;
    const unknown = [...new Set(codes.filter((_, i) => isBrick[i]))];
    throw new ApiError(
      404,
      "ATTRIBUTE_SCHEMA_UNKNOWN",
      `GPC release ${release} was published without attribute data and no served release holds ` +
        `${unknown.length === 1 ? `brick ${unknown[0]}` : "any of these bricks"} unchanged: its attributes ` +
        "are not known (pin an older release with X-GPC-Release, see GET /v1/public/releases)",
      { parameter: "gpc_code", gpc_release: release, unknown_schema: unknown },
    );
  }
  return {
    operation: { operation: BRICK_ATTRIBUTES_OPERATION, items: codes.length },
    // One brick's answer is kept whole (singleBody); a batch is seldom asked twice: its work is not kept.
    reusable: codes.length === 1,
    run: () => {
      // gpc_code is validated as 8 ASCII digits, so it needs no escaping.
      if (codes.length === 1) {
        const record = store.brick(codes[0]!);
        if (record !== undefined) {
          return singleBody(
            record,
            () => versionedBody([brickResult(codes[0]!, record, store)], store.versions),
          );
        }
      }
      const results = codes.map((gpc_code, i) =>
        brickResult(gpc_code, isBrick[i] ? store.brick(gpc_code) : undefined, store)
      );
      return versionedBody(results, store.versions);
    },
  };
}

const resultTexts = new WeakMap<
  BrickRecord,
  { readonly code: string; readonly release: string; readonly text: string }
>();

/**
 * A gpc_code result's JSON: the code, then the brick, its attributes and their source; nulls when unknown.
 * Made once per record (a record is its code's: the shard's key) and kept flat, so that a batch's join copies
 * it instead of walking a rope on every answer.
 */
function brickResult(gpc_code: string, record: BrickRecord | undefined, store: ReferenceStore): string {
  if (record === undefined) {
    return `{"gpc_code":"${gpc_code}","gpc":null,"attributes":[],"attribute_schema":null}`;
  }
  const release = store.versions.gpc_release;
  const kept = resultTexts.get(record);
  if (kept !== undefined && kept.code === gpc_code && kept.release === release) return kept.text;
  const text = flat(
    `{"gpc_code":"${gpc_code}","gpc":${jsonOf(record.gpc)},"attributes":${jsonOf(record.attributes)},` +
      `"attribute_schema":${jsonOf(schemaOf(record, release))}}`,
  );
  resultTexts.set(record, { code: gpc_code, release, text });
  return text;
}

/** The record's schema source; dists built before schemas had states held published schemas only. */
function schemaOf(record: BrickRecord, release: string): AttributeSchemaSource {
  return record.attribute_schema ?? { state: "published", release };
}
