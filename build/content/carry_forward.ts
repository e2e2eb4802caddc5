/**
 * Curated content carried into a GPC release it was not curated against.
 *
 * The mapping table and the lexicon each name (`# gpc_release`) the release their curators checked them
 * against. Compiled against another release, a row's code may be gone, placed elsewhere or renamed:
 *
 * - **retired**: the curated release has the code, this one does not;
 * - **absent**: this release lacks the code and the curated release's publication is not at hand to say
 *   whether it ever had it (or did not have it either);
 * - **moved**: both have it under a different ancestry (segment, family or class codes);
 * - **retitled**: both have it, same place, another title: the row carries over unchanged (answers show the
 *   new title) and is only reported.
 *
 * Retired, absent and moved rows are stale: the build reports each one, `--strict` fails on them, and
 * nothing is silently dropped. Without the curated release's publication, moves and retitles cannot be
 * told; the build warns once that it compiled the content without checking them.
 */
import type { CodeRecord } from "../../src/format/shard_records.ts";

/** Where a compiled input was curated, when that is another release than the one compiled. */
export interface CarryForward {
  /** The release the content was curated against. */
  readonly from: string;
  /** That release's codes, when data/gpc holds its publication. */
  readonly fromCodes: ReadonlyMap<string, CodeRecord> | undefined;
  /**
   * The content was curated against a newer release than the one compiled (an older release served for
   * pinning): a code the older release lacks was added after it, so it is absent, never retired.
   */
  readonly backward: boolean;
}

/** Which releases' codes the build has, for carrying content curated against one into another. */
export interface CurationOrigin {
  /** The codes of a release data/gpc holds; undefined for any other release. */
  codesOf(release: string): ReadonlyMap<string, CodeRecord> | undefined;
  /** The release content without a `# gpc_release` line counts as curated against (the default). */
  readonly undeclared: string;
}

/** A code of a curated row that the compiled release retitled. */
export interface RetitledCode {
  readonly gpc_code: string;
  readonly from_title: string;
  readonly to_title: string;
}

/** How a code carries: unchanged, stale for a reason, or retitled (carried, reported). */
export type CarriedCode =
  | { readonly stale: "retired" | "absent" | "moved"; readonly retitled?: undefined }
  | { readonly stale?: undefined; readonly retitled?: RetitledCode };

/** The carry of an input declaring `declared` into `release`; undefined when curated for that release. */
export function carryInto(
  release: string,
  declared: string | undefined,
  origin: CurationOrigin | undefined,
): CarryForward | undefined {
  const from = declared ?? origin?.undeclared ?? release;
  return from === release ? undefined : { from, fromCodes: origin?.codesOf(from), backward: from > release };
}

/** What became of `code` in the release whose codes are `codes` (`carry` undefined: curated for it). */
export function carriedCode(
  code: string,
  codes: ReadonlyMap<string, CodeRecord>,
  carry: CarryForward | undefined,
): CarriedCode {
  const now = codes.get(code);
  const was = carry?.fromCodes?.get(code);
  if (now === undefined) return { stale: was === undefined || carry!.backward ? "absent" : "retired" };
  if (was === undefined) return {};
  if ((was.path ?? []).join("/") !== (now.path ?? []).join("/")) return { stale: "moved" };
  if (was.title !== now.title) {
    return { retitled: { gpc_code: code, from_title: was.title, to_title: now.title } };
  }
  return {};
}

/** The line the build prints for content carried into another release. */
export function carryLine(
  what: string,
  release: string,
  carry: CarryForward,
  stale: number,
  retitled: number,
) {
  const checked = carry.fromCodes === undefined
    ? `; ${carry.from}'s publication is not in data/gpc, so moves and retitles are not checked`
    : "";
  return `${what} curated against ${carry.from}, compiled for ${release}: ${stale} stale, ` +
    `${retitled} retitled${checked}`;
}
