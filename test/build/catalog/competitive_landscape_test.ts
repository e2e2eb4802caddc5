import assert from "node:assert/strict";
import type { AnswerRecord, CategoryResolution } from "../../../src/format/catalog_records.ts";
import { compileFixture, fragmentObject, MARKETING_CA } from "../../support/catalog_fixture.ts";

// marketing_ca.csv, latest 2025-12-28, current window from 2025-12-14. Current prices under Dairy:
//   Moo Milk 2 L          Alpha 4.00 (m-07; m-14 at 15.00 is an outlier: ≥ 3 × its median 5.00)
//                         Beta 5.00 (m-08, valid to 12-31), Cedar 6.00 (m-09); Delta Stale is not
//                         serving-eligible (stale): left out of every market-wide figure
//   Moo Cream 500 mL      Alpha 3.00 (m-10), Beta 3.00 (m-11): a tie for cheapest
//   Dairy Best Milk 1 L   Beta 2.00 (m-12), Cedar 1.50 (m-15)
//   Farm Butter 454 g     Alpha 5.00 (m-13), the only kg listing
//   Skim Milk 4 L         Cedar 6.00 (m-16), unbranded
// Shared products and their medians: Moo Milk median(4, 5, 6) = 5; Moo Cream median(3, 3) = 3;
// Dairy Best median(2.00, 1.50) = 1.75. Eight current listings have a unit price per L, one per kg: L.
const compiled = await compileFixture([MARKETING_CA]);
const retailers = compiled.countries[0]!.catalog.retailers.map((r) => r.name);
const answer = (input: string) => {
  const { target } = compiled.shards.get("catalog_lookup")!.get(`ca:category:${input}`) as CategoryResolution;
  return compiled.shards.get("marketing_landscape")!.get(`ca:${target}`) as AnswerRecord;
};
const parsed = (fragment: string | null | undefined) =>
  fragmentObject(compiled, "marketing_landscape", fragment);

const alpha = {
  retailer: "Alpha Mart",
  listings: 3,
  brands: 2, // Moo, Farm
  median_price: 4, // median(4.00, 3.00, 5.00)
  median_unit_price: 4, // per L: 4.00 / 2 L = 2.00 and 3.00 / 0.5 L = 6.00 → 4.00; the butter is per kg
  price_index: 89.44, // 100 × exp((ln(4/5) + ln(3/3)) / 2) = 100 × √0.8 = 89.443
  overlap_rate: 0.6667, // Moo Milk and Moo Cream are sold elsewhere, the butter is not: 2/3
  cheaper_rate: 1, // 4.00 is the lowest Moo Milk; 3.00 ties for the lowest Moo Cream: 2/2
  price_source: "Alpha Mart",
  sample: { n: 3, n_price: 3, n_unit_price: 2, n_matched: 2 },
  reason: null,
};
const beta = {
  retailer: "Beta Foods",
  listings: 3,
  brands: 2, // Moo, Dairy Best
  median_price: 3, // median(5.00, 3.00, 2.00)
  median_unit_price: 2.5, // per L: 2.50, 6.00, 2.00
  price_index: 104.55, // 100 × exp((ln(5/5) + ln(3/3) + ln(2/1.75)) / 3) = 100 × (8/7)^(1/3) = 104.552
  overlap_rate: 1,
  cheaper_rate: 0.3333, // only the tied Moo Cream: 1/3
  price_source: "Beta Foods",
  sample: { n: 3, n_price: 3, n_unit_price: 3, n_matched: 3 },
  reason: null,
};
const cedar = {
  retailer: "Cedar Market",
  listings: 3,
  brands: 2, // Moo, Dairy Best; the unbranded skim milk is no brand
  median_price: 6, // median(6.00, 1.50, 6.00)
  median_unit_price: 1.5, // per L: 3.00, 1.50, 1.50
  price_index: 101.42, // 100 × exp((ln(6/5) + ln(1.5/1.75)) / 2) = 100 × √(36/35) = 101.419
  overlap_rate: 0.6667, // Moo Milk and Dairy Best; not the skim milk
  cheaper_rate: 0.5, // cheapest for Dairy Best only: 1/2
  price_source: "Cedar Market",
  sample: { n: 3, n_price: 3, n_unit_price: 3, n_matched: 2 },
  reason: null,
};

Deno.test("competitive landscape rows: price index, overlap and cheaper rates of the products shared with other retailers", () => {
  const body = parsed(answer("dairy").json);
  assert.deepEqual(body.retailers, [alpha, beta, cedar]);
  assert.equal(body.listings, 9);
  assert.equal(body.products_compared, 3);
  assert.equal(body.unit_basis, "L");
});

Deno.test("top brands by current listings with their median current price; an unknown brand is counted apart", () => {
  const body = parsed(answer("dairy").json);
  assert.deepEqual(body.top_brands, [
    { brand: "Moo", listings: 5, median_price: 4, sample: { n: 5, n_price: 5 }, reason: null }, // median(4, 5, 6, 3, 3)
    { brand: "Dairy Best", listings: 2, median_price: 1.75, sample: { n: 2, n_price: 2 }, reason: null },
    { brand: "Farm", listings: 1, median_price: 5, sample: { n: 1, n_price: 1 }, reason: null },
  ]);
  // Cedar's Skim Milk has no known brand.
  assert.deepEqual(body.unknown_brand, { listings: 1 });
  assert.deepEqual(body.price_sources, []);
});

