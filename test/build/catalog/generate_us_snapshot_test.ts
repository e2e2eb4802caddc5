import assert from "node:assert/strict";
import {
  DEFAULT_INPUTS,
  FIRST_WEEK,
  GENERATED_RETAILERS,
  generateUsSnapshot,
  storeBrandOf,
} from "../../../build/catalog/generate_us_snapshot.ts";
import { parseUsdaPrices, type UsdaPrice } from "../../../build/catalog/usda_prices_reader.ts";
import { parseStatcanTable, type StatcanTable } from "../../../build/catalog/statcan_prices_reader.ts";
import { GENERATED_BRANDS } from "../../../build/catalog/us_generated_products.ts";
import { produceProducts } from "../../../build/catalog/us_generated_produce.ts";
import { stapleProducts, USD_CAD_2022 } from "../../../build/catalog/us_generated_staples.ts";
import { parseSnapshot } from "../../../build/catalog/catalog_snapshot_reader.ts";
import { unitConversionCounts } from "../../../build/catalog/pack_size.ts";

async function inputs(): Promise<{ usda: UsdaPrice[]; statcan: StatcanTable }> {
  const usda: UsdaPrice[] = [];
  for (const input of DEFAULT_INPUTS.slice(0, 2)) {
    usda.push(...parseUsdaPrices(await Deno.readTextFile(input), input));
  }
  const statcan = parseStatcanTable(await Deno.readTextFile(DEFAULT_INPUTS[2]), DEFAULT_INPUTS[2]);
  return { usda, statcan };
}

const { usda, statcan } = await inputs();
const text = generateUsSnapshot(usda, statcan, DEFAULT_INPUTS);
const snapshot = parseSnapshot(text, "us.csv");

Deno.test("the generated snapshot is byte-identical on every run", () => {
  assert.equal(generateUsSnapshot(usda, statcan, DEFAULT_INPUTS), text);
});

Deno.test("the committed us snapshot is exactly what the generator makes of the committed source files", async () => {
  assert.equal(text, await Deno.readTextFile("data/catalog/us_generated_2022.csv"));
});

Deno.test("the generated snapshot is labelled generated, in USD, and says where its price levels come from", () => {
  assert.match(
    snapshot.metadata.generated ?? "",
    /^by build\/catalog\/generate_us_snapshot\.ts \(seed 2022\)/,
  );
  assert.match(snapshot.metadata.generated ?? "", /fictitious, not observed$/);
  assert.match(snapshot.metadata.source, /USDA ERS Fruit and Vegetable Prices 2022/);
  assert.match(
    snapshot.metadata.source,
    /Statistics Canada table 18-10-0245-01, Canada 2022 .* at 1\.3013 CAD per USD/,
  );
  assert.equal(snapshot.metadata.country, "us");
});

Deno.test("the generated snapshot holds 18,839 weekly observations of 791 listings of 190 products", () => {
  const listings = new Set(snapshot.observations.map((r) => `${r.retailer}|${r.brand}|${r.product}`));
  assert.equal(snapshot.observations.length, 18839);
  assert.equal(listings.size, 791);
  assert.equal(new Set(snapshot.observations.map((r) => r.product)).size, 190);
  assert.equal(produceProducts(usda).length + stapleProducts(statcan).length, 190);
});

Deno.test("observations fall on the 26 weeks from 2022-07-04, each retailer on its own weekday", () => {
  const first = Date.parse(`${FIRST_WEEK}T00:00:00Z`);
  const weeksOf = new Map<string, Set<number>>();
  for (const row of snapshot.observations) {
    const days = (row.observed_at - first) / 86_400_000;
    const retailer = GENERATED_RETAILERS.indexOf(row.retailer as typeof GENERATED_RETAILERS[number]);
    assert.equal(days % 7, retailer, `${row.retailer} ${row.observation_id}`);
    assert.ok(days >= 0 && days < 26 * 7);
    const key = `${row.retailer}|${row.brand}|${row.product}`;
    const weeks = weeksOf.get(key) ?? new Set();
    assert.ok(!weeks.has(Math.floor(days / 7)), `${key} is observed twice in a week`);
    weeksOf.set(key, weeks.add(Math.floor(days / 7)));
  }
  assert.equal(snapshot.observations.reduce((a, r) => Math.max(a, r.observed_at), 0), Date.UTC(2022, 11, 31));
  // Listings with missing weeks: late starts, early ends and single gaps.
  assert.equal([...weeksOf.values()].filter((weeks) => weeks.size < 26).length, 597);
});

