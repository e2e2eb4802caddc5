/**
 * Stale curated rows as build warnings: each names its file and line, the release it is stale in and why,
 * so that `--strict` (a CI that wants curators to look first) fails listing exactly the rows to re-curate.
 */
import type { BuildWarning } from "../input/build_warning.ts";
import type { StaleRow } from "./mapping_inheritance.ts";
import type { StalePhrase } from "./lexicon_reader.ts";

/** What each stale reason means, in a warning. */
const REASONS: Readonly<Record<string, string>> = {
  inactive: "is inactive",
  moved: "was moved to another place in the hierarchy",
  retired: "was retired",
  absent: "is not",
  attribute_type: "is an attribute type, not a hierarchy node,",
  attribute_value: "is an attribute value, not a hierarchy node,",
};

/** One warning per stale mapping row and per stale lexicon phrase of `release`. */
export function staleWarnings(
  file: string,
  release: string,
  rows: readonly StaleRow[],
  phrases: readonly StalePhrase[],
): BuildWarning[] {
  return [
    ...rows.map((row) => ({
      file,
      where: `line ${row.line}`,
      message: `stale mapping row in ${release}: browse_id ${row.browse_id} → ${row.gpc_code}, which ` +
        `${REASONS[row.reason]} in ${release}`,
    })),
    ...phrases.map((phrase) => ({
      file,
      where: `line ${phrase.line}`,
      message: `stale lexicon phrase in ${release}: "${phrase.phrase}" answers blank: ` +
        phrase.stale.map((code) => `${code.gpc_code} ${REASONS[code.reason]}`).join(", ") + ` in ${release}`,
    })),
  ];
}
