/** The 200 body of classify and brick-attributes: results, then the versions the answer is pinned to. */
import type { DataVersions } from "./reference_store.ts";

/** JSON text of `{ results, gpc_release, schema_version }`. */
export function versionedBody(results: readonly object[], versions: DataVersions): string {
  return JSON.stringify({
    results,
    gpc_release: versions.gpc_release,
    schema_version: versions.schema_version,
  });
}
