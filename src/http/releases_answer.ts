/**
 * GET /v1/public/releases: the GPC releases this service serves side by side, free. For each: its id, map
 * version, counts (GPC nodes, content, stale curated rows) and the change summary from the next older
 * served release (the build's typed release diff: the codes added, removed, moved and retitled per level,
 * the attribute changes counted). A client pins one with the X-GPC-Release request header.
 *
 * The body is fixed for the life of a dist, so it is rendered once, on first request, with a strong ETag.
 */
import { type FixedBody, fixedBodyAnswer } from "../operation/fixed_body.ts";
import type { Query } from "../operation/query.ts";
import type { ReleaseSet } from "../store/reference_store.ts";

/** The body of `set` (releases_schema.ts), newest release first. */
export function releasesBody(set: ReleaseSet): Record<string, unknown> {
  const defaultRelease = set.releases[0]!.versions.gpc_release;
  return {
    default_release: defaultRelease,
    releases: set.releaseSummaries.map((summary, index) => ({
      gpc_release: summary.gpc_release,
      default: summary.gpc_release === defaultRelease,
      gpc_language: summary.gpc_language,
      map_version: summary.map_version,
      schema_version: set.releases[index]!.versions.schema_version,
      lexicon_version: summary.lexicon_version,
      counts: summary.counts,
      changes: summary.changes,
      trees: (summary.trees ?? []).map((tree) => {
        const coverage = tree.coverage as {
          nodes?: number;
          unmapped?: number;
          by_level?: { brick?: number };
        };
        return {
          tree: tree.tree,
          default: tree.default,
          map_version: tree.map_version,
          nodes: tree.counts.browse_nodes ?? 0,
          mapping_rows: tree.counts.mapping_rows ?? 0,
          resolved: (coverage.nodes ?? 0) - (coverage.unmapped ?? 0),
          at_brick: coverage.by_level?.brick ?? 0,
          stale_mapping_rows: tree.counts.stale_mapping_rows ?? 0,
        };
      }),
    })),
  };
}

/** Validates a releases query (no parameters) and answers the body, rendered once per dist, with its tag. */
export function createReleasesAnswer(
  set: ReleaseSet,
  tagOf: (body: string) => Promise<string>,
): (query: Query) => FixedBody | Promise<FixedBody> {
  return fixedBodyAnswer(() => JSON.stringify(releasesBody(set)), tagOf);
}
