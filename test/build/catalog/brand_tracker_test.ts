import assert from "node:assert/strict";
import type { AnswerRecord } from "../../../src/format/catalog_records.ts";
import { compileFixture, fragmentObject, MARKETING_CA } from "../../support/catalog_fixture.ts";

// marketing_ca.csv, latest 2025-12-28: current window [2025-12-14, 2025-12-28], previous [2025-11-30,
// 2025-12-14). Moo's observations (m-14, 15.00, is an outlier of Moo Milk: ≥ 3 × its median 5.00):
//   W47 m-01 4.20 Alpha, m-02 4.50 Delta        W48 none
//   W49 m-03 4.00 Alpha, m-04 3.50 Alpha deal   W50 m-05 5.50 Beta deal
//   W51 m-06 5.00 Beta (deal unknown), m-07 4.00 Alpha, m-08 5.00 Beta deal, m-09 6.00 Cedar
//   W52 m-10 3.00 Alpha deal, m-11 3.00 Beta, (m-14 15.00 Alpha deal, outlier)
// Current prices under Dairy > Milk: Moo Milk 4.00, 5.00, 6.00, Dairy Best 2.00, 1.50, Skim 6.00: median
// (4.00 + 5.00) / 2 = 4.50, three brands. Dairy > Cream holds only Moo (3.00, 3.00): nothing to compare.
const compiled = await compileFixture([MARKETING_CA]);
const retailers = compiled.countries[0]!.catalog.retailers.map((r) => r.name);
const record = (brandKey: string) =>
  compiled.shards.get("marketing_brands")!.get(`ca:${brandKey}`) as AnswerRecord;
const parsed = (fragment: string | null | undefined) =>
  fragmentObject(compiled, "marketing_brands", fragment);
const moo = parsed(record("moo").json);

Deno.test("brand rows: current listings, median price and an index against the category, other brands required", () => {
  assert.equal(moo.brand, "Moo");
  assert.deepEqual(moo.retailers, [
    // Moo Milk 4.00 / 4.50 → 88.89; Moo Cream 3.00 sits in a Moo-only category and is left out.
    {
      retailer: "Alpha Mart",
      listings: 2,
      median_price: 3.5,
      price_index: 88.89,
      sample: { n: 2, n_price: 2, n_matched: 1 },
      reason: null,
    },
    // 5.00 / 4.50 → 111.11
    {
      retailer: "Beta Foods",
      listings: 2,
      median_price: 4,
      price_index: 111.11,
      sample: { n: 2, n_price: 2, n_matched: 1 },
      reason: null,
    },
    // 6.00 / 4.50 → 133.33
    {
      retailer: "Cedar Market",
      listings: 1,
      median_price: 6,
      price_index: 133.33,
      sample: { n: 1, n_price: 1, n_matched: 1 },
      reason: null,
    },
  ]);
});

Deno.test("distribution: retailers carrying the brand over retailers with a current listing in its categories", () => {
  assert.deepEqual(moo.distribution, { carrying: 3, in_categories: 3, value: 1 });
  // Dairy Best (Dairy > Milk) is at Beta and Cedar; Alpha sells Milk too; Delta has nothing current.
  assert.deepEqual(parsed(record("dairy best").json).distribution, {
    carrying: 2,
    in_categories: 3,
    value: 0.6667,
  });
});

Deno.test("promo rate over the snapshot counts known deal flags only, outliers and ineligible retailers left out", () => {
  // 10 non-outlier observations of serving-eligible retailers (Delta Stale's m-02 is not one), m-06 has no
  // deal flag: deals m-04, m-05, m-08, m-10 of 9 = 0.4444.
  assert.equal(moo.promo_rate, 0.4444);
  assert.deepEqual(moo.sample, { observations: 10, n_promo: 9 });
  assert.equal(moo.method.outliers_excluded, 1);
  // Too few deal flags a day (fewer than 20) to tell a coverage jump: every observation counts.
  assert.match(moo.method.promo_coverage, /no coverage jump/);
});

