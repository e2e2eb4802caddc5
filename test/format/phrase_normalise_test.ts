import assert from "node:assert/strict";
import { normalisePhrase } from "../../src/format/phrase_normalise.ts";

const cases: [string, string, string][] = [
  ["letters are lower-cased", "Whole Milk", "whole milk"],
  ["surrounding spaces are trimmed", "  bread  ", "bread"],
  ["a run of spaces, tabs and line breaks becomes one space", "peanut \t\n  butter", "peanut butter"],
  ["a no-break space is a space (NFKC)", "ice\u00A0cream", "ice cream"],
  ["an ideographic space is whitespace", "green\u3000tea", "green tea"],
  ["full-width letters become ASCII (NFKC)", "ＭＩＬＫ", "milk"],
  ["a ligature is split (NFKC)", "ﬁsh", "fish"],
  ["a composed and a decomposed accent are the same (NFKC)", "cafe\u0301", "café"],
  ["accents are kept: no accent stripping", "Jalapeño", "jalapeño"],
  ["ß folds to ss (full case folding)", "Weißwurst", "weisswurst"],
  ["capital ẞ folds to ss", "WEIẞWURST", "weisswurst"],
  ["Greek final sigma folds to σ", "ΟΔΟΣ", "οδοσ"],
  ["a typed final ς folds to σ", "οδος", "οδοσ"],
  ["Turkish dotless ı stays distinct from i", "Kırmızı", "kırmızı"],
  ["punctuation is kept", "Half & Half", "half & half"],
  ["hyphens are kept: no token rewriting", "Gluten-Free Bread", "gluten-free bread"],
  ["plurals are not reduced", "Apples", "apples"],
  ["a zero-width space is not whitespace and is kept", "ice\u200Bcream", "ice\u200Bcream"],
  ["a byte order mark is not whitespace and is kept", "\uFEFFmilk", "\uFEFFmilk"],
  ["only whitespace normalises to the empty phrase", " \t ", ""],
];

for (const [name, input, expected] of cases) {
  Deno.test(`normalisePhrase: ${name}`, () => {
    assert.equal(normalisePhrase(input), expected);
  });
}

Deno.test("normalisePhrase: normalising twice changes nothing", () => {
  for (const [, input] of cases) {
    assert.equal(normalisePhrase(normalisePhrase(input)), normalisePhrase(input));
  }
});

Deno.test("normalisePhrase: printable ASCII gives what the full steps give (the ASCII shortcut changes nothing)", () => {
  const full = (phrase: string) =>
    phrase.normalize("NFKC").toLowerCase().replaceAll("ß", "ss").replaceAll("ς", "σ")
      .replace(/\p{White_Space}+/gu, " ").replace(/^ | $/g, "");
  let seed = 20261126;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let n = 0; n < 5000; n++) {
    let phrase = "";
    const length = Math.floor(next() * 12);
    for (let i = 0; i < length; i++) {
      phrase += next() < 0.25 ? " " : String.fromCharCode(0x21 + Math.floor(next() * 94));
    }
    assert.equal(normalisePhrase(phrase), full(phrase), JSON.stringify(phrase));
  }
  assert.equal(normalisePhrase("Peanut Butter"), "peanut butter");
});
