import assert from "node:assert/strict";
import {
  averageOf,
  parseStatcanTable,
  STATCAN_AVERAGE_PRICE_CAVEAT,
  statcanCaveat,
} from "../../../build/catalog/statcan_prices_reader.ts";
import { BuildError } from "../../../build/input/build_error.ts";

const fixtures = "test/build/catalog/fixtures";
const sources = "data/catalog/sources/statcan";

Deno.test("a wide export gives its metadata, months, products without footnote markers and footnotes", async () => {
  const table = parseStatcanTable(await Deno.readTextFile(`${fixtures}/statcan_sample.csv`), "sample.csv");
  assert.deepEqual(
    [table.title, table.table, table.release, table.geography, table.unit],
    [
      "Monthly average retail prices for selected products",
      "18-10-0245-01",
      "2025-12-03",
      "Alberta",
      "Dollars",
    ],
  );
  assert.deepEqual(table.periods, ["2025-01", "2025-02", "2025-03"]);
  assert.deepEqual(table.products.map((p) => [p.name, p.footnotes, p.line, p.values]), [
    ["Oranges, 1.36 kilograms", [1, 2], 12, [5.91, undefined, 6.59]],
    // "2" inside the name is not a footnote marker: only the trailing ones are.
    ["Route 2 coffee, 340 grams", [2], 13, [7.1, undefined, undefined]],
    ["Tea (20 bags)", [1], 14, [4.41, 4.26, 4.24]],
  ]);
  assert.equal(
    table.footnotes.get(1),
    'A note with a <a href="https://example.org">link</a> whose quotes are not doubled.',
  );
  assert.equal(averageOf(table.products[0]!), (5.91 + 6.59) / 2);
  assert.equal(statcanCaveat(table), undefined);
});

Deno.test("the Alberta 2025 export has 110 products over January to October 2025 and StatCan's caveat", async () => {
  const file = `${sources}/statcan_18-10-0245-01_alberta_2025-01_to_2025-10.csv`;
  const table = parseStatcanTable(await Deno.readTextFile(file), file);
  assert.equal(table.products.length, 110);
  assert.deepEqual([table.periods[0], table.periods.length, table.release], ["2025-01", 10, "2025-12-03"]);
  const bread = table.products.find((p) => p.name === "White bread, 675 grams")!;
  assert.deepEqual([bread.footnotes, bread.values[0], bread.values[9]], [[6], 3.46, 3.51]);
  assert.equal(table.products.find((p) => p.name === "Eggs, 1 dozen")!.values[4], 5.12);
  assert.equal(statcanCaveat(table), STATCAN_AVERAGE_PRICE_CAVEAT);
  assert.equal(table.products.flatMap((p) => p.values).filter((v) => v === undefined).length, 0);
});

Deno.test("the Canada 2022 export has 110 products over the 12 months of 2022 and the same caveat", async () => {
  const file = `${sources}/statcan_18-10-0245-01_canada_2022.csv`;
  const table = parseStatcanTable(await Deno.readTextFile(file), file);
  assert.deepEqual([table.products.length, table.periods.length, table.geography], [110, 12, "Canada"]);
  assert.deepEqual(table.products.find((p) => p.name === "Frozen corn, 750 grams")!.footnotes, [5]);
  assert.equal(statcanCaveat(table), STATCAN_AVERAGE_PRICE_CAVEAT);
});

const refused: [string, string, string][] = [
  [
    "a value that is neither a number nor a missing-value symbol",
    '"Table: 1"\n"Release date: 2"\n"Geography","Alberta"\n"Products","January 2025"\n,"Dollars"\n"Bread 1","3,45"\n\nFootnotes:\n1,"n"\n',
    'x.csv: line 6: value "3,45" is not a decimal number or a missing-value symbol',
  ],
  [
    "a column that is not a month or a year",
    '"Table: 1"\n"Release date: 2"\n"Geography","Alberta"\n"Products","Q1 2025"\n,"Dollars"\n"Bread","3.45"\n',
    'x.csv: line 4: column "Q1 2025" is not a month ("January 2025") or a year',
  ],
  [
    "an export without the Products header",
    '"Table: 1"\n"Release date: 2"\n"Bread","3.45"\n',
    'x.csv: header: lacks the "Geography", "Products" and unit rows of a wide export',
  ],
];

for (const [what, text, message] of refused) {
  Deno.test(`a StatCan export with ${what} is refused`, () => {
    assert.throws(
      () => parseStatcanTable(text, "x.csv"),
      (error: unknown) => error instanceof BuildError && error.message === message,
    );
  });
}
