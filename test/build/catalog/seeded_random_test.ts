import assert from "node:assert/strict";
import { seededRandom } from "../../../build/catalog/seeded_random.ts";

Deno.test("a seeded sequence repeats for its seed, differs for another and stays in [0, 1)", () => {
  const draw = (seed: number) => {
    const random = seededRandom(seed);
    return Array.from({ length: 1000 }, () => random());
  };
  assert.deepEqual(draw(7), draw(7));
  assert.notDeepEqual(draw(7), draw(8));
  assert.ok(draw(7).every((x) => x >= 0 && x < 1));
});