Deno.test("six retailers sell fictitious national brands, their own store brands and unbranded produce", () => {
  const brands = new Set(snapshot.observations.map((r) => r.brand));
  const expected = ["", ...GENERATED_BRANDS, ...GENERATED_RETAILERS.map(storeBrandOf)];
  assert.deepEqual([...brands].sort(), [...expected].sort());
  assert.equal(GENERATED_BRANDS.length, 11);
  assert.deepEqual(new Set(snapshot.observations.map((r) => r.retailer)).size, 6);
  for (const row of snapshot.observations) {
    assert.equal(row.brand === "", row.unit !== "", `${row.observation_id}: only loose produce is unbranded`);
  }
});

Deno.test("deals are below the listing's regular price and valid until a Saturday of 2022 on or after the day", () => {
  const regular = new Map<string, number>();
  for (const row of snapshot.observations) {
    if (row.is_deal === false) {
      const key = `${row.retailer}|${row.brand}|${row.product}`;
      regular.set(key, Math.max(regular.get(key) ?? 0, row.price));
    }
  }
  let deals = 0;
  for (const row of snapshot.observations) {
    assert.notEqual(row.is_deal, undefined);
    if (row.is_deal !== true) {
      assert.equal(row.valid_until, undefined);
      continue;
    }
    deals++;
    const until = row.valid_until!;
    assert.equal(new Date(until).getUTCDay(), 6);
    assert.ok(until >= row.observed_at && until <= Date.UTC(2022, 11, 31));
    const ceiling = regular.get(`${row.retailer}|${row.brand}|${row.product}`);
    if (ceiling !== undefined) assert.ok(row.price < ceiling, `${row.observation_id} ${row.price_text}`);
  }
  assert.equal(deals, 2558);
});

Deno.test("all three unit conversion kinds occur: sizes in names, per-pound produce, produce sold each", () => {
  assert.deepEqual(unitConversionCounts(snapshot.observations), {
    exact: 15285,
    derived: 2762,
    unknown: 792,
    unstated_basis: 0,
  });
});

Deno.test("a staple's average is the StatCan 2022 mean in USD scaled to the US pack", () => {
  const bread = stapleProducts(statcan).find((p) => p.product === "White bread, 20 oz loaf")!;
  const months = statcan.products.find((p) => p.name === "White bread, 675 grams")!.values as number[];
  const mean = months.reduce((a, b) => a + b, 0) / 12;
  // 20 oz = 0.5669904625 kg.
  assert.equal(bread.price, (mean / USD_CAD_2022) * (0.5669904625 / 0.675) ** 0.9);
  assert.deepEqual(bread.category, ["Bakery", "Bread"]);
  assert.equal(bread.basis, "StatCan: White bread, 675 grams");
});

Deno.test("packed produce is priced at the USDA average per pound or pint times what the pack holds", () => {
  const products = produceProducts(usda);
  const bag = products.find((p) => p.product === "Apples (Fresh), 3 lb bag")!;
  // 3 lb read from the name: 1.36077711 kg, in pounds.
  assert.equal(bag.price, 1.8541 * (1.36077711 / 0.45359237) * 0.85);
  assert.deepEqual(bag.brands, ["Fictiva Farms", "Lorem Orchards"]);
  const juice = products.find((p) => p.product === "Oranges, ready-to-drink (Juice), 1.89 L")!;
  assert.equal(juice.price, 1.0572 * (1.89 / 0.473176473));
  const loose = products.find((p) => p.product === "Bananas (Fresh)")!;
  assert.deepEqual([loose.unit, loose.price, loose.brands], ["per pound", 0.5971, []]);
  const each = products.find((p) => p.product === "Cantaloupe (Fresh)")!;
  assert.deepEqual([each.unit, each.price], ["each", 0.7523 * 3]);
  assert.equal(products.some((p) => p.product.startsWith("Spinach, boiled")), false);
});
