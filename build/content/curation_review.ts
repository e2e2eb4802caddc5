/**
 * The kinds of curation flag, and the review marker with which a curator keeps a flagged row.
 *
 * A flag is a warning, not an error: GS1's attribute values are evidence, not an oracle. A curator who keeps
 * a flagged row writes, in that row's `note` column (mapping table or lexicon), a marker
 *
 *     reviewed <kind>: <reason>
 *
 * for each kind flagged on the row ("… Includes croissants. reviewed placement_partial: only the frozen
 * case is sold here"). The reason runs to the next marker or the end of the note and must not be empty. A
 * marker naming an unknown kind, a kind twice, or no reason stops the build with the file and line, so a
 * typo cannot silently leave a flag unreviewed. A marker on a row that no longer has that flag is listed
 * as a stale review.
 */
import { BuildError } from "../input/build_error.ts";

/** Every kind of flag, with what it means for the row. */
export const CURATION_KINDS = {
  placement_mismatch: "the curated target is none of the bricks GS1 places the name in, nor holds one",
  placement_partial: "GS1 also places the name in bricks the curated target leaves out",
  close_match_on_type: "closeMatch to a brick that lists the node as one of its types: the node is narrower",
  exact_match_on_broad_brick:
    "exactMatch to a brick that lists several product types: the node must hold all",
  coarse_target: "a class, family or segment where GS1 places the name in one brick or one class",
  content_outside_target:
    "exactMatch or narrowerThan to a node while a descendant's own row maps outside it: the claim fails",
} as const;

/** A kind of curation flag. */
export type CurationKind = keyof typeof CURATION_KINDS;

/** The kinds in report order. */
export const KIND_ORDER = Object.keys(CURATION_KINDS) as CurationKind[];

const MARKER = /\b[Rr]eviewed ([a-z]+(?:_[a-z]+)+):/g;

/** The review markers of one note: kind → the curator's reason; throws BuildError on a malformed one. */
export function reviewMarkers(note: string, file: string, line: number): Map<CurationKind, string> {
  const reviews = new Map<CurationKind, string>();
  const found = [...note.matchAll(MARKER)];
  found.forEach((match, at) => {
    const kind = match[1]!;
    const where = `line ${line}`;
    if (!(kind in CURATION_KINDS)) {
      throw new BuildError(file, where, `"reviewed ${kind}:" names no flag kind (${KIND_ORDER.join(", ")})`);
    }
    if (reviews.has(kind as CurationKind)) throw new BuildError(file, where, `${kind} is reviewed twice`);
    const end = found[at + 1]?.index ?? note.length;
    const reason = note.slice(match.index + match[0].length, end).trim().replace(/[;,]$/, "").trim();
    if (reason === "") throw new BuildError(file, where, `"reviewed ${kind}:" gives no reason`);
    reviews.set(kind as CurationKind, reason);
  });
  return reviews;
}