Deno.test("the method names every figure and counts the current-window outliers it left out", () => {
  const { method } = parsed(answer("dairy").json);
  assert.deepEqual(Object.keys(method), [
    "current",
    "listings",
    "brands",
    "median_price",
    "median_unit_price",
    "price_sources",
    "price_index",
    "overlap_rate",
    "cheaper_rate",
    "products_compared",
    "top_brands",
    "minimum_sample",
    "outliers_excluded",
  ]);
  assert.equal(method.outliers_excluded, 1); // m-14
  assert.match(method.cheaper_rate, /ties count as cheapest/);
});

Deno.test("a retailer's fragment keeps its row, measured against the whole market, and the market's other figures", () => {
  const record = answer("dairy");
  const market = parsed(record.json);
  const at = (name: string) => parsed(record.by_retailer[retailers.indexOf(name)]!);
  assert.deepEqual(at("Cedar Market"), { ...market, retailers: [cedar] });
  // Delta Stale lists Moo Milk but is not serving-eligible: the runtime refuses it, and it has no fragment.
  assert.equal(record.by_retailer[retailers.indexOf("Delta Stale")], null);
});

Deno.test("with the minimum sample of 5, a retailer's figures over fewer items are null, with the reason", async () => {
  const strict = await compileFixture([MARKETING_CA], { minSample: 5 });
  const { target } = strict.shards.get("catalog_lookup")!.get("ca:category:dairy") as CategoryResolution;
  const body = fragmentObject(
    strict,
    "marketing_landscape",
    (strict.shards.get("marketing_landscape")!.get(`ca:${target}`) as AnswerRecord).json,
  );
  assert.deepEqual(body.retailers[0], {
    ...alpha,
    median_price: null,
    median_unit_price: null,
    price_index: null,
    overlap_rate: null,
    cheaper_rate: null,
    reason: "3 current listings, below the minimum sample of 5; 2 products matched with another price " +
      "source, below the minimum sample of 5",
  });
  // Moo has 5 current prices per item: its median stands; Dairy Best's 2 do not.
  assert.deepEqual(body.top_brands.map((b: { median_price: number | null }) => b.median_price), [
    4,
    null,
    null,
  ]);
});

Deno.test("a category sold by one retailer only compares nothing; a retailer without listings there has no fragment", () => {
  const record = answer("butter");
  const body = parsed(record.json);
  assert.equal(body.products_compared, 0);
  assert.equal(body.unit_basis, "kg");
  assert.deepEqual(body.retailers.map((r: typeof alpha) => [r.retailer, r.price_index, r.overlap_rate]), [
    ["Alpha Mart", null, 0],
  ]);
  assert.deepEqual(record.by_retailer.map((f) => f !== null), retailers.map((name) => name === "Alpha Mart"));
});

// Embedded Calgary data, as_of 2025-12-17. Under Baked Goods > Bagels:
//   Bagels (unknown brand)  Sobeys 3.69 (ca-flyer-005455, 2025-12-17, valid to 12-24); Calgary Co-op's 4.99
//                           (ca-flyer-002710) was valid until 2025-12-03 only: expired, not current;
//                           Safeway's Bagels sit in Baked Goods, the category of its latest row
//                           (ca-flyer-007985, a repeat of ca-flyer-006525 counted once).
//   Dempster's Bagels       Sobeys 4.49 (ca-flyer-005459); Safeway's and Save-On-Foods' latest rows
//                           (ca-flyer-008275, ca-flyer-007611) are in Baked Goods.
// Nothing current is shared, so nothing compares; Sobeys shares Safeway's flyer: one price source.
Deno.test("on the embedded Calgary flyers, bagels: an expired offer is not current, nothing is compared", async () => {
  const calgary = await compileFixture(["data/catalog/ca_calgary_flyers.csv"]);
  const { target } = calgary.shards.get("catalog_lookup")!.get(
    "ca:category:baked goods > bagels",
  ) as CategoryResolution;
  const body = parsed((calgary.shards.get("marketing_landscape")!.get(`ca:${target}`) as AnswerRecord).json);
  assert.deepEqual([body.listings, body.products_compared, body.unit_basis], [2, 0, null]);
  assert.deepEqual(body.retailers, [
    {
      retailer: "Sobeys",
      listings: 2,
      brands: 1,
      median_price: 4.09, // median(3.69, 4.49)
      median_unit_price: null,
      price_index: null,
      overlap_rate: 0,
      cheaper_rate: null,
      price_source: "Safeway + Sobeys",
      sample: { n: 2, n_price: 2, n_unit_price: 0, n_matched: 0 },
      reason: "0 products matched with another price source, below the minimum sample of 1",
    },
  ]);
  assert.deepEqual(body.top_brands, [{
    brand: "Dempster's",
    listings: 1,
    median_price: 4.49,
    sample: { n: 1, n_price: 1 },
    reason: null,
  }]);
  assert.deepEqual(body.unknown_brand, { listings: 1 });
  assert.deepEqual(body.price_sources.map((s: { name: string }) => s.name), ["Safeway + Sobeys"]);
});
