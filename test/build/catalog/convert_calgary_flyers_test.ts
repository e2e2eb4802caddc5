import assert from "node:assert/strict";
import { convertCalgaryFlyers, humanise } from "../../../build/catalog/convert_calgary_flyers.ts";
import { brandOf, parseBrandList } from "../../../build/catalog/catalog_brand_list.ts";
import { parseSnapshot } from "../../../build/catalog/catalog_snapshot_reader.ts";
import { BuildError } from "../../../build/input/build_error.ts";

const fixtures = "test/build/catalog/fixtures";
const sampleBrands = parseBrandList(
  await Deno.readTextFile(`${fixtures}/brands_sample.txt`),
  "brands_sample.txt",
);

async function convertSample() {
  return convertCalgaryFlyers(
    await Deno.readTextFile(`${fixtures}/flyers_sample.csv`),
    "flyers_sample.csv",
    sampleBrands,
  );
}

Deno.test("the converter keeps priced rows, drops the unpriced ones and says why", async () => {
  const { report } = await convertSample();
  assert.deepEqual(report, {
    rows_read: 7,
    rows_written: 5,
    dropped: { "price is empty, zero or not a number": 2 },
    valid_until_unreadable: 0,
    is_deal_unreadable: 0,
    rows_with_brand: 3,
    distinct_brands: 3,
    retailers: 4,
  });
});

Deno.test("the converter writes a snapshot the reader accepts, one observation per kept row", async () => {
  const snapshot = parseSnapshot((await convertSample()).snapshot, "out.csv");
  assert.equal(snapshot.metadata.country, "ca");
  assert.equal(snapshot.metadata.generated, undefined);
  const rows = snapshot.observations.map((o) => [
    o.observation_id,
    o.product,
    o.brand,
    o.retailer,
    o.category.join(" > "),
    o.price_text,
    new Date(o.observed_at).toISOString().slice(0, 10),
    o.is_deal,
    o.valid_until === undefined ? undefined : new Date(o.valid_until).toISOString(),
  ]);
  assert.deepEqual(rows, [
    [
      "ca-flyer-000002",
      "Farmer'S Market™ Cookies Or Loaf Cakes",
      "Farmer's Market",
      "No Frills",
      "Baked Goods > Cookies Cakes",
      "5.00",
      "2025-12-12",
      true,
      "2025-12-17T00:00:00.000Z",
    ],
    [
      "ca-flyer-000003",
      "Bread",
      "",
      "Calgary Co-op",
      "Pantry > Bread",
      "5.00",
      "2025-12-12",
      false,
      "2025-12-17T00:00:00.000Z",
    ],
    [
      "ca-flyer-000004",
      "Nature Valley Granola Bars Or Betty Crocker Fruit Snacks",
      "",
      "Safeway",
      "Snacks",
      "3.99",
      "2025-12-10",
      false,
      "2025-12-18T04:59:59.000Z",
    ],
    [
      "ca-flyer-000005",
      "Kellogg'S Vector Granola",
      "Kellogg's",
      "Safeway",
      "Pantry > Granola",
      "4.49",
      "2025-12-10",
      true,
      "2025-12-17T00:00:00.000Z",
    ],
    [
      "ca-flyer-000008",
      "Compliments Chicken Legs",
      "Compliments",
      "Sobeys",
      "Personal Care > Chicken Legs",
      "1.29",
      "2025-11-26",
      undefined,
      "2025-12-03T00:00:00.000Z",
    ],
  ]);
});

Deno.test("the converter gives the same bytes on every run", async () => {
  assert.equal((await convertSample()).snapshot, (await convertSample()).snapshot);
});

Deno.test("the converter refuses a flyer file that lacks a column it reads", () => {
  assert.throws(
    () => convertCalgaryFlyers("Date,Store,Item\n2025-12-12,Safeway,Bread\n", "bad.csv", sampleBrands),
    (error: unknown) =>
      error instanceof BuildError &&
      error.message.startsWith('bad.csv: line 1: header lacks column "Price_Value"'),
  );
});

Deno.test("the committed ca snapshot is exactly what the converter makes of the committed flyer file", async () => {
  const brands = parseBrandList(await Deno.readTextFile("data/catalog/brands_ca.txt"), "brands_ca.txt");
  const source = "data/catalog/sources/calgary_flyers/seton_grocery_history.csv";
  const { snapshot, report } = convertCalgaryFlyers(await Deno.readTextFile(source), source, brands);
  assert.equal(snapshot, await Deno.readTextFile("data/catalog/ca_calgary_flyers.csv"));
  // The source's 213 "Check Store" rows carry 0.0 as their price.
  assert.equal(report.rows_read, 8573);
  assert.deepEqual(report.dropped, { "price is empty, zero or not a number": 213 });
  assert.equal(report.rows_written, 8573 - 213);
  assert.equal(report.retailers, 7);
});

const brandCases: [string, string, string][] = [
  [
    "a leading brand, whatever its case and marks",
    "Farmer'S Market™ Cookies Or Loaf Cakes",
    "Farmer's Market",
  ],
  ["a registered mark glued to the brand", "Pc® Black Figs", "PC"],
  ["no brand for a brand name that does not lead", "Dessert Cake Made With Pc", ""],
  [
    "no brand for a second listed brand after or",
    "Nature Valley Granola Bars Or Betty Crocker Fruit Snacks",
    "",
  ],
  ["no brand for a second listed brand after a comma", "Kellogg's Cereal, Nature Valley Bars", ""],
  ["the brand when the same brand repeats", "Pc Soup Or Pc Noodles", "PC"],
  ["no brand when the brand is only a word's beginning", "Pcs Of Cake", ""],
  ["no brand for an unlisted name", "Boursin", ""],
];

for (const [what, item, brand] of brandCases) {
  Deno.test(`brand rule: ${what}`, () => assert.equal(brandOf(item, sampleBrands), brand));
}

Deno.test("a brand list refuses a brand listed twice in two spellings", () => {
  assert.throws(
    () => parseBrandList("PC\n# comment\npc®\n", "b.txt"),
    (error: unknown) =>
      error instanceof BuildError && error.message === 'b.txt: line 3: brand "pc®" repeats line 1',
  );
});

const labels: [string, string][] = [
  ["cheese_premium", "Cheese Premium"],
  ["Personal_Care", "Personal Care"],
  [
    "Meat & Seafood",
    "Meat & Seafood",
  ],
  ["", ""],
];

for (const [name, label] of labels) {
  Deno.test(`humanise turns "${name}" into "${label}"`, () => assert.equal(humanise(name), label));
}
