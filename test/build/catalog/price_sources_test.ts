/**
 * Shared flyers and the deal flag's coverage, detected from the data: a generated snapshot where North and
 * South publish one flyer (identical prices on 36 of 40 products priced the same days), East prices on its
 * own, and the deal flag is read from 2025-12-15 on only.
 */
import assert from "node:assert/strict";
import type { AnswerRecord, CategoryResolution } from "../../../src/format/catalog_records.ts";
import { compileFixture, fragmentObject } from "../../support/catalog_fixture.ts";
import { tempDir } from "../../support/temp_dir.ts";

// 40 products × 2 days at North and South (South 0.10 dearer on products 36..39), 40 × 2 at East (+1.00 on
// even products, −0.50 on odd ones). Deal flags: false on Dec 8 (nobody read them), true on every row of
// Dec 15 at North and South, false at East.
const rows = [
  "observation_id,product,brand,retailer,country,category,price,currency,observed_at,unit,is_deal",
];
for (let p = 0; p < 40; p++) {
  for (const [day, deal] of [["2025-12-08", "false"], ["2025-12-15", "true"]] as const) {
    const base = 2 + p / 10;
    const price = (x: number) => x.toFixed(2);
    rows.push(
      `n-${p}-${day},Item ${p},Brand ${p % 4},North,ca,Pantry > Items,${price(base)},CAD,${day},,${deal}`,
    );
    rows.push(
      `s-${p}-${day},Item ${p},Brand ${p % 4},South,ca,Pantry > Items,${
        price(p >= 36 ? base + 0.1 : base)
      },CAD,` +
        `${day},,${deal}`,
    );
    rows.push(
      `e-${p}-${day},Item ${p},Brand ${p % 4},East,ca,Pantry > Items,${
        price(base + (p % 2 === 0 ? 1 : -0.5))
      },` +
        `CAD,${day},,false`,
    );
  }
}
const file = `${await tempDir("price-sources-")}/sources_ca.csv`;
await Deno.writeTextFile(
  file,
  `# snapshot_version: 2\n# country: ca\n# currency: CAD\n# source: generated for the price-source tests\n` +
    `${rows.join("\n")}\n`,
);
const compiled = await compileFixture([file], { minSample: 5 });
const country = compiled.countries[0]!;
const name = (r: number) => country.catalog.retailers[r]!.name;
const record = (shard: "marketing_landscape" | "analyst_dispersion" | "marketing_brands", key: string) =>
  fragmentObject(compiled, shard, (compiled.shards.get(shard)!.get(`ca:${key}`) as AnswerRecord).json);
const items = (compiled.shards.get("catalog_lookup")!.get("ca:category:items") as CategoryResolution).target;

Deno.test("two retailers with identical prices on most same-day products are one price source", () => {
  const shared = country.sources.sources.filter((s) => s.shared_flyer);
  // North and South compared 80 times (40 products × 2 days), identical on 72: 0.9.
  assert.deepEqual(
    shared.map((s) => [s.name, s.retailers.map(name), s.common, s.identical_share]),
    [["North + South", ["North", "South"], 80, 0.9]],
  );
  // East agrees with neither: its own price source.
  assert.deepEqual(country.sources.sources.map((s) => s.name), ["East", "North + South"]);
});

Deno.test("the landscape counts a shared flyer once: its retailers are never each other's competition", () => {
  const body = record("marketing_landscape", String(items));
  // Every product is sold by two price sources (East, North + South): 40 compared, not 40 × 3 retailers.
  assert.equal(body.products_compared, 40);
  const north = body.retailers.find((r: { retailer: string }) => r.retailer === "North");
  // East is dearer on the even products and cheaper on the odd ones: North is cheapest on the 20 even
  // products, South's price (its own flyer) never counted against it.
  assert.deepEqual([north.price_source, north.sample.n_matched, north.cheaper_rate], [
    "North + South",
    40,
    0.5,
  ]);
  assert.deepEqual(body.price_sources.map((s: { name: string }) => s.name), ["North + South"]);
});

Deno.test("the dispersion within products spreads over price sources, not over retailers", () => {
  const body = record("analyst_dispersion", String(items));
  // 40 products, each with 2 values (East; North + South's median).
  assert.deepEqual([body.within_product.products, body.within_product.sample.n], [40, 80]);
  // One value per product and price source: 80 values, though 120 listings are current.
  assert.deepEqual([body.coverage.listings, body.coverage.values, body.stats.n], [120, 80, 80]);
});

Deno.test("a deal flag read from one day on is a coverage jump: promotions are never compared across it", () => {
  assert.deepEqual(country.promo.jump, { day: "2025-12-15", before: 0, after: 0.6667 });
  const brand = record("marketing_brands", "brand 0");
  assert.match(brand.method.promo_coverage, /jumps on 2025-12-15 from 0 % to 66\.7 %/);
  // The snapshot's promo rate counts Dec 15 only: 10 products of brand 0 × 3 retailers, 20 on deal.
  assert.deepEqual([brand.promo_rate, brand.sample.n_promo], [0.6667, 30]);
  // The previous period (Nov 17 – Dec 1) lies before the jump: no promotion rate, and no change.
  assert.deepEqual([brand.period.previous_promo_rate, brand.period.change_promo_rate], [null, null]);
  assert.match(brand.period.reason, /lies before the deal flag's coverage jump on 2025-12-15/);
});