Deno.test("period: the current 14 days against the 14 before, with previous_* and change_*", () => {
  assert.deepEqual(moo.period, {
    from: "2025-12-14T00:00:00Z",
    to: "2025-12-28T00:00:00Z",
    previous_from: "2025-11-30T00:00:00Z",
    previous_to: "2025-12-14T00:00:00Z",
    observations: 6, // m-06 … m-11
    previous_observations: 3, // m-03, m-04, m-05
    change_observations: 3,
    median_price: 4.5, // median(5, 4, 5, 6, 3, 3)
    previous_median_price: 4, // median(4.00, 3.50, 5.50)
    change_median_price: 0.5,
    change_median_price_pct: 12.5, // 4.50 / 4.00 − 1
    promo_rate: 0.4, // m-08, m-10 of the 5 with a known flag
    previous_promo_rate: 0.6667, // m-04, m-05 of 3
    change_promo_rate: -0.2667, // 0.4 − 0.6667
    listings: 5, // Moo Milk at Alpha, Beta, Cedar; Moo Cream at Alpha, Beta
    previous_listings: 3, // Moo Milk at Alpha, Beta; Moo Cream at Alpha
    change_listings: 2,
    sample: { n_price: 6, previous_n_price: 3, n_promo: 5, previous_n_promo: 3 },
    reason: null,
  });
});

Deno.test("trend: every ISO week of the snapshot, a week without observation included with median null", () => {
  assert.deepEqual(moo.trend, [
    { week: "2025-W47", median_price: 4.2, observations: 1, reason: null }, // m-02 is Delta Stale's
    { week: "2025-W48", median_price: null, observations: 0, reason: null },
    { week: "2025-W49", median_price: 3.75, observations: 2, reason: null },
    { week: "2025-W50", median_price: 5.5, observations: 1, reason: null },
    { week: "2025-W51", median_price: 5, observations: 4, reason: null },
    { week: "2025-W52", median_price: 3, observations: 2, reason: null },
  ]);
});

Deno.test("a retailer's fragment keeps its row only; the brand's other figures stay the market's", () => {
  const at = (name: string) => record("moo").by_retailer[retailers.indexOf(name)];
  assert.deepEqual(parsed(at("Beta Foods")!), { ...moo, retailers: [moo.retailers[1]] });
  // Delta Stale is not serving-eligible: refused by the runtime, it has no fragment.
  assert.equal(at("Delta Stale"), null);
  assert.deepEqual(
    record("farm").by_retailer.map((f) => f !== null),
    retailers.map((n) => n === "Alpha Mart"),
  );
});

Deno.test("every brand has a record, keyed by brand key; unbranded products are no brand", () => {
  // `ca:shared` holds the texts every brand answer shares (the method's fixed members).
  assert.deepEqual([...compiled.shards.get("marketing_brands")!.keys()], [
    "ca:shared",
    "ca:dairy best",
    "ca:farm",
    "ca:moo",
  ]);
});

Deno.test("with the minimum sample of 5, a brand's figures over fewer items are null, and say why", async () => {
  const strict = await compileFixture([MARKETING_CA], { minSample: 5 });
  const body = fragmentObject(
    strict,
    "marketing_brands",
    (strict.shards.get("marketing_brands")!.get("ca:moo") as AnswerRecord).json,
  );
  assert.deepEqual(
    body.retailers[0].reason,
    "2 current prices per item, below the minimum sample of 5; " +
      "1 listings compared with another known brand, below the minimum sample of 5",
  );
  assert.deepEqual([body.retailers[0].median_price, body.retailers[0].price_index], [null, null]);
  assert.deepEqual(body.trend[0], {
    week: "2025-W47",
    median_price: null,
    observations: 1,
    reason: "1 prices per item, below the minimum sample of 5",
  });
  // The current period holds 6 prices per item and 5 deal flags; the previous one 3 and 3.
  assert.deepEqual(
    [body.period.median_price, body.period.previous_median_price, body.period.promo_rate],
    [4.5, null, 0.4],
  );
  assert.equal(body.promo_rate, 0.4444);
});
