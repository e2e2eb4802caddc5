/**
 * The words of product search (best-price, price-drop-alert): a name or brand and a query `q` are cut the
 * same way, so the build's inverted index and the runtime's terms always agree. A text is compared by
 * `nameKey` (case, accents, ®/™/©, apostrophe style and spacing ignored), then split on every character that
 * is not a letter or a digit: "Farmer's Market™ Cookies" → farmer, s, market, cookies.
 */
import { nameKey } from "./name_key.ts";

const SEPARATOR = /[^\p{L}\p{N}]+/u;

/** The search tokens of `text`, in order (repeats kept). */
export function searchTokens(text: string): string[] {
  return nameKey(text).split(SEPARATOR).filter((token) => token !== "");
}

/** Every prefix of `token` by code point, shortest first, the token itself last. */
export function tokenPrefixes(token: string): string[] {
  const points = [...token];
  return points.map((_, at) => points.slice(0, at + 1).join(""));
}
