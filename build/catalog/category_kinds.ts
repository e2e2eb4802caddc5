/**
 * What kind of product a catalog category level names, so that a `category` input reaches the catalog's own
 * categories where no curated GPC link does. A level's words (category_words.ts: singular, case aside) less
 * the QUALIFIERS (how a product is sold, not what it is: "Fresh Pasta", "Cheese Premium", "Cheese Block
 * Basic") are its kind; a level joining several kinds ("Pasta & Noodles", "Beans Or Pasta", "Mac And Cheese")
 * is a list of members. English compounds name their kind last: "Pasta Sauce" is a sauce, "Indian Dessert" a
 * dessert.
 *
 * How an input (its folded words) meets a level:
 * - `exact`: the level's words, or its kind, are the input ("Pasta", "Fresh Pasta", "Cheese Premium");
 * - `member`: one member of a list level is the input ("Beans Or Pasta");
 * - `head`: the kind (or a member's) ends with the input ("Indian Dessert", "Fruit Snacks");
 * - `modifier`: the level holds the input's words but names another kind ("Pasta Sauce", "Dessert Mix");
 * - `part`: a word of the level holds the input inside it ("Cheesecake" for cheese).
 */
import { categoryWords, foldWord } from "../../src/format/category_words.ts";
import { nameKey } from "../../src/format/name_key.ts";

/** Words (singular) that say how a product is sold or presented, not what it is. */
export const QUALIFIERS: ReadonlySet<string> = new Set([
  "fresh",
  "frozen",
  "filled",
  "premium",
  "basic",
  "block",
  "shredded",
  "sliced",
  "grated",
  "processed",
  "ball",
  "tray",
  "platter",
  "box",
  "assorted",
  "mixed",
  "mini",
  "organic",
  "whole",
  "classic",
  "original",
  "regular",
  "large",
  "small",
  "bulk",
  "artisan",
  "imported",
  "plain",
]);

/** How an input meets a category level. */
export type NameMatch = "exact" | "member" | "head" | "modifier" | "part";

/** A level's words and kinds. */
export interface LevelKinds {
  readonly words: readonly string[];
  /** Its words less the qualifiers; for a list, the members' kinds joined. */
  readonly kind: readonly string[];
  /** Each member's kind (one member for a level that is not a list). */
  readonly members: readonly (readonly string[])[];
  /** The level's name key, for `part` matches. */
  readonly text: string;
}

const LIST_SEPARATOR = /\s*(?:&|\+|,|\/|\band\b|\bor\b)\s*/;

/** The words and kinds of a category level. */
export function levelKinds(level: string): LevelKinds {
  const text = nameKey(level);
  const members = text.split(LIST_SEPARATOR).map((member) => kindOf(categoryWords(member)))
    .filter((member) => member.length > 0);
  return { words: categoryWords(level), kind: members.flat(), members, text };
}

/** How the input words `input` (folded) meet `level`, or null when the level does not name them. */
export function nameMatch(level: LevelKinds, input: readonly string[]): NameMatch | null {
  if (input.length === 0) return null;
  if (same(level.words, input)) return "exact";
  if (level.members.length === 1 && same(level.members[0]!, input)) return "exact";
  if (level.members.length > 1 && level.members.some((member) => same(member, input))) return "member";
  if (level.members.some((member) => member.length > input.length && endsWith(member, input))) return "head";
  if (contains(level.words, input)) return "modifier";
  const first = input[0]!;
  if (level.text.split(/[^\p{L}\p{N}]+/u).some((word) => word !== first && word.includes(first))) {
    return "part";
  }
  return null;
}

/** The word the level names its kind by (its kind's last word), for the reasons an answer gives. */
export function headWord(level: LevelKinds): string {
  return level.kind[level.kind.length - 1] ?? level.words[level.words.length - 1] ?? "";
}

// The qualifiers as category words compare them (folded: tray → trai).
const FOLDED_QUALIFIERS = new Set([...QUALIFIERS].map(foldWord));

function kindOf(words: readonly string[]): string[] {
  return words.filter((word) => !FOLDED_QUALIFIERS.has(word));
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((word, i) => word === b[i]);
}

function endsWith(words: readonly string[], tail: readonly string[]): boolean {
  return same(words.slice(words.length - tail.length), tail);
}

function contains(words: readonly string[], part: readonly string[]): boolean {
  for (let at = 0; at + part.length <= words.length; at++) {
    if (same(words.slice(at, at + part.length), part)) return true;
  }
  return false;
}
