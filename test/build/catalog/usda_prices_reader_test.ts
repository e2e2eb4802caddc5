import assert from "node:assert/strict";
import { parseUsdaPrices, type UsdaPrice } from "../../../build/catalog/usda_prices_reader.ts";
import { BuildError } from "../../../build/input/build_error.ts";

const sources = "data/catalog/sources/usda_ers";

async function read(name: string): Promise<UsdaPrice[]> {
  const file = `${sources}/${name}`;
  return parseUsdaPrices(await Deno.readTextFile(file), file);
}

Deno.test("the USDA files give 62 fruit and 93 vegetable prices with name, form and unit", async () => {
  const fruit = await read("usda_ers_fruit_prices_2022.csv");
  const vegetables = await read("usda_ers_vegetable_prices_2022.csv");
  assert.deepEqual([fruit.length, vegetables.length], [62, 93]);
  assert.deepEqual(fruit[1], {
    name: "Apples, applesauce",
    group: "Fruit",
    form: "Canned",
    price: 1.1705,
    unit: "per pound",
    line: 3,
  });
  assert.deepEqual(vegetables.at(-1)!.name, "Zucchini");
});

const refused: [string, string, string][] = [
  [
    "a first column that is neither Fruit nor Vegetable",
    "Grain,Form,RetailPrice,RetailPriceUnit\nRice,Dry,1.0,per pound\n",
    'g.csv: line 1: first column is "Grain", expected Fruit or Vegetable',
  ],
  [
    "a price that is not above 0",
    "Fruit,Form,RetailPrice,RetailPriceUnit\nApples,Fresh,0,per pound\n",
    'g.csv: line 2: RetailPrice "0" is not above 0',
  ],
];

for (const [what, text, message] of refused) {
  Deno.test(`a USDA file with ${what} is refused`, () => {
    assert.throws(
      () => parseUsdaPrices(text, "g.csv"),
      (error: unknown) => error instanceof BuildError && error.message === message,
    );
  });
}
