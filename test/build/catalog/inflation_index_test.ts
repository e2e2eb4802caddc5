import assert from "node:assert/strict";
import type { AnswerRecord, CategoryResolution } from "../../../src/format/catalog_records.ts";
import { chainedIndex } from "../../../build/catalog/inflation_index.ts";
import { weekNumber } from "../../../build/catalog/iso_week.ts";
import { ANALYST_CA, answerObject, compileFixture } from "../../support/catalog_fixture.ts";

const compiled = await compileFixture([ANALYST_CA]);
const retailers = compiled.countries[0]!.catalog.retailers.map((r) => r.name);
const target = (input: string) =>
  (compiled.shards.get("catalog_lookup")!.get(`ca:category:${input}`) as CategoryResolution).target;
const record = (input: string) =>
  compiled.shards.get("analyst_inflation")!.get(`ca:${target(input)}`) as AnswerRecord;
const values = (
  index: readonly { period: string; value: number | null; n_matched: number; imputed: boolean }[],
) => index.map(({ period, value, n_matched, imputed }) => [period, value, n_matched, imputed]);

// Bakery > Bread in analyst_ca.csv, weekly prices (median of the listing's non-outlier observations):
//   listing                       2025-W48           W49                 W50     W51
//   Alpha Mart Sunny White        4.00 (a-01)        4.84 (a-05)         -       4.50 (a-10)
//   Beta Foods Sunny White        5.00 (a-02 4.80,   5.00 (a-06; a-07    -       -
//                                       a-04 5.20)        20.00 outlier)
//   Alpha Mart Rye Loaf           2.00 (a-03)        -                   2.00    2.10 (a-11)
//   Beta Foods Crust Sourdough    -                  -                   6.00    -        (never matched)
// Sunny White's median over its 7 observations is 4.84, so 20.00 ≥ 3 × 4.84 = 14.52 is an outlier.
// W49: pairs Alpha Sunny 4.84/4.00 = 1.21 and Beta Sunny 5.00/5.00 = 1: mean ln = (0.190620 + 0) / 2 =
//   0.095310 = ln 1.1, J = 1.1, I = 110. (With the outlier, Beta's week would be 12.50 and I 173.93.)
// W50: Rye Loaf and the sourdough were not priced in W49: no pair, no link: value null, the chain carries
// 110 across it (imputed).
// W51: Rye Loaf 2.10 / 2.00 = 1.05 (Alpha's Sunny was not priced in W50): I = 110 × 1.05 = 115.5.
Deno.test("the chained Jevons index of matched listings: 100, 110, no link (carried, imputed), 115.5", () => {
  const body = answerObject(compiled, "analyst_inflation", record("bread"));
  assert.equal(body.base_period, "2025-W48");
  assert.deepEqual(values(body.index), [
    ["2025-W48", 100, 0, false],
    ["2025-W49", 110, 2, false],
    ["2025-W50", null, 0, true],
    ["2025-W51", 115.5, 1, false],
  ]);
  assert.deepEqual(body.index.map((row: { link: number | null }) => row.link), [null, 1.1, null, 1.05]);
  assert.equal(body.index[2].reason, "0 matched listings, below the minimum sample of 1");
  // n: listings priced in the week; n_matched: those also priced the week before.
  assert.deepEqual(body.index.map((row: { sample: unknown }) => row.sample), [
    { n: 3, n_matched: 0 },
    { n: 2, n_matched: 2 },
    { n: 2, n_matched: 0 },
    { n: 2, n_matched: 1 },
  ]);
  assert.equal(body.method.index, "chained_jevons_matched");
  assert.equal(body.method.outliers_excluded, 1);
});

Deno.test("coverage counts the listings with a price and those matched at least once (the sourdough never is)", () => {
  assert.deepEqual(answerObject(compiled, "analyst_inflation", record("bread")).coverage, {
    listings: 4,
    matched_listings: 3,
    share: 0.75,
  });
  // Bakery adds the two cookie listings, priced only in W51: 3 matched of 6.
  assert.deepEqual(answerObject(compiled, "analyst_inflation", record("bakery")).coverage, {
    listings: 6,
    matched_listings: 3,
    share: 0.5,
  });
});

// Alpha Mart alone: W49 its Sunny 1.21 → 121; W50 only Rye (unmatched) → 121 imputed; W51 Rye 1.05 →
// 121 × 1.05 = 127.05. Beta Foods alone: W49 Sunny 1 → 100; W50 only the sourdough → imputed; W51 nothing
// priced, still a period (the index runs to the country's latest week) → imputed.
Deno.test("each retailer's own index runs from its first priced week to the country's latest week", () => {
  const body = answerObject(compiled, "analyst_inflation", record("bread"));
  assert.deepEqual(
    body.by_retailer.map((row: { retailer: string; index: [] }) => [row.retailer, values(row.index)]),
    [
      ["Alpha Mart", [
        ["2025-W48", 100, 0, false],
        ["2025-W49", 121, 1, false],
        ["2025-W50", null, 0, true],
        ["2025-W51", 127.05, 1, false],
      ]],
      ["Beta Foods", [
        ["2025-W48", 100, 0, false],
        ["2025-W49", 100, 1, false],
        ["2025-W50", null, 0, true],
        ["2025-W51", null, 0, true],
      ]],
    ],
  );
  assert.deepEqual(body.by_retailer[1].index[3].sample, { n: 0, n_matched: 0 });
});

