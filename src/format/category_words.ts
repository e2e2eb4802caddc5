/**
 * The words of a category name or a category input, compared by kind: the build matches catalog category
 * levels with them and the runtime folds a `category` input the same way, so `snack` finds what `snacks`
 * finds. A text is compared by `nameKey` (case, accents, ®/™ and apostrophe style aside), cut into words of
 * letters and digits, and each word is folded to a stem its singular and plural share: `-ies` → `-i`
 * (berries → berri), `-ches`, `-shes`, `-xes`, `-oes` lose `-es` (peaches → peach, tomatoes → tomato), any
 * other final `-s` goes unless the word ends in `ss`, `us` or `is` or has 3 letters or fewer (snacks → snack,
 * cheeses → cheese; glass and hummus stay); then a final `-ie` or `-y` becomes `-i` (berry and berries →
 * berri, cookie and cookies → cooki). A stem is only ever compared with another stem.
 */
import { nameKey } from "./name_key.ts";

const WORD = /[\p{L}\p{N}]+/gu;

/** The stem of one lower-case word by the rules above. */
export function foldWord(word: string): string {
  if (word.length <= 3) return word;
  let stem = word;
  if (stem.endsWith("ies") && stem.length > 4) stem = stem.slice(0, -2);
  else if (/(?:ch|sh|x|o)es$/.test(stem)) stem = stem.slice(0, -2);
  else if (stem.endsWith("s") && !/(?:ss|us|is)$/.test(stem)) stem = stem.slice(0, -1);
  if (stem.endsWith("ie")) return stem.slice(0, -1);
  return stem.endsWith("y") && stem.length > 3 ? `${stem.slice(0, -1)}i` : stem;
}

/** The folded words of `text`, in order. */
export function categoryWords(text: string): string[] {
  return [...nameKey(text).matchAll(WORD)].map((m) => foldWord(m[0]));
}

/** The folded words of `text` joined by single spaces: the lookup key a `category` input is tried under last. */
export function foldedCategoryKey(text: string): string {
  return categoryWords(text).join(" ");
}
