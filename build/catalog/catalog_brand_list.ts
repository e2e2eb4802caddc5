/**
 * The curated brand list of a country's snapshot conversion (data/catalog/brands_ca.txt) and the rule that
 * finds an item's brand with it. Flyers put the brand inside the item name ("Farmer'S Market™ Cookies Or
 * Loaf Cakes"), so the rule is deliberately conservative: the item must start with a listed brand followed by
 * a word break; the longest listed brand wins; and an item that names a second, different listed brand after
 * "or", "and", "&", "," or "/" is a multi-brand offer and gets no brand. Anything else gets "" (unknown).
 */
import { BuildError } from "../input/build_error.ts";
import { nameKey } from "../../src/format/name_key.ts";

/** A parsed brand list: comparison keys to their written spelling, longest key first. */
export interface BrandList {
  readonly entries: readonly { readonly key: string; readonly brand: string }[];
}

/** Parses a brand list: one brand a line, `#` comment lines and blank lines ignored, no duplicates. */
export function parseBrandList(text: string, file: string): BrandList {
  const seen = new Map<string, number>();
  const entries: { key: string; brand: string }[] = [];
  text.split(/\r?\n/).forEach((raw, at) => {
    const brand = raw.trim();
    if (brand === "" || brand.startsWith("#")) return;
    const key = nameKey(brand);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      throw new BuildError(file, `line ${at + 1}`, `brand "${brand}" repeats line ${earlier}`);
    }
    seen.set(key, at + 1);
    entries.push({ key, brand });
  });
  entries.sort((a, b) => b.key.length - a.key.length || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { entries };
}

/** The brand of `item` by the conservative rule above, "" when there is none. */
export function brandOf(item: string, list: BrandList): string {
  const text = nameKey(item);
  const lead = list.entries.find((entry) => startsWithWord(text, 0, entry.key));
  if (lead === undefined) return "";
  const rest = text.slice(lead.key.length);
  for (const match of rest.matchAll(/(?: or | and | & |, ?|\/ ?)/g)) {
    const at = lead.key.length + match.index + match[0].length;
    const other = list.entries.find((entry) => entry.key !== lead.key && startsWithWord(text, at, entry.key));
    if (other !== undefined) return "";
  }
  return lead.brand;
}

function startsWithWord(text: string, at: number, key: string): boolean {
  if (!text.startsWith(key, at)) return false;
  const next = text[at + key.length];
  return next === undefined || !/[\p{L}\p{N}]/u.test(next);
}
