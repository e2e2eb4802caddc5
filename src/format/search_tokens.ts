/**
 * The words of product search (best-price, price-drop-alert): a name or brand and a query `q` are cut the
 * same way, so the build's inverted index and the runtime's terms always agree. A text is compared by
 * `nameKey` (case, accents, ®/™/©, apostrophe style and spacing ignored); an apostrophe inside a word is
 * dropped, so the word stays whole ("Kellogg's" → kelloggs, as a shopper types it); then the text is split on
 * every character that is not a letter or a digit: "Farmer's Market™ Cookies" → farmers, market, cookies.
 * The index also files a word under its part before the apostrophe (kellogg, farmer), so either spelling
 * finds it.
 */
import { nameKey } from "./name_key.ts";

const SEPARATOR = /[^\p{L}\p{N}]+/u;
// An apostrophe between a letter or digit and a letter: part of the word ("kellogg's", "o'henry").
const INNER_APOSTROPHE = /(?<=[\p{L}\p{N}])'(?=\p{L})/gu;

/** The search tokens of `text`, in order (repeats kept). */
export function searchTokens(text: string): string[] {
  return nameKey(text).replace(INNER_APOSTROPHE, "").split(SEPARATOR).filter((token) => token !== "");
}

/** The words the index files `text` under: its search tokens, and each word's part before an apostrophe. */
export function indexTokens(text: string): string[] {
  const stems = [...nameKey(text).matchAll(/([\p{L}\p{N}]+)'\p{L}/gu)].map((m) => m[1]!);
  return [...searchTokens(text), ...stems];
}

/** Every prefix of `token` by code point, shortest first, the token itself last. */
export function tokenPrefixes(token: string): string[] {
  const points = [...token];
  return points.map((_, at) => points.slice(0, at + 1).join(""));
}
