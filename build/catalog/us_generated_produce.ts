/**
 * The produce of the generated US snapshot, from USDA ERS Fruit and Vegetable Prices 2022 (US averages per
 * pound, juice per pint):
 * - Fresh rows are loose, unbranded, priced `per pound`, in `Produce > Fruit|Vegetables > <kind>`, except a
 *   dozen sold by the piece (unit `each`, no size in the name, priced at an assumed weight: FRESH_EACH); some
 *   are also (or only) sold packed under a brand with the size in the name (`Apples (Fresh), 3 lb bag`), at
 *   the USDA price per pound × the pack's pounds (× 0.85 for bulk bags of apples, oranges, potatoes…). Three
 *   USDA rows are yield variants of another row's retail product (cooked carrots, peeled cucumbers, boiled
 *   spinach) and are left out.
 * - Canned, Frozen, Dried and Juice rows are packed goods (`Corn (Canned), 15 oz can`, `Oranges,
 *   ready-to-drink (Juice), 1.89 L`) priced at the USDA price × the pack's pounds or pints (read from the
 *   name); a frozen concentrate can of 12 fl oz makes 48 fl oz (3 pints) of juice, the quantity USDA prices.
 */
import { BuildError } from "../input/build_error.ts";
import type { UsdaPrice } from "./usda_prices_reader.ts";
import { GRAMS_PER_POUND, LITRES_PER_US_PINT } from "./unit_size.ts";
import { BRANDS, type GeneratedProduct, packed, statedSize } from "./us_generated_products.ts";

/** Chance a retailer carries a loose produce item. */
export const LOOSE_CARRY = 0.5;
/** Chance a retailer carries a packed produce item, per brand. */
export const PACKED_CARRY = 0.2;

// USDA rows that are another row's retail product seen after cooking or peeling.
const YIELD_VARIANTS = new Set(["Carrots, cooked whole", "Cucumbers without peel", "Spinach, boiled"]);

// Fresh produce sold packed: the size in the name, whether it is also sold loose, the per-pound factor.
const FRESH_PACKS: Readonly<Record<string, readonly [string, boolean, number]>> = {
  "Apples": ["3 lb bag", true, 0.85],
  "Oranges": ["4 lb bag", true, 0.85],
  "Clementines": ["3 lb bag", true, 0.85],
  "Potatoes": ["5 lb bag", true, 0.85],
  "Onions": ["3 lb bag", true, 0.85],
  "Carrots, raw whole": ["2 lb bag", true, 0.85],
  "Carrots, baby": ["1 lb bag", false, 1],
  "Celery sticks": ["1 lb bag", false, 1],
  "Broccoli florets": ["12 oz bag", false, 1],
  "Cauliflower florets": ["12 oz bag", false, 1],
  "Mushrooms, sliced": ["8 oz pack", false, 1],
  "Mushrooms, whole": ["8 oz pack", true, 1],
  "Strawberries": ["1 lb pack", false, 1],
  "Blueberries": ["6 oz pack", false, 1],
  "Raspberries": ["6 oz pack", false, 1],
  "Blackberries": ["6 oz pack", false, 1],
  "Spinach, eaten raw": ["10 oz bag", false, 1],
  "Tomatoes, grape & cherry": ["10 oz pack", false, 1],
};

// Fresh produce sold by the piece (unit "each", no size in the name, so compared on price only), and the
// pounds one piece is assumed to weigh for its price: an assumption of the generator, not USDA data.
const FRESH_EACH: Readonly<Record<string, number>> = {
  "Avocados": 0.4,
  "Cantaloupe": 3,
  "Cauliflower heads": 2,
  "Celery, trimmed bunches": 2,
  "Corn": 0.6,
  "Honeydew": 5,
  "Lettuce, iceberg": 1.25,
  "Mangoes": 0.75,
  "Papaya": 2,
  "Pineapple": 4,
  "Pomegranate": 0.75,
  "Watermelon": 15,
};

// The kind (category leaf) of fresh rows whose name before the first comma is not it.
const FRESH_KINDS: Readonly<Record<string, string>> = {
  "Acorn squash": "Squash",
  "Butternut squash": "Squash",
  "Broccoli florets": "Broccoli",
  "Broccoli heads": "Broccoli",
  "Cauliflower florets": "Cauliflower",
  "Cauliflower heads": "Cauliflower",
  "Celery sticks": "Celery",
  "Cucumbers with peel": "Cucumbers",
  "Green peppers": "Peppers",
  "Red peppers": "Peppers",
};

