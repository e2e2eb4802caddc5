/**
 * The parts of a precomputed answer that every answer of its shard repeats are written once per country
 * (catalog_records.ts: SHARED_TEXT_KEY, a list of texts) and marked, in order, in each fragment: the fixed
 * members of the `method` object, an agency's caveat.
 */
import { RECORD_TEXT_MARK, SHARED_TEXT_KEY, SHARED_TEXT_MARK } from "../../src/format/catalog_records.ts";

/** The mark of the next shared text. */
export const MARK = SHARED_TEXT_MARK;
/** The mark of the record's common text. */
export const RECORD_MARK = RECORD_TEXT_MARK;

/** `"method":{<mark>,"outliers_excluded":n}`: the method's fixed members are a shared text. */
export function methodMember(outliersExcluded: number): string {
  return `"method":{${MARK},"outliers_excluded":${outliersExcluded}}`;
}

/** The members of `fixed` as JSON text without the braces: the shared text of a method's fixed members. */
export function members(fixed: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(fixed).slice(1, -1);
}

/** The shared-text record of a shard, its texts in the order their marks appear in every fragment. */
export function sharedRecord(...texts: string[]): [string, readonly string[]] {
  return [SHARED_TEXT_KEY, texts];
}
