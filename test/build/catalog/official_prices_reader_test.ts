import assert from "node:assert/strict";
import {
  OFFICIAL_CAVEATS,
  readOfficialPrices,
  USDA_AVERAGE_PRICE_CAVEAT,
  usdaOfficialPrices,
} from "../../../build/catalog/official_prices_reader.ts";
import { STATCAN_AVERAGE_PRICE_CAVEAT } from "../../../build/catalog/statcan_prices_reader.ts";
import { BuildError } from "../../../build/input/build_error.ts";

Deno.test("ca official prices are StatCan's Alberta monthly averages: 110 series × 10 months", async () => {
  const prices = await readOfficialPrices("data/catalog", "ca");
  assert.equal(prices.length, 1100);
  assert.equal(new Set(prices.map((p) => p.series)).size, 110);
  assert.deepEqual(prices.find((p) => p.series === "White bread, 675 grams" && p.period === "2025-10"), {
    country: "ca",
    series: "White bread, 675 grams",
    period: "2025-10",
    value: 3.51,
    unit: "CAD per 675 grams",
    source: "Statistics Canada, Table 18-10-0245-01 (Monthly average retail prices for selected products), " +
      "Alberta, release 2025-12-03",
  });
  const units = (series: string) => prices.find((p) => p.series === series)!.unit;
  assert.deepEqual(
    ["Apples, per kilogram", "Lemons, unit", "Tea (20 bags)", "Eggs, 1 dozen"].map(units),
    ["CAD per kilogram", "CAD per unit", "CAD per 20 bags", "CAD per 1 dozen"],
  );
});

Deno.test("us official prices are USDA ERS's 2022 annual averages: 155 series", async () => {
  const prices = await readOfficialPrices("data/catalog", "us");
  assert.equal(prices.length, 155);
  assert.deepEqual(prices[0], {
    country: "us",
    series: "Apples, Fresh",
    period: "2022",
    value: 1.8541,
    unit: "USD per pound",
    source: "USDA ERS, Fruit and Vegetable Prices 2022 (US average retail prices)",
  });
  assert.deepEqual(prices.find((p) => p.series === "Oranges, ready-to-drink, Juice")!.unit, "USD per pint");
});

Deno.test("each country's caveat is its agency's words that average prices do not measure price change", () => {
  assert.deepEqual(OFFICIAL_CAVEATS, { ca: STATCAN_AVERAGE_PRICE_CAVEAT, us: USDA_AVERAGE_PRICE_CAVEAT });
  assert.match(
    STATCAN_AVERAGE_PRICE_CAVEAT,
    /should not be used as a representative measure of pure price change/,
  );
  assert.match(
    USDA_AVERAGE_PRICE_CAVEAT,
    /^They should not be used for making inferences about price changes/,
  );
});

Deno.test("a USDA unit that is not per a unit of measure is refused", () => {
  assert.throws(
    () =>
      usdaOfficialPrices(
        [{ name: "Apples", group: "Fruit", form: "Fresh", price: 1, unit: "", line: 2 }],
        "f.csv",
      ),
    (error: unknown) =>
      error instanceof BuildError &&
      error.message === 'f.csv: line 2: RetailPriceUnit "" is not "per <unit>"',
  );
});
