/**
 * Reads the USDA ERS "Fruit and Vegetable Prices" CSV files (US average retail prices of one year): the first
 * column names the product (`Fruit` or `Vegetable`), then `Form` (Fresh, Canned, Frozen, Dried, Juice),
 * `RetailPrice` (US dollars) and `RetailPriceUnit` (`per pound`, `per pint`); the yield and cup-equivalent
 * columns are not read.
 */
import { BuildError } from "../input/build_error.ts";
import { csvTable, parseCsv } from "../input/csv_parse.ts";

/** One USDA average price row. */
export interface UsdaPrice {
  readonly name: string;
  readonly group: "Fruit" | "Vegetables";
  readonly form: string;
  readonly price: number;
  readonly unit: string;
  readonly line: number;
}

/** Reads a USDA ERS price CSV whose first column is `Fruit` or `Vegetable`. */
export function parseUsdaPrices(text: string, file: string): UsdaPrice[] {
  const rows = parseCsv(text, file);
  const nameColumn = rows[0]?.fields[0]?.trim();
  if (nameColumn !== "Fruit" && nameColumn !== "Vegetable") {
    throw new BuildError(
      file,
      "line 1",
      `first column is "${nameColumn ?? ""}", expected Fruit or Vegetable`,
    );
  }
  const table = csvTable(rows, file, [nameColumn, "Form", "RetailPrice", "RetailPriceUnit"]);
  return table.rows.map((record) => {
    const where = `line ${record.line}`;
    const name = record.get(nameColumn).trim(), form = record.get("Form").trim();
    const price = Number(record.get("RetailPrice").trim());
    if (name === "" || form === "") throw new BuildError(file, where, "name or Form is empty");
    if (!(price > 0)) {
      throw new BuildError(file, where, `RetailPrice "${record.get("RetailPrice")}" is not above 0`);
    }
    return {
      name,
      group: nameColumn === "Fruit" ? "Fruit" : "Vegetables",
      form,
      price,
      unit: record.get("RetailPriceUnit").trim(),
      line: record.line,
    };
  });
}
