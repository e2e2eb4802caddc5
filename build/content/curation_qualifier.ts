/**
 * The qualifier reading of a browse node's name. Retailer trees name many nodes by what sets them apart
 * from their parent: "Corn" under "Oils" is corn oil, "Rice" under "Noodles" rice noodles, "Cookies" under
 * "Baking Mixes" cookie mix. Read alone, such a name is a product GS1 places elsewhere (CORN is a Type of
 * Processed Cereal), and the curation report would call the row a mismatch. A node is read as qualifying a
 * parent when the parent resolves to a class or brick (it names a product), the node's row targets that
 * node or one inside it (the curator agreed the node is a kind of the parent's product), and the parent's
 * own name does not hold the node's name ("Shortening" under "Lard & Shortening" is a product the parent
 * lists, so it is read as it is).
 */
import type { BrowseRecord, CodeRecord } from "../../src/format/shard_records.ts";
import { normalisePhrase } from "../../src/format/phrase_normalise.ts";
import { wordForms } from "../gpc/gpc_placement_rule.ts";
import type { BrowseTree } from "./browse_tree.ts";

/** The parents ("id name") the node's name may qualify, given its row's target; empty when none. */
export function qualifiedParents(
  tree: BrowseTree,
  browse: ReadonlyMap<string, BrowseRecord>,
  codes: ReadonlyMap<string, CodeRecord>,
  id: string,
  target: string,
): string[] {
  const node = tree.nodes.get(id);
  if (node === undefined) return [];
  return node.parents.filter((parent) => {
    const resolved = browse.get(parent)?.gpc ?? null;
    if (resolved === null || (resolved.level !== "class" && resolved.level !== "brick")) return false;
    if (!(codes.get(target)?.path ?? []).includes(resolved.code)) return false;
    return !namedBy(tree.nodes.get(parent)?.name ?? "", node.name);
  }).map((parent) => `${parent} ${tree.nodes.get(parent)?.name ?? ""}`);
}

/** True when every word of `name` is a word of `parentName`, singular or plural alike. */
function namedBy(parentName: string, name: string): boolean {
  const parentWords = new Set(wordsOf(parentName).flatMap(wordForms));
  return wordsOf(name).every((word) => wordForms(word).some((form) => parentWords.has(form)));
}

function wordsOf(text: string): string[] {
  return normalisePhrase(text).split(/[^\p{L}\p{N}]+/u).filter((word) => word !== "");
}
