import assert from "node:assert/strict";
import { indexTokens, searchTokens, tokenPrefixes } from "../../src/format/search_tokens.ts";

const cases: [string, string[]][] = [
  ["Farmer'S Market™ Cookies", ["farmers", "market", "cookies"]],
  ["Crème Fraîche 250 mL", ["creme", "fraiche", "250", "ml"]],
  ["  Kellogg’s®  Corn-Flakes ", ["kelloggs", "corn", "flakes"]],
  ["HELLMANN'S, 890 mL", ["hellmanns", "890", "ml"]],
  ["Rock 'n' Roll", ["rock", "n", "roll"]],
  ["6 x 355 mL", ["6", "x", "355", "ml"]],
  ["!!! ...", []],
];
for (const [text, tokens] of cases) {
  Deno.test(`search tokens of ${JSON.stringify(text)} are ${JSON.stringify(tokens)}`, () => {
    assert.deepEqual(searchTokens(text), tokens);
  });
}

Deno.test("token prefixes go by code point, shortest first, the token itself last", () => {
  assert.deepEqual(tokenPrefixes("brød"), ["b", "br", "brø", "brød"]);
  assert.deepEqual(tokenPrefixes("𝟘a"), ["𝟘", "𝟘a"]);
});

Deno.test("the index files a word with an apostrophe whole and by its part before the apostrophe", () => {
  assert.deepEqual(indexTokens("Kellogg'S Vector Granola"), ["kelloggs", "vector", "granola", "kellogg"]);
  assert.deepEqual(indexTokens("Lay’s®"), ["lays", "lay"]);
});
