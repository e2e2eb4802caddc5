import assert from "node:assert/strict";
import { shelfCents, weeklyPrices, WEEKS } from "../../../build/catalog/us_generated_prices.ts";
import { seededRandom } from "../../../build/catalog/seeded_random.ts";

/** A sequence answering `script` in order, then 0.5 (no step, no deal, no gap, no noise) for ever. */
function scripted(script: number[]): () => number {
  let at = 0;
  return () => script[at++] ?? 0.5;
}

const shelf: [number, number][] = [[2.4637, 249], [2, 199], [0.5971, 59], [0.05, 19], [12.96, 1299]];
for (const [price, cents] of shelf) {
  Deno.test(`a shelf price of ${price} is written ${cents} cents, ending in 9`, () => {
    assert.equal(shelfCents(price), cents);
  });
}

Deno.test("a listing with no step, deal or gap is observed every week at its shelf price", () => {
  const weeks = weeklyPrices(scripted([]), 2, true);
  assert.equal(weeks.length, WEEKS);
  assert.deepEqual(weeks[25], { week: 25, cents: 199, is_deal: false, deal_until_week: undefined });
});

Deno.test("a promotion started in week 0 for two weeks at 25 % off cuts the price and then ends", () => {
  // first, last, then week 0: step, size, noise, deal, length (2 weeks), depth (25 %), gap.
  const weeks = weeklyPrices(scripted([0.5, 0.5, 0.5, 0.5, 0.5, 0.01, 0.5, 0.5, 0.5]), 2, false);
  assert.deepEqual(weeks.slice(0, 3), [
    { week: 0, cents: 149, is_deal: true, deal_until_week: 1 },
    { week: 1, cents: 149, is_deal: true, deal_until_week: 1 },
    { week: 2, cents: 199, is_deal: false, deal_until_week: undefined },
  ]);
});

Deno.test("a step up in week 0 raises the regular price for the following weeks", () => {
  // Week 0: step (yes), size 0 → +2 %.
  const weeks = weeklyPrices(scripted([0.5, 0.5, 0.01, 0]), 10, false);
  assert.deepEqual(weeks.map((w) => w.cents).slice(0, 2), [1019, 1019]);
  assert.equal(weeklyPrices(scripted([0.5, 0.5]), 10, false)[0]!.cents, 999);
});

Deno.test("a listing may start late, end early and miss weeks, and its promotions end within the period", () => {
  const random = seededRandom(7);
  let late = 0, gaps = 0;
  for (let listing = 0; listing < 400; listing++) {
    const weeks = weeklyPrices(random, 1 + listing / 100, listing % 2 === 0);
    if ((weeks[0]?.week ?? 0) > 0) late++;
    if (weeks.length < WEEKS) gaps++;
    for (const week of weeks) {
      assert.ok(week.week >= 0 && week.week < WEEKS);
      if (week.is_deal) assert.ok(week.deal_until_week! >= week.week && week.deal_until_week! < WEEKS);
    }
  }
  assert.ok(late > 0 && gaps > late, `late ${late}, with gaps ${gaps}`);
});
