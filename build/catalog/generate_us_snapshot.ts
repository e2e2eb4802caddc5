/**
 * Generates the US catalog snapshot from the USDA ERS Fruit and Vegetable Prices 2022 averages. No US
 * retailer-level price data with a clear licence exists at hand, so the observations are generated, and the
 * snapshot says so in its `# generated:` line.
 *
 * ```
 * deno run --allow-read --allow-write build/catalog/generate_us_snapshot.ts [fruit.csv vegetable.csv] <snapshot.csv>
 * ```
 *
 * Every USDA row (Fruit or Vegetable, Form, RetailPrice, RetailPriceUnit) is a product "Name (Form)" in
 * category `Produce > Fruit|Vegetables > Form`, unbranded, priced per RetailPriceUnit. Each of the
 * GENERATED_RETAILERS carries a product with probability CARRY_PROBABILITY and prices it once a month of
 * 2022, on a drawn day, at USDA average × the retailer's price level × a drift of ANNUAL_DRIFT a year centred
 * on mid-2022 × noise of about ±5%, rounded to cents. All draws come from one seeded sequence (SEED) in a
 * fixed order, and nothing reads the clock: the output bytes depend on the two input files only.
 */
import { BuildError } from "../input/build_error.ts";
import { csvTable, parseCsv } from "../input/csv_parse.ts";
import { seededRandom } from "./seeded_random.ts";
import { formatSnapshot, type SnapshotRow } from "./catalog_snapshot_writer.ts";

/** The seed of the generated snapshot; changing it changes every price and date. */
export const SEED = 2022;

/** The fictitious retailers of the generated snapshot, named so nobody mistakes them for real stores. */
export const GENERATED_RETAILERS = [
  "Generated Market A",
  "Generated Market B",
  "Generated Market C",
  "Generated Market D",
  "Generated Market E",
] as const;

/** Share of products each retailer carries. */
export const CARRY_PROBABILITY = 0.8;

/** Illustrative price drift over the year (fractional), so inflation analytics have a slope to find. */
export const ANNUAL_DRIFT = 0.08;

/** Where the default inputs live, relative to the project root. */
export const DEFAULT_INPUTS = [
  "data/catalog/sources/usda_ers/usda_ers_fruit_prices_2022.csv",
  "data/catalog/sources/usda_ers/usda_ers_vegetable_prices_2022.csv",
] as const;

/** One USDA average price row. */
export interface UsdaPrice {
  readonly name: string;
  readonly group: "Fruit" | "Vegetables";
  readonly form: string;
  readonly price: number;
  readonly unit: string;
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
    };
  });
}

/** The generated snapshot text for the USDA prices (`sources` names the input files in the metadata). */
export function generateUsSnapshot(prices: readonly UsdaPrice[], sources: readonly string[]): string {
  const random = seededRandom(SEED);
  const levels = GENERATED_RETAILERS.map(() => 0.9 + random() * 0.22);
  const rows: SnapshotRow[] = [];
  for (const item of prices) {
    GENERATED_RETAILERS.forEach((retailer, at) => {
      if (random() >= CARRY_PROBABILITY) return;
      for (let month = 1; month <= 12; month++) {
        const day = 1 + Math.floor(random() * 28);
        const noise = (random() + random() + random() - 1.5) * 0.1;
        const drift = 1 + ANNUAL_DRIFT * ((month - 6.5) / 12);
        const cents = Math.max(1, Math.round(item.price * levels[at]! * drift * (1 + noise) * 100));
        rows.push({
          observation_id: `us-gen-${String(rows.length + 1).padStart(6, "0")}`,
          product: `${item.name} (${item.form})`,
          brand: "",
          retailer,
          country: "us",
          category: ["Produce", item.group, item.form],
          price: (cents / 100).toFixed(2),
          currency: "USD",
          observed_at: `2022-${pad(month)}-${pad(day)}`,
          unit: item.unit,
        });
      }
    });
  }
  return formatSnapshot({
    country: "us",
    currency: "USD",
    source: `USDA ERS Fruit and Vegetable Prices 2022 (US average retail prices, public domain): ${
      sources.map((s) => s.slice(s.lastIndexOf("/") + 1)).join(", ")
    }`,
    generated:
      `by build/catalog/generate_us_snapshot.ts (seed ${SEED}) from the USDA averages; retailers, dates and ` +
      `per-retailer prices are fictitious, not observed`,
  }, rows);
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

if (import.meta.main) {
  const args = Deno.args;
  if (args.length !== 1 && args.length !== 3) {
    console.error("usage: generate_us_snapshot.ts [fruit.csv vegetable.csv] <snapshot.csv>");
    Deno.exit(2);
  }
  const inputs = args.length === 3 ? args.slice(0, 2) : [...DEFAULT_INPUTS];
  const output = args[args.length - 1]!;
  try {
    const prices = [];
    for (const input of inputs) prices.push(...parseUsdaPrices(await Deno.readTextFile(input), input));
    const snapshot = generateUsSnapshot(prices, inputs);
    await Deno.writeTextFile(output, snapshot);
    const observations = snapshot.split("\n").filter((line) => line.startsWith("us-gen-")).length;
    console.log(JSON.stringify({ inputs, output, products: prices.length, observations }, null, 2));
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    console.error(error.message);
    Deno.exit(1);
  }
}
