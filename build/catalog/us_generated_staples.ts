/**
 * The staples of the generated US snapshot: products of the four GPC families the service embeds (bread,
 * crackers, cookies, pasta, rice, cereal, flour, cooking oils, soup, peanut butter, frozen pizza) and eggs,
 * priced from Statistics Canada table 18-10-0245-01, Canada, 2022: the mean of a series' 12 monthly averages
 * (CAD) converted at the Bank of Canada's 2022 annual average rate (USD_CAD_2022) and scaled to the US pack
 * by (US size / StatCan size)^0.9, so larger packs cost less per unit. Sizes are read from the names; soup is
 * scaled from the series' mL to a US can's ounces at 1 g per mL.
 */
import { BuildError } from "../input/build_error.ts";
import { averageOf, type StatcanTable } from "./statcan_prices_reader.ts";
import { BRANDS, type GeneratedProduct, packed, statedSize } from "./us_generated_products.ts";

/** CAD per USD: the Bank of Canada's annual average exchange rate for 2022 (bankofcanada.ca, annual exchange rates). */
export const USD_CAD_2022 = 1.3013;

/** Chance a retailer carries a staple, per brand. */
export const STAPLE_CARRY = 0.5;

const { bakery: BAKERY, mill: MILL, sweets: SWEETS, pantry: PANTRY, breakfast: BREAKFAST } = BRANDS;
const BREAD = "Bakery > Bread",
  PASTA = "Pantry > Pasta",
  RICE = "Pantry > Rice",
  CEREAL = "Breakfast > Cereal";
const OIL = "Pantry > Cooking Oil", SOUP = "Pantry > Soup", NUT_BUTTER = "Pantry > Peanut Butter";

// [StatCan series, US product (its size is read from the name), category, brands].
const STAPLES: readonly [string, string, string, readonly string[]][] = [
  ["White bread, 675 grams", "White bread, 20 oz loaf", BREAD, BAKERY],
  ["White bread, 675 grams", "White bread, 24 oz loaf", BREAD, ["Loremloaf"]],
  ["Flatbread and pita, 500 grams", "Pita bread, 16 oz", "Bakery > Flatbread", ["Sampleton Bakery"]],
  ["Crackers and crisp breads, 200 grams", "Saltine crackers, 16 oz", "Pantry > Crackers", MILL],
  ["Crackers and crisp breads, 200 grams", "Whole wheat crackers, 8.5 oz", "Pantry > Crackers", MILL],
  ["Cookies and sweet biscuits, 300 grams", "Chocolate chip cookies, 13 oz", "Pantry > Cookies", SWEETS],
  ["Cookies and sweet biscuits, 300 grams", "Sandwich cookies, 14.3 oz", "Pantry > Cookies", SWEETS],
  ["Dry or fresh pasta, 500 grams", "Spaghetti, 16 oz", PASTA, PANTRY],
  ["Dry or fresh pasta, 500 grams", "Penne rigate, 16 oz", PASTA, PANTRY],
  ["Dry or fresh pasta, 500 grams", "Elbow macaroni, 2 lb", PASTA, ["Placeholder Pantry"]],
  ["White rice, 2 kilograms", "Long grain white rice, 5 lb bag", RICE, PANTRY],
  ["White rice, 2 kilograms", "Long grain white rice, 2 lb bag", RICE, PANTRY],
  ["Brown rice, 900 grams", "Brown rice, 2 lb bag", RICE, ["Placeholder Pantry"]],
  ["Cereal, 400 grams", "Toasted oat cereal, 12 oz", CEREAL, BREAKFAST],
  ["Cereal, 400 grams", "Corn flakes, 18 oz", CEREAL, BREAKFAST],
  ["Cereal, 400 grams", "Bran flakes, 16 oz", CEREAL, ["Testwood Mills"]],
  ["Wheat flour, 2.5 kilograms", "All-purpose flour, 5 lb bag", "Pantry > Flour", ["Testwood Mills"]],
  ["Vegetable oil, 3 litres", "Vegetable oil, 48 fl oz", OIL, PANTRY],
  ["Canola oil, 3 litres", "Canola oil, 48 fl oz", OIL, PANTRY],
  ["Olive oil, 1 litre", "Extra virgin olive oil, 500 mL", OIL, ["Examplio", "Ipsum Grove"]],
  ["Olive oil, 1 litre", "Extra virgin olive oil, 1 L", OIL, ["Examplio"]],
  ["Canned soup, 284 millilitres", "Chicken noodle soup, 10.75 oz can", SOUP, [
    "Mockvale",
    "Placeholder Pantry",
  ]],
  ["Canned soup, 284 millilitres", "Tomato soup, 10.75 oz can", SOUP, ["Mockvale", "Placeholder Pantry"]],
  ["Peanut butter, 1 kilogram", "Creamy peanut butter, 16 oz", NUT_BUTTER, [
    "Placeholder Pantry",
    "Pretendia",
  ]],
  ["Peanut butter, 1 kilogram", "Creamy peanut butter, 40 oz", NUT_BUTTER, ["Placeholder Pantry"]],
  ["Frozen pizza, 390 grams", "Frozen pepperoni pizza, 21 oz", "Frozen > Pizza", ["Examplio"]],
  ["Eggs, 1 dozen", "Large eggs, 1 dozen", "Dairy & Eggs > Eggs", ["Fictiva Farms", "Nullbrook"]],
  ["Eggs, 1 dozen", "Large eggs, 18 ct", "Dairy & Eggs > Eggs", ["Fictiva Farms"]],
];

/** The staple products priced from the StatCan Canada 2022 table (see the module comment). */
export function stapleProducts(table: StatcanTable): GeneratedProduct[] {
  return STAPLES.map(([series, product, category, brands]) => {
    const row = table.products.find((p) => p.name === series);
    const average = row === undefined ? undefined : averageOf(row);
    if (average === undefined) throw new BuildError(table.file, series, "is not a series with values");
    // Soup: a US can states ounces of weight, the StatCan series millilitres; 1 g per mL is assumed.
    const ratio = statedSize(product).quantity / statedSize(series).quantity;
    const price = (average / USD_CAD_2022) * ratio ** 0.9;
    return packed(product, category.split(" > "), price, brands, `StatCan: ${series}`, STAPLE_CARRY);
  });
}
