import assert from "node:assert/strict";
import { categoryWords, foldedCategoryKey, foldWord } from "../../src/format/category_words.ts";

const stems: [string, string][] = [
  ["snacks", "snack"],
  ["snack", "snack"],
  ["desserts", "dessert"],
  ["cheeses", "cheese"],
  ["berries", "berri"],
  ["berry", "berri"],
  ["cookies", "cooki"],
  ["cookie", "cooki"],
  ["peaches", "peach"],
  ["tomatoes", "tomato"],
  ["glass", "glass"],
  ["hummus", "hummus"],
  ["pie", "pie"],
];
for (const [word, stem] of stems) {
  Deno.test(`the category stem of "${word}" is "${stem}"`, () => assert.equal(foldWord(word), stem));
}

Deno.test("a category text is cut into stems by name key: case, accents and ®/™ aside", () => {
  assert.deepEqual(categoryWords("Dairy & Eggs > Cheese Premium™"), ["dairi", "egg", "cheese", "premium"]);
  assert.equal(foldedCategoryKey("  SNACKS "), foldedCategoryKey("snack"));
});