// The pack of the other forms, by "Form:name", "Form:group" or "Form"; its size is read from the name.
const PACKS: Readonly<Record<string, string>> = {
  "Canned": "15 oz can",
  "Canned:Olives": "6 oz can",
  "Canned:Tomatoes": "28 oz can",
  "Frozen:Fruit": "16 oz bag",
  "Frozen:Vegetables": "12 oz bag",
  "Frozen:Potatoes, french fries": "32 oz bag",
  "Dried:Fruit": "6 oz bag",
  "Dried:Grapes (raisins)": "12 oz box",
  "Dried:Vegetables": "1 lb bag",
  "Juice": "1.89 L",
  "Juice:Plum (prune), ready-to-drink": "32 fl oz",
  "Juice:Pomegranate, ready-to-drink": "16 fl oz",
  "Juice:concentrate": "12 fl oz can",
};

// A can of frozen concentrate is diluted with three cans of water: USDA prices the juice it makes.
const CONCENTRATE_YIELD = 4;

// Extra pack sizes of some rows: "name|Form", the size, a price factor per pound or pint.
const EXTRA_PACKS: readonly [string, string, number][] = [
  ["Corn|Canned", "4 x 15 oz", 0.92],
  ["Green beans|Canned", "4 x 15 oz", 0.92],
  ["Apples, ready-to-drink|Juice", "6 x 200 mL", 1.4],
];

/** The produce products of the USDA rows (see the module comment). */
export function produceProducts(rows: readonly UsdaPrice[]): GeneratedProduct[] {
  const products: GeneratedProduct[] = [];
  for (const row of rows) {
    const basis = `USDA: ${row.name}, ${row.form}`;
    const base = `${row.name} (${row.form})`;
    const priced = (size: string, factor: number) => row.price * usdaUnits(`${base}, ${size}`, row) * factor;
    if (row.form === "Fresh") {
      if (YIELD_VARIANTS.has(row.name)) continue;
      const category = ["Produce", row.group, FRESH_KINDS[row.name] ?? row.name.split(",")[0]!];
      const pack = FRESH_PACKS[row.name];
      const pounds = FRESH_EACH[row.name];
      if (pack === undefined || pack[1]) {
        const [unit, price] = pounds === undefined ? ["per pound", row.price] : ["each", row.price * pounds];
        products.push({ product: base, category, unit, price, brands: [], basis, ...LOOSE });
      }
      if (pack !== undefined) {
        products.push(
          packed(`${base}, ${pack[0]}`, category, priced(pack[0], pack[2]), BRANDS.farm, basis, PACKED_CARRY),
        );
      }
      continue;
    }
    const concentrate = row.name.endsWith("frozen concentrate");
    const size = PACKS[`${row.form}:${row.name}`] ?? (concentrate ? PACKS["Juice:concentrate"] : undefined) ??
      PACKS[`${row.form}:${row.group}`] ?? PACKS[row.form];
    const place = categoryOf(row, concentrate);
    if (size === undefined || place === undefined) {
      throw new BuildError("USDA prices", `line ${row.line}`, `form "${row.form}" has no pack or category`);
    }
    const [category, brands] = place;
    const yieldFactor = concentrate ? CONCENTRATE_YIELD : 1;
    products.push(
      packed(`${base}, ${size}`, category, priced(size, yieldFactor), brands, basis, PACKED_CARRY),
    );
    for (const [key, extra, factor] of EXTRA_PACKS) {
      if (key === `${row.name}|${row.form}`) {
        products.push(
          packed(`${base}, ${extra}`, category, priced(extra, factor), [brands[0]!], basis, PACKED_CARRY),
        );
      }
    }
  }
  return products;
}

const LOOSE = { storeBrand: false, carry: LOOSE_CARRY, weeklyNoise: true } as const;

function categoryOf(row: UsdaPrice, concentrate: boolean): [string[], readonly string[]] | undefined {
  const fruit = row.group === "Fruit";
  switch (row.form) {
    case "Canned":
      return [["Pantry", fruit ? "Canned Fruit" : "Canned Vegetables"], BRANDS.canned];
    case "Frozen":
      return [["Frozen", fruit ? "Fruit" : "Vegetables"], BRANDS.frozen];
    case "Dried":
      return fruit
        ? [["Pantry", "Dried Fruit"], BRANDS.driedFruit]
        : [["Pantry", "Dried Beans"], BRANDS.driedBeans];
    case "Juice":
      return [concentrate ? ["Frozen", "Juice Concentrate"] : ["Beverages", "Juice"], BRANDS.juice];
  }
  return undefined;
}

/** How many USDA price units (pounds or pints) the product `name` holds, read from its stated size. */
function usdaUnits(name: string, row: UsdaPrice): number {
  const size = statedSize(name);
  if (row.unit === "per pound" && size.basis === "kg") return size.quantity / (GRAMS_PER_POUND / 1000);
  if (row.unit === "per pint" && size.basis === "L") return size.quantity / LITRES_PER_US_PINT;
  throw new BuildError(
    "USDA prices",
    `line ${row.line}`,
    `"${name}" is not sized in the unit of "${row.unit}"`,
  );
}
