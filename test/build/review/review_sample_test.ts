import assert from "node:assert/strict";
import { parseReviewArgs } from "../../../build/review/review_sample.ts";
import { draw } from "../../../build/review/review_items.ts";
import { seededRandom } from "../../../build/catalog/seeded_random.ts";

Deno.test("review sample: the arguments need a seed, a reference and an output folder", () => {
  assert.deepEqual(parseReviewArgs(["--seed", "7", "--reference", "ref.json", "--out", "o", "--own-rows"]), {
    seed: 7,
    reference: "ref.json",
    out: "o",
    dataDir: "data",
    tree: undefined,
    nodes: 40,
    phrases: 40,
    ownRows: true,
  });
  assert.throws(() => parseReviewArgs(["--seed", "7"]), /--seed, --reference and --out are required/);
  assert.throws(
    () => parseReviewArgs(["--seed", "x", "--reference", "r", "--out", "o"]),
    /not a whole number/,
  );
});

Deno.test("review sample: a draw is without replacement and the same for the same seed", () => {
  const population = Array.from({ length: 100 }, (_, i) => i);
  const first = draw(population, 40, seededRandom(20261126));
  assert.deepEqual(draw(population, 40, seededRandom(20261126)), first);
  assert.equal(new Set(first).size, 40);
  assert.notDeepEqual(draw(population, 40, seededRandom(1)), first);
  assert.equal(draw(population, 200, seededRandom(3)).length, 100);
});
