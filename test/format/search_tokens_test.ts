import assert from "node:assert/strict";
import { searchTokens, tokenPrefixes } from "../../src/format/search_tokens.ts";

const cases: [string, string[]][] = [
  ["Farmer'S Market™ Cookies", ["farmer", "s", "market", "cookies"]],
  ["Crème Fraîche 250 mL", ["creme", "fraiche", "250", "ml"]],
  ["  Kellogg’s®  Corn-Flakes ", ["kellogg", "s", "corn", "flakes"]],
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
