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
import type { AttributeSchemaSource, BrickRecord, CodeKind, CodeRecord } from "../format/shard_records.ts";
import { FifoMap } from "../format/fifo_map.ts";
import { asciiBytes } from "../operation/ascii_bytes.ts";
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
  const codes = new ListedCodes(parseQuery(brickAttributesQuery, search, fastBrickAttributes).gpc_code);
  const issues: NotABrickIssue[] = [];
  let bricks = 0;
  let knownSchemas = 0;
  const count = codes.count;
  const entries = new Array<CodeEntry | undefined>(count);
  const kept = keptEntries(store);
  const keys = codes.keys();
  // Found in a loop of their own, so that the reads of the entries, which miss the CPU caches at full scale,
  // are waited for together.
  for (let i = 0; i < count; i++) entries[i] = codeEntry(store, kept, codes, keys[i]!, i);
  for (let i = 0; i < count; i++) {
    const entry = entries[i];
    if (entry === undefined) continue;
    if (entry.brick) {
      bricks++;
      if (entry.schemaKnown) knownSchemas++;
      continue;
    }
    const { record } = entry;
    const code = codes.code(i);
    issues.push({
      parameter: "gpc_code",
      message: `gpc_code ${code} is ${KIND_NAMES[record.kind]}, not a brick: ${JSON.stringify(record.title)}`,
      value: code,
      kind: record.kind,
      title: record.title,
    });
  }
  if (issues.length > 0) {
    throw new ApiError(400, "INVALID_PARAMS", issues.map((issue) => issue.message).join("; "), { issues });
  }
  if (bricks === 0) {
    throw new ApiError(
      404,
      "NO_RESULTS",
      count === 1
        ? `gpc_code ${codes.code(0)} is not a code of GPC release ${store.versions.gpc_release}`
        : `none of the ${count} gpc_code values is a brick of GPC release ${store.versions.gpc_release}`,
      { parameter: "gpc_code", unknown: codes.list() },
    );
  }
  if (knownSchemas === 0) {
    const release = store.versions.gpc_release;
    const unknown = [...new Set(codes.list().filter((_, i) => entries[i]?.brick === true))];
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
    operation: { operation: BRICK_ATTRIBUTES_OPERATION, items: count },
    // One brick's answer is kept whole (singleBody); a batch is seldom asked twice: its work is not kept.
    reusable: count === 1,
    run: () => {
      // gpc_code is validated as 8 ASCII digits, so it needs no escaping.
      if (count === 1) {
        const code = codes.code(0);
        const record = store.brick(code);
        if (record !== undefined) {
          return singleBody(record, () => versionedBody([brickResult(code, record, store)], store.versions));
        }
      }
      const results = new Array<string>(count);
      for (let i = 0; i < count; i++) {
        const entry = entries[i];
        if (entry?.brick !== true) results[i] = brickResult(codes.code(i), undefined, store);
        else if (entry.text !== undefined) results[i] = entry.text;
        else {
          const code = codes.code(i);
          results[i] = entry.text = brickResult(code, store.brick(code), store);
        }
      }
      return versionedBody(results, store.versions);
    },
  };
}

/** A known code's record in a store, what the validation reads of it, and once asked, a brick's result text. */
interface CodeEntry {
  readonly record: CodeRecord;
  readonly brick: boolean;
  /** A brick whose attribute schema the release knows. */
  readonly schemaKnown: boolean;
  text: string | undefined;
}

const codeEntries = new WeakMap<ReferenceStore, FifoMap<string | number, CodeEntry>>();
/** Known codes kept per store, at most (the oldest goes first): a release has fewer (6,450 embedded). */
export const CODE_ENTRIES_KEPT = 65_536;

/** The entries kept for `store`'s codes. */
function keptEntries(store: ReferenceStore): FifoMap<string | number, CodeEntry> {
  let kept = codeEntries.get(store);
  if (kept === undefined) codeEntries.set(store, kept = new FifoMap(CODE_ENTRIES_KEPT));
  return kept;
}

