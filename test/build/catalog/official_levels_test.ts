import assert from "node:assert/strict";
import type { AnswerRecord, CategoryResolution } from "../../../src/format/catalog_records.ts";
import { joinOfficial, type OfficialLevel } from "../../../build/catalog/official_levels.ts";
import { OFFICIAL_CAVEATS } from "../../../build/catalog/official_prices_reader.ts";
import { ANALYST_CA, answerObject, compileFixture } from "../../support/catalog_fixture.ts";

const level = (series: string, period: string, value: number, links: string[]): OfficialLevel => ({
  series,
  period,
  value,
  unit: "dollars",
  source: "Statistics Canada 18-10-0245-01",
  links,
});

// Bakery > Bread is linked to the brick 10000164 Bread (Perishable), under the class 50181900 Bread.
const compiled = await compileFixture([ANALYST_CA], {
  links: { ca: [{ category: "Bakery > Bread", gpc_code: "10000164" }] },
  official: {
    ca: [
      level("White bread, 675 grams", "2025-10", 3.52, ["50181900"]), // the class: covers the brick's link
      level("White bread, 675 grams", "2025-09", 3.45, ["50181900"]),
      level("Canola oil, 3 litres", "2025-10", 11.99, ["Pantry > Oil"]), // a catalog path
      level("Frozen bread", "2025-10", 4.1, ["10000163"]), // a sibling brick no category is linked to
      level("Crackers", "2025-10", 3.2, ["Pantry > Crackers"]), // a path the catalog does not have
    ],
  },
});
const official = (input: string) => {
  const target = (compiled.shards.get("catalog_lookup")!.get(`ca:category:${input}`) as CategoryResolution)
    .target;
  const record = compiled.shards.get("analyst_inflation")!.get(`ca:${target}`) as AnswerRecord;
  return answerObject(compiled, "analyst_inflation", record);
};

Deno.test("a series linked to a GPC class reaches the categories linked to a brick under it, by period", () => {
  assert.deepEqual(official("bread").official, [
    {
      period: "2025-09",
      value: 3.45,
      unit: "dollars",
      series: "White bread, 675 grams",
      source: "Statistics Canada 18-10-0245-01",
    },
    {
      period: "2025-10",
      value: 3.52,
      unit: "dollars",
      series: "White bread, 675 grams",
      source: "Statistics Canada 18-10-0245-01",
    },
  ]);
});

Deno.test("a target covering a linked category (Bakery covers Bakery > Bread) lists its series", () => {
  assert.deepEqual(official("bakery").official.map((row: { series: string }) => row.series), [
    "White bread, 675 grams",
    "White bread, 675 grams",
  ]);
  assert.deepEqual(official("cookies").official, []);
});

Deno.test("a series linked to a catalog path applies to that category", () => {
  assert.deepEqual(
    official("oil").official.map((row: { series: string; value: number }) => [row.series, row.value]),
    [
      ["Canola oil, 3 litres", 11.99],
    ],
  );
});

Deno.test("official levels stand beside the index with StatCan's own caveat and never change it", () => {
  const body = official("bread");
  assert.deepEqual(body.index.map((row: { value: number | null }) => row.value), [100, 110, null, 115.5]);
  assert.equal(body.official_caveat, OFFICIAL_CAVEATS.ca);
  assert.match(
    body.official_caveat,
    /should not be used as a representative measure of pure price change through time/,
  );
  // The build reports how many levels reached a category: the two bread levels and the oil one.
  assert.equal(
    (compiled.report.countries as { official_levels_linked: number }[])[0]!.official_levels_linked,
    3,
  );
});

Deno.test("joining the reader's rows with the link table keeps linked rows, with every link of their series", () => {
  const source = "USDA ERS Fruit and Vegetable Prices 2022";
  const joined = joinOfficial(
    [
      { country: "us", series: "Apples, Fresh", period: "2022", value: 1.8541, unit: "per pound", source },
      { country: "us", series: "Okra, Fresh", period: "2022", value: 5.1567, unit: "per pound", source },
      { country: "ca", series: "Apples, Fresh", period: "2022", value: 4.5, unit: "per kilogram", source },
    ],
    [
      { country: "us", series: "Apples, Fresh", link: "Produce > Apples" },
      { country: "us", series: "Apples, Fresh", link: "10005755" },
    ],
  );
  assert.deepEqual([...joined], [["us", [{
    series: "Apples, Fresh",
    period: "2022",
    value: 1.8541,
    unit: "per pound",
    source,
    links: ["Produce > Apples", "10005755"],
  }]]]);
});
