import assert from "node:assert/strict";
import type { AnswerRecord, CategoryResolution } from "../../../src/format/catalog_records.ts";
import { dispersionStats } from "../../../build/catalog/price_dispersion.ts";
import { money } from "../../../build/catalog/catalog_figures.ts";
import { ANALYST_CA, compileFixture, fragmentObject } from "../../support/catalog_fixture.ts";

const compiled = await compileFixture([ANALYST_CA]);
const retailers = compiled.countries[0]!.catalog.retailers.map((r) => r.name);
const record = (input: string) => {
  const target = (compiled.shards.get("catalog_lookup")!.get(`ca:category:${input}`) as CategoryResolution)
    .target;
  return compiled.shards.get("analyst_dispersion")!.get(`ca:${target}`) as AnswerRecord;
};
const parsed = (fragment: string | null | undefined) =>
  fragmentObject(compiled, "analyst_dispersion", fragment);

// Pantry > Oil, current prices (the window opens 2025-12-03; latest non-outlier observation):
//   Oliva Olive Oil 1 L        Alpha 8.00 (o-01)  Beta 10.00 (o-02)  Cedar 9.00 (o-03; o-04 40.00 is an
//                                                                   outlier: ≥ 3 × median 9.50)
//   Sunseed Canola Oil 2 L     Alpha 6.00 (o-05)  Beta 6.50 (o-06)   (Cedar's 5.00 of 11-25, o-07, is not current)
//   Golden Corn Oil 500 mL     Alpha 3.00 (o-08)
//   Bulk Frying Oil            Cedar 20.00 (o-09): no size, no unit price
// 6 of the 7 current listings have a unit price per L (≥ half): measure unit_price, basis L.
// Unit prices per L: canola 6.00 / 2 = 3.00 and 6.50 / 2 = 3.25, corn 3.00 / 0.5 = 6.00, olive 8, 9, 10:
//   x = [3.00, 3.25, 6.00, 8.00, 9.00, 10.00], n = 6.
// h = (n − 1) p. q1: h = 1.25 → 3.25 + 0.25 × (6.00 − 3.25) = 3.9375 → 3.94; median: h = 2.5 →
//   6 + 0.5 × 2 = 7; q3: h = 3.75 → 8 + 0.75 × 1 = 8.75; iqr = 8.75 − 3.9375 = 4.8125 → 4.81.
// mean = 39.25 / 6 = 6.541667; Σ(x − mean)² = 43.802083; population sd = √(43.802083 / 6) = 2.701915;
//   cv = 2.701915 / 6.541667 = 0.41303 → 0.413.
Deno.test("unit-price stats of a category: R-7 quartiles, iqr and population cv, with coverage", () => {
  const body = parsed(record("oil").json);
  assert.equal(body.measure, "unit_price");
  assert.equal(body.unit_basis, "L");
  assert.deepEqual(body.coverage, { listings: 7, values: 7, measured: 6, share: 0.8571 });
  assert.deepEqual(body.stats, {
    n: 6,
    min: 3,
    q1: 3.94,
    median: 7,
    q3: 8.75,
    max: 10,
    iqr: 4.81,
    cv: 0.413,
    reason: null,
  });
  assert.equal(body.method.outliers_excluded, 1);
});

// Alpha Mart [3.00, 6.00, 8.00]: q1 h = 0.5 → 4.5, q3 → 7; mean 17/3, sd √(12.6667 / 3) = 2.054805,
// cv 0.3626. Beta Foods [3.25, 10.00]: q1 h = 0.25 → 4.9375 → 4.94; median 6.625 → 6.63; q3 8.3125 →
// 8.31; iqr 3.375 → 3.38; cv = 3.375 / 6.625 = 0.5094. Cedar Grocer [9.00] (its frying oil has no size).
Deno.test("by_retailer gives each retailer's stats in the category's measure, by name", () => {
  assert.deepEqual(parsed(record("oil").json).by_retailer, [
    {
      retailer: "Alpha Mart",
      price_source: "Alpha Mart",
      stats: { n: 3, min: 3, q1: 4.5, median: 6, q3: 7, max: 8, iqr: 2.5, cv: 0.3626, reason: null },
    },
    {
      retailer: "Beta Foods",
      price_source: "Beta Foods",
      stats: {
        n: 2,
        min: 3.25,
        q1: 4.94,
        median: 6.63,
        q3: 8.31,
        max: 10,
        iqr: 3.38,
        cv: 0.5094,
        reason: null,
      },
    },
    {
      retailer: "Cedar Grocer",
      price_source: "Cedar Grocer",
      stats: { n: 1, min: 9, q1: 9, median: 9, q3: 9, max: 9, iqr: 0, cv: 0, reason: null },
    },
  ]);
});

// Olive oil at three retailers [8, 9, 10]: cv = √(2/3) / 9 = 0.090722, max/min 1.25, gap 9 − 8 = 1.
// Canola at two [6.00, 6.50]: cv = 0.25 / 6.25 = 0.04, max/min 1.083333, gap 0.50.
// Medians of two: cv 0.065361 → 0.0654, ratio 1.166667 → 1.1667, gap 0.75; 5 listings in 2 products.
Deno.test("within_product: medians of each product's cv, max/min ratio and gap across retailers", () => {
  assert.deepEqual(parsed(record("oil").json).within_product, {
    products: 2,
    median_cv: 0.0654,
    median_max_min_ratio: 1.1667,
    median_gap: 0.75,
    sample: { n: 5, n_matched: 2 },
    reason: null,
  });
});

