/**
 * Generates the US catalog snapshot. No US retailer-level price data with a clear licence is at hand, so the
 * observations are generated around official average prices, and the snapshot says so in its `# generated:`
 * line.
 *
 * ```
 * deno run --allow-read --allow-write build/catalog/generate_us_snapshot.ts [fruit.csv vegetable.csv statcan.csv] <snapshot.csv>
 * ```
 *
 * Products and their average prices: us_generated_produce.ts (USDA ERS 2022 produce) and
 * us_generated_staples.ts (StatCan 2022 staples, in USD). Six fictitious retailers (GENERATED_RETAILERS),
 * each with a price level (0.90..1.12), a weekday it is observed on (A Monday .. F Saturday) and a store brand
 * (`Market A Basics`). A retailer carries a loose product, each (product, national brand) and a packed
 * product under its store brand with the product's `carry` probability (0.5 for loose produce and staples,
 * 0.2 for other packed produce). A listing's starting price is the average × the retailer's level × the
 * brand's factor (national brands 1.00..1.20, store brands 0.80..0.88) × ±4 %; its 26 weeks (the weeks of
 * 2022-07-04 .. 2022-12-26) follow us_generated_prices.ts. All draws come from one seeded sequence (SEED) in
 * a fixed order and nothing reads the clock: the output bytes depend on the three input files only.
 */
import { BuildError } from "../input/build_error.ts";
import { seededRandom } from "./seeded_random.ts";
import { formatSnapshot, type SnapshotRow } from "./catalog_snapshot_writer.ts";
import { parseUsdaPrices } from "./usda_prices_reader.ts";
import { parseStatcanTable, type StatcanTable } from "./statcan_prices_reader.ts";
import { GENERATED_BRANDS } from "./us_generated_products.ts";
import { produceProducts } from "./us_generated_produce.ts";
import { stapleProducts, USD_CAD_2022 } from "./us_generated_staples.ts";
import type { UsdaPrice } from "./usda_prices_reader.ts";
import { weeklyPrices } from "./us_generated_prices.ts";

/** The seed of the generated snapshot; changing it changes every price and date. */
export const SEED = 2022;

/** The fictitious retailers of the generated snapshot, named so nobody mistakes them for real stores. */
export const GENERATED_RETAILERS = [
  "Generated Market A",
  "Generated Market B",
  "Generated Market C",
  "Generated Market D",
  "Generated Market E",
  "Generated Market F",
] as const;

/** The Monday of the first generated week (weeks of July to December 2022: the price levels are 2022's). */
export const FIRST_WEEK = "2022-07-04";

/** Where the default inputs live, relative to the project root. */
export const DEFAULT_INPUTS = [
  "data/catalog/sources/usda_ers/usda_ers_fruit_prices_2022.csv",
  "data/catalog/sources/usda_ers/usda_ers_vegetable_prices_2022.csv",
  "data/catalog/sources/statcan/statcan_18-10-0245-01_canada_2022.csv",
] as const;

/** The store brand of a generated retailer: "Generated Market A" → "Market A Basics". */
export function storeBrandOf(retailer: string): string {
  return `${retailer.replace(/^Generated /, "")} Basics`;
}

/** The generated snapshot text for the USDA rows and the StatCan table (`sources` names the input files). */
export function generateUsSnapshot(
  usda: readonly UsdaPrice[],
  statcan: StatcanTable,
  sources: readonly string[],
): string {
  const random = seededRandom(SEED);
  const levels = GENERATED_RETAILERS.map(() => 0.9 + random() * 0.22);
  const brandFactors = new Map(GENERATED_BRANDS.map((brand) => [brand, 1 + random() * 0.2]));
  const storeFactors = GENERATED_RETAILERS.map(() => 0.8 + random() * 0.08);
  const monday = Date.parse(`${FIRST_WEEK}T00:00:00Z`);
  const day = (week: number, offset: number) =>
    new Date(monday + (week * 7 + offset) * 86_400_000).toISOString().slice(0, 10);
  const rows: SnapshotRow[] = [];
  for (const item of [...produceProducts(usda), ...stapleProducts(statcan)]) {
    GENERATED_RETAILERS.forEach((retailer, at) => {
      const offers: [string, number][] = item.brands.length === 0
        ? (random() < item.carry ? [["", 1]] : [])
        : item.brands.filter(() => random() < item.carry).map((brand) => [brand, brandFactors.get(brand)!]);
      if (item.storeBrand && random() < item.carry) {
        offers.push([storeBrandOf(retailer), storeFactors[at]!]);
      }
      for (const [brand, factor] of offers) {
        const start = item.price * levels[at]! * factor * (1 + (random() - 0.5) * 0.08);
        for (const week of weeklyPrices(random, start, item.weeklyNoise)) {
          rows.push({
            observation_id: `us-gen-${String(rows.length + 1).padStart(6, "0")}`,
            product: item.product,
            brand,
            retailer,
            country: "us",
            category: item.category,
            price: (week.cents / 100).toFixed(2),
            currency: "USD",
            observed_at: day(week.week, at),
            unit: item.unit,
            is_deal: week.is_deal,
            valid_until: week.deal_until_week === undefined ? "" : day(week.deal_until_week, 5),
          });
        }
      }
    });
  }
  return formatSnapshot({
    country: "us",
    currency: "USD",
    source:
      `USDA ERS Fruit and Vegetable Prices 2022 (US average retail prices, public domain) and Statistics ` +
      `Canada table 18-10-0245-01, Canada 2022 (Open Licence) at ${USD_CAD_2022} CAD per USD: ${
        sources.map((s) => s.slice(s.lastIndexOf("/") + 1)).join(", ")
      }`,
    generated: `by build/catalog/generate_us_snapshot.ts (seed ${SEED}) around the official averages; ` +
      `retailers, brands, weekly prices, deals and price changes are fictitious, not observed`,
  }, rows);
}

if (import.meta.main) {
  const args = Deno.args;
  if (args.length !== 1 && args.length !== 4) {
    console.error("usage: generate_us_snapshot.ts [fruit.csv vegetable.csv statcan.csv] <snapshot.csv>");
    Deno.exit(2);
  }
  const inputs = args.length === 4 ? args.slice(0, 3) : [...DEFAULT_INPUTS];
  const output = args[args.length - 1]!;
  try {
    const usda = [];
    for (const input of inputs.slice(0, 2)) {
      usda.push(...parseUsdaPrices(await Deno.readTextFile(input), input));
    }
    const statcan = parseStatcanTable(await Deno.readTextFile(inputs[2]!), inputs[2]!);
    const snapshot = generateUsSnapshot(usda, statcan, inputs);
    await Deno.writeTextFile(output, snapshot);
    const observations = snapshot.split("\n").filter((line) => line.startsWith("us-gen-")).length;
    console.log(JSON.stringify({ inputs, output, bytes: snapshot.length, observations }, null, 2));
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    console.error(error.message);
    Deno.exit(1);
  }
}
