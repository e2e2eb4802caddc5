/**
 * Which served GPC release answers a classify or brick-attributes request: the one its `X-GPC-Release`
 * header names, or the default (the newest) when it sends none. A release the dist does not serve is a 400
 * INVALID_PARAMS listing the served ones, before any payment challenge. Each release's version headers are
 * built once per dist, so choosing costs a request one header read and one map lookup.
 *
 * Within the release, classify's `tree` parameter chooses the browse tree the ids belong to: the same
 * release's answers with that tree's records and its own X-Map-Version; a tree it does not serve is a 400
 * INVALID_PARAMS listing the served ones.
 */
import { ApiError } from "../operation/api_error.ts";
import type { FixedBody } from "../operation/fixed_body.ts";
import type { Query } from "../operation/query.ts";
import type { ReferenceStore, ReleaseSet } from "../store/reference_store.ts";
import { createReleasesAnswer } from "./releases_answer.ts";

import { RELEASE_HEADER } from "../contract/release_header.ts";

export { RELEASE_HEADER };

/** A served release with the headers its answers carry. */
export interface ChosenRelease {
  readonly store: ReferenceStore;
  /** X-GPC-Release, X-Map-Version and whatever the caller added to every release's set. */
  readonly headers: readonly [string, string][];
  /** The release as it answers for browse tree `name`; throws 400 when the release does not serve it. */
  tree(name: string): ChosenRelease;
}

/** The query parameter naming the browse tree of classify's ids. */
export const TREE_PARAMETER = "tree";

/** The served releases of one dist, by id. */
export interface ReleaseTable {
  /** The default release: what a request without the header, and every error before the choice, gets. */
  readonly fallback: ChosenRelease;
  /** Served release ids, newest first. */
  readonly served: readonly string[];
  /** The release `header` names (null: the header is absent → the default); throws 400 when not served. */
  pick(header: string | null): ChosenRelease;
  /** GET /v1/public/releases: validates its query, answers the body (rendered once) and its ETag. */
  answer(query: Query): FixedBody | Promise<FixedBody>;
}

/**
 * The table of the releases `store` serves: a dist (an OpenedStore) its releases, any other store itself
 * alone. `extra` headers are appended to each release's version headers; `tagOf` tags the releases body.
 */
export function releaseTable(
  store: ReferenceStore | (ReferenceStore & ReleaseSet),
  extra: readonly [string, string][],
  tagOf: (body: string) => Promise<string>,
): ReleaseTable {
  const set = "releaseSummaries" in store ? store : singleRelease(store);
  const byId = new Map<string, ChosenRelease>();
  for (const store of set.releases) byId.set(store.versions.gpc_release, chosen(store, extra));
  const served = [...byId.keys()];
  const fallback = byId.get(served[0]!)!;
  return {
    fallback,
    served,
    answer: createReleasesAnswer(set, tagOf),
    pick(header) {
      if (header === null) return fallback;
      const chosen = byId.get(header);
      if (chosen === undefined) throw notServed(header, served);
      return chosen;
    },
  };
}

/** A release with its version headers, and each of its trees likewise, built once. */
function chosen(store: ReferenceStore, extra: readonly [string, string][]): ChosenRelease {
  const headersOf = (one: ReferenceStore): [string, string][] => [
    [RELEASE_HEADER, one.versions.gpc_release],
    ["X-Map-Version", one.versions.map_version],
    ...extra,
  ];
  const served = store.trees ?? [];
  const trees = new Map<string, ChosenRelease>();
  const release: ChosenRelease = {
    store,
    headers: headersOf(store),
    tree(name) {
      const found = trees.get(name);
      if (found === undefined) throw treeNotServed(name, served, store.versions.gpc_release);
      return found;
    },
  };
  for (const name of served) {
    const tree = store.tree?.(name);
    if (tree === undefined) continue;
    trees.set(name, tree === store ? release : { store: tree, headers: headersOf(tree), tree: release.tree });
  }
  return release;
}

function treeNotServed(name: string, served: readonly string[], release: string): ApiError {
  const message = served.length === 0
    ? `${TREE_PARAMETER} ${JSON.stringify(name.slice(0, 64))}: GPC release ${release} answers one browse ` +
      `tree, which has no name; send no ${TREE_PARAMETER}`
    : `${TREE_PARAMETER} ${JSON.stringify(name.slice(0, 64))} is not a browse tree this service serves; it ` +
      `serves ${served.join(", ")} (send no ${TREE_PARAMETER} for the default, ${served[0]})`;
  return new ApiError(400, "INVALID_PARAMS", message, {
    issues: [{ parameter: TREE_PARAMETER, message }],
    served_trees: served,
  });
}

/** One release served alone: a store that is not a dist (handler tests). */
export function singleRelease(store: ReferenceStore): ReleaseSet {
  return {
    releases: [store],
    releaseSummaries: [{
      gpc_release: store.versions.gpc_release,
      gpc_language: "",
      map_version: store.versions.map_version,
      lexicon_version: "",
      counts: {},
      changes: null,
    }],
  };
}

function notServed(header: string, served: readonly string[]): ApiError {
  const message = `${RELEASE_HEADER} ${JSON.stringify(header.slice(0, 64))} is not a GPC release this ` +
    `service serves; it serves ${served.join(", ")} (send no ${RELEASE_HEADER} for the default, ${
      served[0]
    })`;
  return new ApiError(400, "INVALID_PARAMS", message, {
    issues: [{ parameter: RELEASE_HEADER, message }],
    served_releases: served,
  });
}
