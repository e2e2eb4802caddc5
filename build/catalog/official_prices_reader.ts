/**
 * Official average retail prices, as levels beside the catalog's own prices: Statistics Canada table
 * 18-10-0245-01 for ca (Alberta, the province of the Calgary snapshot) and USDA ERS Fruit and Vegetable Prices
 * 2022 for us, read from the unchanged agency files in data/catalog/sources/ into one record shape.
 *
 * - StatCan: one record per product and month; series = the product name without footnote markers
 *   (`White bread, 675 grams`), period `2025-01`, unit `CAD per 675 grams` (what follows the name's last
 *   comma, without a leading "per ": `CAD per kilogram`, `CAD per unit`; `Tea (20 bags)` → `CAD per 20 bags`).
 * - USDA: one record per row, an annual average; series = `<name>, <Form>` (`Apples, Fresh`, `Apples,
 *   applesauce, Canned`), period `2022`, unit `USD per pound` or `USD per pint`.
 *
 * Both agencies warn that these averages are not a measure of price change: StatCan in the table's own
 * footnote (STATCAN_AVERAGE_PRICE_CAVEAT), USDA ERS on the data product's documentation page (the CSV files
 * carry no notes), quoted in USDA_AVERAGE_PRICE_CAVEAT. Whoever serves the levels serves the caveat with them.
 */
import { BuildError } from "../input/build_error.ts";
import type { CatalogCountry } from "./catalog_snapshot_reader.ts";
import {
  parseStatcanTable,
  STATCAN_AVERAGE_PRICE_CAVEAT,
  type StatcanTable,
} from "./statcan_prices_reader.ts";
import { parseUsdaPrices, type UsdaPrice } from "./usda_prices_reader.ts";

/** One official average price. */
export interface OfficialPrice {
  readonly country: CatalogCountry;
  readonly series: string;
  /** "2025-01" for a month, "2022" for a year. */
  readonly period: string;
  readonly value: number;
  /** Currency and quantity the value is for: "CAD per 675 grams", "USD per pound". */
  readonly unit: string;
  /** The agency, table and edition, one line. */
  readonly source: string;
}

/** The agency files of each country, relative to the catalog folder (data/catalog). */
export const OFFICIAL_SOURCES: Readonly<Record<CatalogCountry, readonly string[]>> = {
  ca: ["sources/statcan/statcan_18-10-0245-01_alberta_2025-01_to_2025-10.csv"],
  us: [
    "sources/usda_ers/usda_ers_fruit_prices_2022.csv",
    "sources/usda_ers/usda_ers_vegetable_prices_2022.csv",
  ],
};

/** USDA's year of the embedded Fruit and Vegetable Prices files (the files themselves do not state it). */
export const USDA_PRICE_YEAR = "2022";

/**
 * USDA ERS's caveat, quoted exactly from the documentation page of the data product
 * (ers.usda.gov/data-products/fruit-and-vegetable-prices/documentation, edition covering the 2022 prices).
 */
export const USDA_AVERAGE_PRICE_CAVEAT =
  "They should not be used for making inferences about price changes over time. Although USDA, ERS " +
  "researchers priced similar fruit and vegetable products for each year, they used different methods for " +
  "coding the underlying Circana data, new products entered the market, and old products exited the market, " +
  "among other factors.";

/** Each country's agency caveat on average prices. */
export const OFFICIAL_CAVEATS: Readonly<Record<CatalogCountry, string>> = {
  ca: STATCAN_AVERAGE_PRICE_CAVEAT,
  us: USDA_AVERAGE_PRICE_CAVEAT,
};

/** The records of a StatCan table, priced in CAD. */
export function statcanOfficialPrices(table: StatcanTable): OfficialPrice[] {
  if (table.unit !== "Dollars") {
    throw new BuildError(table.file, "header", `unit "${table.unit}" is not Dollars`);
  }
  const source = `Statistics Canada, Table ${table.table} (${table.title}), ${table.geography}, ` +
    `release ${table.release}`;
  return table.products.flatMap((product) =>
    table.periods.flatMap((period, at): OfficialPrice[] => {
      const value = product.values[at];
      return value === undefined ? [] : [{
        country: "ca",
        series: product.name,
        period,
        value,
        unit: `CAD per ${quantityOf(product.name)}`,
        source,
      }];
    })
  );
}

/** The records of USDA ERS rows, priced in USD. */
export function usdaOfficialPrices(rows: readonly UsdaPrice[], file: string): OfficialPrice[] {
  return rows.map((row) => {
    if (!/^per \S/.test(row.unit)) {
      throw new BuildError(file, `line ${row.line}`, `RetailPriceUnit "${row.unit}" is not "per <unit>"`);
    }
    return {
      country: "us",
      series: `${row.name}, ${row.form}`,
      period: USDA_PRICE_YEAR,
      value: row.price,
      unit: `USD ${row.unit}`,
      source: `USDA ERS, Fruit and Vegetable Prices ${USDA_PRICE_YEAR} (US average retail prices)`,
    };
  });
}

/** Reads the official prices of `country` from the catalog folder `catalogDir`; a series repeated is a BuildError. */
export async function readOfficialPrices(
  catalogDir: string,
  country: CatalogCountry,
): Promise<OfficialPrice[]> {
  const prices: OfficialPrice[] = [];
  for (const relative of OFFICIAL_SOURCES[country]) {
    const file = `${catalogDir}/${relative}`;
    const text = await Deno.readTextFile(file);
    prices.push(
      ...(country === "ca"
        ? statcanOfficialPrices(parseStatcanTable(text, file))
        : usdaOfficialPrices(parseUsdaPrices(text, file), file)),
    );
  }
  const seen = new Set<string>();
  for (const price of prices) {
    const key = `${price.series}\u001f${price.period}`;
    if (seen.has(key)) {
      throw new BuildError(
        OFFICIAL_SOURCES[country].join(", "),
        price.series,
        `period ${price.period} repeats`,
      );
    }
    seen.add(key);
  }
  return prices;
}

function quantityOf(series: string): string {
  const bracket = /\(([^()]+)\)$/.exec(series);
  if (bracket !== null) return bracket[1]!;
  const comma = series.lastIndexOf(", ");
  return comma === -1 ? "unit" : series.slice(comma + 2).replace(/^per /, "");
}
