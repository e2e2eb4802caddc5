import assert from "node:assert/strict";
import { nameKey } from "../../src/format/name_key.ts";

const CASES: readonly [string, string, string][] = [
  ["a plain name is lower-cased", "Scale Mart 01", "scale mart 01"],
  ["an empty name stays empty", "", ""],
  ["leading and trailing spaces are trimmed", "  Bread ", "bread"],
  ["runs of spaces become one", "Whole   Wheat", "whole wheat"],
  ["a tab is a space", "Whole\tWheat", "whole wheat"],
  ["accents are dropped", "Liberté", "liberte"],
  ["typographic apostrophes become straight", "Kellogg’s", "kellogg's"],
  ["the registered mark is a space", "Kellogg's®", "kellogg's"],
  ["a mark between words is one space", "Brand™ Name", "brand name"],
  ["punctuation is kept", "Tea, Green #12 (500 g)", "tea, green #12 (500 g)"],
];

for (const [name, input, expected] of CASES) {
  Deno.test(`nameKey: ${name}`, () => assert.equal(nameKey(input), expected));
}

Deno.test("nameKey: the plain path gives the key the full normalisation gives", () => {
  const slow = (name: string) =>
    name.normalize("NFD").replace(/\p{M}/gu, "").replace(/[®™©]/g, " ").replace(/[\u2018\u2019\u02bc]/g, "'")
      .replace(/\s+/g, " ").trim().toLowerCase();
  const names = ["A b", "ABC-def/ghi", "x ~ y", "Ω", "I İ", "a  b", " a", "a\u00a0b", "K\u212a"];
  for (const name of names) assert.equal(nameKey(name), slow(name), name);
});
