/**
 * The one normalisation of product-type phrases, shared by the build (lexicon keys) and the runtime (q).
 *
 * Certain-or-blank: two phrases match only when they are the same text up to Unicode compatibility forms,
 * letter case and spacing. The steps, in order:
 *
 * 1. Unicode NFKC (full-width letters, ligatures such as "ﬁ", no-break spaces become their plain forms).
 * 2. Case folding: `toLowerCase()`, plus the two full case foldings that lower-casing leaves out and that
 *    grocery text meets: "ß" (and "ẞ", which lower-cases to it) folds to "ss", and final "ς" to "σ", so
 *    "Weißwurst" = "WEISSWURST" and a Greek word matches whichever sigma it was typed with. Other full
 *    foldings (Greek letters with iota subscript, Cherokee) are not applied; Turkish dotless "ı" stays
 *    distinct from "i", as in Unicode case folding.
 * 3. Whitespace: trimmed, and every run of Unicode White_Space characters becomes one space.
 *
 * Nothing else: no accent stripping, no punctuation removal, no plural handling, no spelling correction.
 */

const WHITE_SPACE_RUN = /\p{White_Space}+/gu;
const EDGE_SPACE = /^ | $/g;

/** Normalises a phrase for lexicon lookup: NFKC, case folding, whitespace collapsing. */
export function normalisePhrase(phrase: string): string {
  // Most phrases are printable ASCII, single-spaced: NFKC leaves them as they are and folding is lower-casing.
  if (plainAscii(phrase)) return phrase.toLowerCase();
  return phrase
    .normalize("NFKC")
    .toLowerCase()
    .replaceAll("ß", "ss")
    .replaceAll("ς", "σ")
    .replace(WHITE_SPACE_RUN, " ")
    // Not String.prototype.trim: it also drops U+FEFF, which is not White_Space.
    .replace(EDGE_SPACE, "");
}

/** True for printable ASCII whose spaces are single and inside the text (so only letter case may change). */
function plainAscii(phrase: string): boolean {
  let afterSpace = true;
  for (let i = 0; i < phrase.length; i++) {
    const code = phrase.charCodeAt(i);
    if (code === 0x20) {
      if (afterSpace) return false;
      afterSpace = true;
    } else if (code > 0x20 && code < 0x7f) afterSpace = false;
    else return false;
  }
  return !afterSpace;
}