Deno.test("a retailer's fragment answers that retailer's index, coverage and outliers", () => {
  const beta = answerObject(compiled, "analyst_inflation", record("bread"), retailers.indexOf("Beta Foods"));
  assert.equal(beta.base_period, "2025-W48");
  assert.deepEqual(beta.index[1].value, 100);
  assert.deepEqual(beta.coverage, { listings: 2, matched_listings: 1, share: 0.5 });
  assert.deepEqual(beta.by_retailer.map((row: { retailer: string }) => row.retailer), ["Beta Foods"]);
  assert.equal(beta.method.outliers_excluded, 1);
  const alpha = answerObject(compiled, "analyst_inflation", record("bread"), retailers.indexOf("Alpha Mart"));
  assert.equal(alpha.index[3].value, 127.05);
  assert.equal(alpha.method.outliers_excluded, 0);
  // Cedar Grocer sells no bread: no fragment (the runtime answers 404 before reading one).
  assert.equal(record("bread").by_retailer[retailers.indexOf("Cedar Grocer")], null);
});

Deno.test("a target whose base week is later than another's starts at 100 in its own first week", () => {
  const cookies = answerObject(compiled, "analyst_inflation", record("cookies"));
  assert.equal(cookies.base_period, "2025-W51");
  assert.deepEqual(values(cookies.index), [["2025-W51", 100, 0, false]]);
  assert.deepEqual(cookies.coverage, { listings: 2, matched_listings: 0, share: 0 });
});

const week = (date: string) => weekNumber(Date.parse(`${date}T00:00:00Z`));
Deno.test("weeks are consecutive across a year end (2025-W52 → 2026-W01 is a matched pair)", () => {
  const chain = chainedIndex(
    [
      { weeks: [week("2025-12-22"), week("2025-12-29")], prices: [2, 2.42] },
      { weeks: [week("2025-12-22"), week("2025-12-29")], prices: [4, 4] },
    ],
    week("2026-01-05"),
    1,
  );
  // J = exp((ln 1.21 + ln 1) / 2) = 1.1.
  assert.deepEqual(values(chain.index), [
    ["2025-W52", 100, 0, false],
    ["2026-W01", 110, 2, false],
    ["2026-W02", null, 0, true],
  ]);
});

Deno.test("listings without a non-outlier price give an empty index, base_period null and share null", () => {
  assert.deepEqual(chainedIndex([{ weeks: [], prices: [] }], week("2025-12-15"), 1), {
    base_period: null,
    index: [],
    direct: {
      from: null,
      to: null,
      n: 0,
      value: null,
      reason: "0 listings, below the minimum sample of 1",
    },
    coverage: { listings: 0, matched_listings: 0, share: null },
  });
});

// Five listings priced in W50 and W51, four of them again in W52: the W51 link rests on 5 matched listings,
// the W52 link on 4, below the minimum sample of 5. direct compares W50 with W52 over the 4 priced in both.
Deno.test("a link over fewer matched listings than the minimum sample is no value; the chain carries across it", () => {
  const [w50, w51, w52] = [week("2025-12-08"), week("2025-12-15"), week("2025-12-22")];
  const listings = [
    { weeks: [w50, w51, w52], prices: [1, 1.1, 1.21] },
    { weeks: [w50, w51, w52], prices: [2, 2.2, 2.42] },
    { weeks: [w50, w51, w52], prices: [3, 3.3, 3.63] },
    { weeks: [w50, w51, w52], prices: [4, 4.4, 4.84] },
    { weeks: [w50, w51], prices: [5, 5.5] },
  ];
  const chain = chainedIndex(listings, w52, 5);
  assert.deepEqual(values(chain.index), [
    ["2025-W50", 100, 0, false],
    ["2025-W51", 110, 5, false],
    ["2025-W52", null, 4, true],
  ]);
  assert.equal(chain.index[2]!.reason, "4 matched listings, below the minimum sample of 5");
  assert.deepEqual(chain.direct, {
    from: "2025-W50",
    to: "2025-W52",
    n: 4,
    value: null,
    reason: "4 listings priced in both weeks, below the minimum sample of 5",
  });
  // With a minimum of 4 the same listings give the W52 link 1.1 and direct 121 (every price +21 %).
  const lenient = chainedIndex(listings, w52, 4);
  assert.deepEqual([lenient.index[2]!.value, lenient.direct.value], [121, 121]);
});
