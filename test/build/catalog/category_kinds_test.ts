import assert from "node:assert/strict";
import { levelKinds, nameMatch } from "../../../build/catalog/category_kinds.ts";
import { categoryWords } from "../../../src/format/category_words.ts";

// Calgary category levels and how "pasta", "cheese", "dessert" or "snack" meets them.
const CASES: [string, string, string | null][] = [
  ["Pasta", "pasta", "exact"],
  ["Fresh Pasta", "pasta", "exact"],
  ["Cheese Premium", "cheese", "exact"],
  ["Cheese Block Basic", "cheese", "exact"],
  ["Pasta & Noodles", "pasta", "member"],
  ["Beans Or Pasta", "pasta", "member"],
  ["Mac And Cheese", "cheese", "member"],
  ["Indian Dessert", "desserts", "head"],
  ["Fruit Snacks", "snack", "head"],
  ["Snack Tray", "snacks", "exact"],
  ["Meat And Cheese Tray", "cheese", "member"],
  ["Pasta Sauce", "pasta", "modifier"],
  ["Cheese Plant Based", "cheese", "modifier"],
  ["Dessert Mix", "dessert", "modifier"],
  ["Cheesecake", "cheese", "part"],
  ["Bread", "pasta", null],
];
for (const [level, input, expected] of CASES) {
  Deno.test(`the level "${level}" meets the input "${input}" as ${expected}`, () => {
    assert.equal(nameMatch(levelKinds(level), categoryWords(input)), expected);
  });
}