/** A code's length, and the length of a code and the comma after it. */
const CODE_LENGTH = 8, CODE_STRIDE = CODE_LENGTH + 1;
const ZERO = 48;

/**
 * A validated gpc_code parameter (1 to 100 codes of exactly 8 ASCII digits with commas between them), read in
 * place: code i is at `CODE_STRIDE * i`. Its codes' map keys are read from its bytes (`asciiBytes`) in one
 * pass, and a code is cut out as a string only where it is written or looked up in a shard (a code not kept
 * yet, a result made for the first time, an error). Against splitting the text into 100 strings and reading
 * each one's key (`mapKey`), a batch of 100 bricks is answered at 1.09–1.17 times the requests/s with 9–15 %
 * less CPU a request, embedded and at full scale (docs/performance.md).
 */
class ListedCodes {
  readonly count: number;
  constructor(readonly text: string) {
    this.count = (text.length + 1) / CODE_STRIDE;
  }

  code(i: number): string {
    return this.text.slice(CODE_STRIDE * i, CODE_STRIDE * i + CODE_LENGTH);
  }

  /** Each code's `mapKey`: its number, or the code itself when it starts with a zero (as `mapKey` has it). */
  keys(): (string | number)[] {
    const count = this.count, keys = new Array<string | number>(count);
    const bytes = asciiBytes(this.text)!;
    for (let i = 0, at = 0; i < count; i++, at += CODE_STRIDE) {
      if (bytes[at] === ZERO) keys[i] = this.code(i);
      else {
        let value = 0;
        for (let j = at; j < at + CODE_LENGTH; j++) value = value * 10 + bytes[j]! - ZERO;
        keys[i] = value;
      }
    }
    return keys;
  }

  list(): string[] {
    return Array.from({ length: this.count }, (_, i) => this.code(i));
  }
}

/**
 * The entry of code i, whose key is `key`, in `store`; undefined when the store does not know the code
 * (looked up each time). Found by the code's number, in place of a probe of the codes shard, then of the
 * bricks shard and a lookup of the result text by record: at full scale, where these reads miss the CPU
 * caches, a batch of 100 bricks spent half its time in them (docs/performance.md).
 */
function codeEntry(
  store: ReferenceStore,
  kept: FifoMap<string | number, CodeEntry>,
  codes: ListedCodes,
  key: string | number,
  i: number,
): CodeEntry | undefined {
  let entry = kept.get(key);
  if (entry === undefined) {
    const record = store.code(codes.code(i));
    if (record === undefined) return undefined;
    const brick = record.kind === "brick";
    entry = { record, brick, schemaKnown: brick && record.attribute_schema !== "unknown", text: undefined };
    kept.set(key, entry);
  }
  return entry;
}

/**
 * A gpc_code result's JSON: the code, then the brick, its attributes and their source; nulls when unknown.
 * Made flat, so that a batch's join copies it instead of walking a rope on every answer; kept by the caller
 * (a batch in the code's entry, one brick's whole body by `singleBody`).
 */
function brickResult(gpc_code: string, record: BrickRecord | undefined, store: ReferenceStore): string {
  if (record === undefined) {
    return `{"gpc_code":"${gpc_code}","gpc":null,"attributes":[],"attribute_schema":null}`;
  }
  const release = store.versions.gpc_release;
  return flat(
    `{"gpc_code":"${gpc_code}","gpc":${jsonOf(record.gpc)},"attributes":${jsonOf(record.attributes)},` +
      `"attribute_schema":${jsonOf(schemaOf(record, release))}}`,
  );
}

/** The record's schema source; dists built before schemas had states held published schemas only. */
function schemaOf(record: BrickRecord, release: string): AttributeSchemaSource {
  return record.attribute_schema ?? { state: "published", release };
}