Deno.test("with a retailer: its stats, and within_product over the products it sells that others sell", () => {
  const cedar = parsed(record("oil").by_retailer[retailers.indexOf("Cedar Grocer")]);
  assert.deepEqual([cedar.measure, cedar.unit_basis], ["unit_price", "L"]);
  assert.deepEqual(cedar.coverage, { listings: 2, values: 2, measured: 1, share: 0.5 });
  assert.deepEqual(cedar.stats, {
    n: 1,
    min: 9,
    q1: 9,
    median: 9,
    q3: 9,
    max: 9,
    iqr: 0,
    cv: 0,
    reason: null,
  });
  assert.deepEqual(cedar.by_retailer.map((row: { retailer: string }) => row.retailer), ["Cedar Grocer"]);
  // Only the olive oil: Cedar's canola price is not current and nobody else sells its frying oil.
  assert.deepEqual(cedar.within_product, {
    products: 1,
    median_cv: 0.0907,
    median_max_min_ratio: 1.25,
    median_gap: 1,
    sample: { n: 3, n_matched: 1 },
    reason: null,
  });
  assert.equal(cedar.method.outliers_excluded, 1);
  assert.equal(
    parsed(record("oil").by_retailer[retailers.indexOf("Alpha Mart")]).method.outliers_excluded,
    0,
  );
});

// Bakery > Bread current: Alpha Sunny White 4.50 (a-10), Alpha Rye Loaf 2.10 (a-11), Beta Sunny White
// 5.00 (a-06, 2025-12-03: the window's first day), Beta sourdough 6.00 (a-09). Only Sunny White states a
// size (675 G): 2 of 4 in kg is half, enough: 4.50 / 0.675 = 6.6667, 5.00 / 0.675 = 7.4074 per kg.
Deno.test("exactly half of the listings with a unit price in one basis is enough for unit prices", () => {
  const body = parsed(record("bread").json);
  assert.deepEqual([body.measure, body.unit_basis, body.coverage], ["unit_price", "kg", {
    listings: 4,
    values: 4,
    measured: 2,
    share: 0.5,
  }]);
  // q1 = 6.6667 + 0.25 × 0.7407 = 6.8519; iqr = 0.5 × 0.7407 = 0.3704 (below 1: 4 decimals);
  // cv = 0.37037 / 7.03704 = 0.0526.
  assert.deepEqual(body.stats, {
    n: 2,
    min: 6.67,
    q1: 6.85,
    median: 7.04,
    q3: 7.22,
    max: 7.41,
    iqr: 0.3704,
    cv: 0.0526,
    reason: null,
  });
});

// Bakery adds the cookies (no size): 2 of 6 in kg is less than half, so prices:
//   [2.00, 2.10, 2.50, 4.50, 5.00, 6.00]; q1 h = 1.25 → 2.10 + 0.25 × 0.40 = 2.2; median 3.5;
//   q3 h = 3.75 → 4.50 + 0.75 × 0.50 = 4.875 → 4.88; iqr 2.675 → 2.68; mean 3.683333, sd 1.555010, cv 0.4222.
// Within products (prices): Sunny White [4.50, 5.00] cv 0.0526, ratio 1.1111, gap 0.50; Crunch Cookies
//   [2.00, 2.50] cv 0.1111, ratio 1.25, gap 0.50 → medians 0.0819, 1.1806, 0.50.
Deno.test("below half the category is measured on prices, unit_basis null", () => {
  const body = parsed(record("bakery").json);
  assert.deepEqual([body.measure, body.unit_basis], ["price", null]);
  assert.deepEqual(body.stats, {
    n: 6,
    min: 2,
    q1: 2.2,
    median: 3.5,
    q3: 4.88,
    max: 6,
    iqr: 2.68,
    cv: 0.4222,
    reason: null,
  });
  assert.deepEqual(body.within_product, {
    products: 2,
    median_cv: 0.0819,
    median_max_min_ratio: 1.1806,
    median_gap: 0.5,
    sample: { n: 4, n_matched: 2 },
    reason: null,
  });
});

Deno.test("stats of no value are null with n 0; of one value, cv 0 and iqr 0; below the minimum, null", () => {
  const empty = { min: null, q1: null, median: null, q3: null, max: null, iqr: null, cv: null };
  assert.deepEqual(dispersionStats([], money), {
    n: 0,
    ...empty,
    reason: "0 values, below the minimum sample of 1",
  });
  assert.deepEqual(dispersionStats([2.5], money), {
    n: 1,
    min: 2.5,
    q1: 2.5,
    median: 2.5,
    q3: 2.5,
    max: 2.5,
    iqr: 0,
    cv: 0,
    reason: null,
  });
  assert.deepEqual(dispersionStats([2.5, 3, 4, 5], money, 5), {
    n: 4,
    ...empty,
    reason: "4 values, below the minimum sample of 5",
  });
});
