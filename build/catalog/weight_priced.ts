/**
 * Prices whose basis the source does not state. Canadian flyers price fresh meat, poultry and fish by weight
 * ("$2.19 /lb, $4.83/kg") and the flyer scrape keeps only the number: a $2.19 "Frozen Grade A Turkey" is a
 * price per pound, not a turkey for $2.19; yet a $15 boneless turkey roast of the same department is a price
 * per item. Without a stated pack the two cannot be told apart, so such a price is `unstated`: never ranked
 * or compared with prices per item, and without a unit price (its unit, lb, kg or 100 g, is not known).
 *
 * Rule (documented in data/catalog/README.md): an observation whose texts state no pack size, in a fresh
 * meat, poultry or seafood department (the category's first level is one of WEIGHT_DEPARTMENTS) or in a
 * category of whole birds in any department (its last level's words are all WHOLE_BIRD_WORDS: "Frozen >
 * Turkey", where the $2.77 Butterball turkey of the shared flyer is the one its meat department prices per
 * pound), whose product name or source name names a cut sold by weight (WEIGHT_CUTS) and no processed or
 * packaged form (PACKAGED_FORMS), has an unstated price basis.
 */
import { nameKey } from "../../src/format/name_key.ts";

/** First category levels (by name key) of fresh meat, poultry and seafood departments. */
export const WEIGHT_DEPARTMENTS: ReadonlySet<string> = new Set([
  "meat & seafood",
  "meat and seafood",
  "meat",
  "seafood",
  "poultry",
  "fish",
  "fish & seafood",
  "meat & poultry",
]);

/** Words (singular) of a category level that holds whole birds ("Turkey", "Chicken Whole"). */
export const WHOLE_BIRD_WORDS: ReadonlySet<string> = new Set([
  "turkey",
  "chicken",
  "duck",
  "goose",
  "hen",
  "whole",
]);

/** Words (singular) of cuts and whole animals sold by weight. */
export const WEIGHT_CUTS: ReadonlySet<string> = new Set([
  "turkey",
  "chicken",
  "breast",
  "thigh",
  "drumstick",
  "wing",
  "leg",
  "roast",
  "rib",
  "chop",
  "loin",
  "tenderloin",
  "belly",
  "hock",
  "shoulder",
  "brisket",
  "steak",
  "fillet",
  "filet",
  "ham",
  "duck",
  "hen",
  "lamb",
  "salmon",
  "cod",
  "sole",
  "tilapia",
  "pollock",
  "mackerel",
  "pompano",
  "milkfish",
  "steelhead",
  "trout",
  "halibut",
  "haddock",
  "sirloin",
  "butt",
  "portion",
]);

/** Words (singular) of processed or packaged forms, sold by the pack even in a meat department. */
export const PACKAGED_FORMS: ReadonlySet<string> = new Set([
  "bacon",
  "sausage",
  "wiener",
  "frank",
  "bite",
  "burger",
  "patty",
  "pattie",
  "meatball",
  "ball",
  "nugget",
  "strip",
  "slice",
  "sliced",
  "deli",
  "canned",
  "flake",
  "ring",
  "kabob",
  "jerky",
  "stick",
  "pepperette",
  "pie",
  "cake",
  "dinner",
  "kit",
  "tray",
  "platter",
  "sandwich",
  "slider",
  "dip",
  "spread",
]);

/** True when the observation's price basis is unstated by the rule above (it may be per weight). */
export function basisUnstated(product: string, sourceName: string, category: readonly string[]): boolean {
  const last = wordsOf(category.at(-1) ?? "");
  const wholeBirds = last.length > 0 && last.every((w) => WHOLE_BIRD_WORDS.has(w));
  if (!wholeBirds && !WEIGHT_DEPARTMENTS.has(nameKey(category[0] ?? ""))) return false;
  const words = new Set([...wordsOf(product), ...wordsOf(sourceName)]);
  for (const word of words) if (PACKAGED_FORMS.has(word)) return false;
  for (const word of words) if (WEIGHT_CUTS.has(word)) return true;
  return false;
}

// The words of a text, singular ("Turkeys" → turkey, "Breasts" → breast).
function wordsOf(text: string): string[] {
  return nameKey(text).split(/[^\p{L}]+/u).filter((w) => w !== "").map((w) =>
    w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w
  );
}
