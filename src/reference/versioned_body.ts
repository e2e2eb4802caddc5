/**
 * The 200 body of classify and brick-attributes: results, then the versions the answer is pinned to.
 *
 * Records are immutable and the store hands out one object per record, so each record's JSON text is
 * computed once and kept (`jsonOf`); a body is then assembled by concatenation, which is what keeps a
 * 100-item answer cheap.
 */
import type { DataVersions } from "../store/reference_store.ts";

const texts = new WeakMap<object, string>();

/** JSON text of `value`, computed once per object for the life of the object. */
export function jsonOf(value: object): string {
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text;
}

/** JSON text of `{ results, gpc_release, schema_version }` from the results' JSON texts. */
export function versionedBody(results: readonly string[], versions: DataVersions): string {
  return `{"results":[${results.join(",")}],"gpc_release":${JSON.stringify(versions.gpc_release)},` +
    `"schema_version":${JSON.stringify(versions.schema_version)}}`;
}
