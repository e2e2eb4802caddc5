import assert from "node:assert/strict";
import {
  CARRY_PROBABILITY,
  DEFAULT_INPUTS,
  GENERATED_RETAILERS,
  generateUsSnapshot,
  parseUsdaPrices,
  type UsdaPrice,
} from "../../../build/catalog/generate_us_snapshot.ts";
import { seededRandom } from "../../../build/catalog/seeded_random.ts";
import { parseSnapshot } from "../../../build/catalog/catalog_snapshot_reader.ts";
import { BuildError } from "../../../build/input/build_error.ts";

async function usdaPrices(): Promise<UsdaPrice[]> {
  const prices: UsdaPrice[] = [];
  for (const input of DEFAULT_INPUTS) prices.push(...parseUsdaPrices(await Deno.readTextFile(input), input));
  return prices;
}

Deno.test("the USDA files give 62 fruit and 93 vegetable prices with name, form and unit", async () => {
  const prices = await usdaPrices();
  assert.equal(prices.filter((p) => p.group === "Fruit").length, 62);
  assert.equal(prices.filter((p) => p.group === "Vegetables").length, 93);
  assert.deepEqual(prices[1], {
    name: "Apples, applesauce",
    group: "Fruit",
    form: "Canned",
    price: 1.1705,
    unit: "per pound",
  });
});

Deno.test("the generated snapshot is byte-identical on every run", async () => {
  const prices = await usdaPrices();
  assert.equal(generateUsSnapshot(prices, DEFAULT_INPUTS), generateUsSnapshot(prices, DEFAULT_INPUTS));
});

Deno.test("the committed us snapshot is exactly what the generator makes of the committed USDA files", async () => {
  const generated = generateUsSnapshot(await usdaPrices(), DEFAULT_INPUTS);
  assert.equal(generated, await Deno.readTextFile("data/catalog/us_generated_usda_2022.csv"));
});

Deno.test("the generated snapshot is labelled generated and priced around the USDA average in 2022", async () => {
  const prices = await usdaPrices();
  const snapshot = parseSnapshot(generateUsSnapshot(prices, DEFAULT_INPUTS), "us.csv");
  assert.match(
    snapshot.metadata.generated ?? "",
    /^by build\/catalog\/generate_us_snapshot\.ts \(seed \d+\)/,
  );
  assert.equal(snapshot.metadata.country, "us");
  const average = new Map(prices.map((p) => [`${p.name} (${p.form})`, p.price]));
  const listings = new Map<string, number>();
  for (const row of snapshot.observations) {
    const base = average.get(row.product);
    assert.ok(base !== undefined, `${row.product} comes from a USDA row`);
    // Price level 0.90..1.12, drift ±4%, noise ±15%: within 0.74..1.34 of the average.
    assert.ok(
      row.price >= base * 0.74 - 0.01 && row.price <= base * 1.34 + 0.01,
      `${row.product} ${row.price_text}`,
    );
    assert.ok(row.observed_at >= Date.UTC(2022, 0, 1) && row.observed_at < Date.UTC(2023, 0, 1));
    assert.ok((GENERATED_RETAILERS as readonly string[]).includes(row.retailer));
    assert.equal(row.brand, "");
    assert.equal(row.category[0], "Produce");
    listings.set(`${row.retailer}|${row.product}`, (listings.get(`${row.retailer}|${row.product}`) ?? 0) + 1);
  }
  // Every carried listing is priced once a month.
  assert.deepEqual([...new Set(listings.values())], [12]);
  const share = listings.size / (prices.length * GENERATED_RETAILERS.length);
  assert.ok(Math.abs(share - CARRY_PROBABILITY) < 0.05, `carried share ${share}`);
});

Deno.test("a USDA file whose first column is neither Fruit nor Vegetable is refused", () => {
  assert.throws(
    () => parseUsdaPrices("Grain,Form,RetailPrice,RetailPriceUnit\nRice,Dry,1.0,per pound\n", "g.csv"),
    (error: unknown) =>
      error instanceof BuildError &&
      error.message === 'g.csv: line 1: first column is "Grain", expected Fruit or Vegetable',
  );
});

Deno.test("a seeded sequence repeats for its seed, differs for another and stays in [0, 1)", () => {
  const draw = (seed: number) => {
    const random = seededRandom(seed);
    return Array.from({ length: 1000 }, () => random());
  };
  assert.deepEqual(draw(7), draw(7));
  assert.notDeepEqual(draw(7), draw(8));
  assert.ok(draw(7).every((x) => x >= 0 && x < 1));
});
