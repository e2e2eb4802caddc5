/**
 * The catalog's own route of a `category` input: the category levels that name it (category_kinds.ts), and
 * what the GPC links say about those that name it only among other kinds. Each category it considers is
 * included or left out with a reason an answer can show.
 *
 * - A level that is the input (`exact`: "Pasta", "Fresh Pasta", "Cheese Premium") is included with
 *   everything under it: the retailer files its products as that kind.
 * - A level that names the input as one member of a list or as the kind of a compound (`member`, `head`:
 *   "Beans Or Pasta", "Indian Dessert") is included unless a GPC link of the category (its own or its
 *   nearest linked ancestor's) says otherwise: a link neither to, under nor above one of the input's GPC
 *   nodes, or, for an input without GPC nodes, a link whose titles do not name the input ("Mac And Cheese"
 *   is linked to Dough Based Products). A list level with categories under it includes only those of them
 *   that name the input.
 * - A level naming the input as a modifier of another kind ("Pasta Sauce") or only inside another word
 *   ("Cheesecake") is left out.
 */
import { categoryWords } from "../../src/format/category_words.ts";
import type { CodeRecord } from "../../src/format/shard_records.ts";
import type { CategoryNode } from "./catalog_nodes.ts";
import { headWord, type LevelKinds, levelKinds, nameMatch } from "./category_kinds.ts";

/** One category an input included or left out, with the reason. */
export interface CategoryVerdict {
  readonly node: number;
  readonly reason: string;
}

/** What the catalog route makes of one input. */
export interface NamedCategories {
  readonly included: readonly CategoryVerdict[];
  readonly leftOut: readonly CategoryVerdict[];
}

/** The category levels of a country, read once for every input. */
export interface CategoryNaming {
  readonly nodes: readonly CategoryNode[];
  readonly levels: readonly LevelKinds[];
  /** Each node's own GPC link or its nearest linked ancestor's (undefined when none). */
  readonly linkOf: readonly (string | undefined)[];
}

/** Reads the levels of `nodes` and their links (`linked`: node → GPC code of its own link). */
export function categoryNaming(
  nodes: readonly CategoryNode[],
  linked: ReadonlyMap<number, string>,
): CategoryNaming {
  const linkOf: (string | undefined)[] = [];
  // Nodes are numbered by sorted key, so a parent (a key prefix) comes before its children.
  nodes.forEach((node, i) =>
    linkOf.push(linked.get(i) ?? (node.parent < 0 ? undefined : linkOf[node.parent]))
  );
  return { nodes, levels: nodes.map((node) => levelKinds(node.levels[node.levels.length - 1]!)), linkOf };
}

/**
 * What the catalog route includes and leaves out for `input` (the input's text), given the input's GPC
 * nodes (`gpc`, possibly none) and the release's codes.
 */
export function namedCategories(
  naming: CategoryNaming,
  input: string,
  gpc: readonly string[],
  codes: ReadonlyMap<string, CodeRecord>,
): NamedCategories {
  const words = categoryWords(input);
  const included: CategoryVerdict[] = [], leftOut: CategoryVerdict[] = [];
  if (words.length === 0) return { included, leftOut };
  const first = words[0]!;
  naming.levels.forEach((level, node) => {
    if (!level.text.includes(first) && !level.words.includes(first)) return;
    const match = nameMatch(level, words);
    if (match === null) return;
    const own = naming.nodes[node]!.levels[naming.nodes[node]!.levels.length - 1]!;
    if (match === "exact") {
      included.push({ node, reason: `its level "${own}" is the input` });
    } else if (match === "member" || match === "head") {
      const link = naming.linkOf[node];
      const against = link === undefined ? undefined : linkVerdict(link, words, gpc, codes);
      if (against !== undefined) {
        leftOut.push({ node, reason: `its level "${own}" names the input, but it is ${against}` });
      } else if (match === "member" && naming.nodes[node]!.children.length > 0) {
        for (const child of naming.nodes[node]!.children) {
          const childMatch = nameMatch(naming.levels[child]!, words);
          if (childMatch === null || childMatch === "modifier" || childMatch === "part") {
            const name = naming.nodes[child]!.levels[naming.nodes[child]!.levels.length - 1]!;
            leftOut.push({
              node: child,
              reason:
                `it sits under "${own}", which names the input among other kinds, and "${name}" does not`,
            });
          }
        }
      } else {
        const how = match === "member" ? "as one of its kinds" : "as its kind";
        included.push({ node, reason: `its level "${own}" names the input ${how}` });
      }
    } else if (match === "modifier") {
      leftOut.push({
        node,
        reason: `its level "${own}" names the input only as a modifier of "${headWord(level)}"`,
      });
    } else {
      leftOut.push({ node, reason: `its level "${own}" holds the input only inside another word` });
    }
  });
  return { included, leftOut };
}

// Why a category linked to `link` is not of the input's kind, or undefined when the link agrees.
function linkVerdict(
  link: string,
  words: readonly string[],
  gpc: readonly string[],
  codes: ReadonlyMap<string, CodeRecord>,
): string | undefined {
  const path = codes.get(link)?.path ?? [];
  const title = `${link} ${codes.get(link)?.title ?? ""}`;
  if (gpc.length > 0) {
    // A link to one of the input's nodes, under one, or above one (a class or family holding it) agrees.
    const agrees = gpc.some((code) => path.includes(code) || (codes.get(code)?.path ?? []).includes(link));
    return agrees ? undefined : `linked to GPC ${title}, outside the input's GPC nodes`;
  }
  const named = path.some((code) => {
    const titleWords = categoryWords(codes.get(code)?.title ?? "");
    return words.every((word) => titleWords.includes(word));
  });
  return named ? undefined : `linked to GPC ${title}, whose titles do not name it`;
}
