/**
 * What one shelf price buys, read from the product name and the snapshot's `unit` column, so unit prices
 * (price / quantity) compare a 1.42 L jar with a 890 mL one. Conservative by design: a size is either
 * certain or `unknown` (compare on price only), never guessed.
 *
 * Rules, in order:
 * 1. `unit` column. Empty or a per-item word (`each`, `ea`, `per item`, `unit`…): the name decides (2.). A
 *    price per unit of measure (`per pound`, `per lb`, `/lb`, `per kg`, `per 100 g`, `per oz`, `per L`,
 *    `per pint`, `per dozen`…) → `derived`: the price buys one such unit (per lb → 0.45359237 kg). A pint,
 *    quart or gallon in this column is the US liquid measure (USDA prices juice per pint). Any other text →
 *    `unknown`.
 * 2. Name (case, ®/™, typographic apostrophes and no-break spaces aside):
 *    - a grade count before a per-weight marker (`31-40/Lb`, `51/70 Per Lb`, `6-8/Lb`: shrimp and frog-leg
 *      sizes) states neither the pack size nor the price basis and is ignored;
 *    - `unknown` at once for a range or alternatives (`161-227 G`, `1.275/1.36 Kg`, `750 G - 1 Kg`,
 *      `4-10 Pack`, `30/90'S`, `Pkg Of 5 Or 6`), an approximate size (`Up To 870 G`, `approx.`, `about`,
 *      `avg`, `min`, `max`), a multi-buy (`2 for $5`), or a pint/quart/gallon (dry or liquid: not certain);
 *    - sizes: `<n> <unit>` with g, kg, mL, cL, L, lb, oz (mass), fl oz (liquid); multipacks `6 x 355 mL`,
 *      `6X93 Ml`, `355 mL x 6` (count × size); counts `8'S`, `20' S`, `18 Pack`, `12 pk`, `24 ct`,
 *      `Pack Of 6`, `dozen` (12; `2 dozen` 24, `half dozen` 6);
 *    - a price per unit of measure in the name (`Bananas, Per Lb`, `$1.99/lb`: a `/lb` or `per lb` not
 *      preceded by a grade count) → `derived`, when the name states no size beside it;
 *    - exactly one distinct size (stated once, or the same size repeated) → `exact`; several different
 *      sizes (multi-product flyer offers `… 227 G Or … 92 G`) or none → `unknown`.
 *
 * Imperial sizes convert exactly: 1 lb = 0.45359237 kg, 1 oz = 28.349523125 g, 1 US fl oz =
 * 29.5735295625 mL, 1 US pint = 0.473176473 L. Quantities are rounded to 12 significant digits so that
 * 6 × 355 mL is 2.13 L, not 2.1300000000000003.
 */

/** How a unit price was obtained: the size is stated (exact), the shelf price is per a unit of measure (derived), or neither (unknown: compare on price only). */
export type UnitConversion = "exact" | "derived" | "unknown";
/** The basis unit prices are normalised to. */
export type UnitBasis = "kg" | "L" | "each";
/** What one shelf price buys. */
export interface UnitSize {
  readonly conversion: UnitConversion;
  /** Quantity the price buys, in `basis` units; null when unknown. unit_price = price / quantity. */
  readonly quantity: number | null;
  readonly basis: UnitBasis | null;
}

/** Grams in one pound (exact by definition). */
export const GRAMS_PER_POUND = 453.59237;
/** Grams in one avoirdupois ounce (exact by definition). */
export const GRAMS_PER_OUNCE = 28.349523125;
/** Millilitres in one US fluid ounce (exact by definition). */
export const MILLILITRES_PER_US_FLUID_OUNCE = 29.5735295625;
/** Litres in one US liquid pint (exact by definition). */
export const LITRES_PER_US_PINT = 0.473176473;

/** The answer when nothing certain is known. */
export const UNKNOWN_SIZE: UnitSize = { conversion: "unknown", quantity: null, basis: null };

interface Measure {
  readonly basis: UnitBasis;
  /** Basis units per one of this measure (kg, L or items). */
  readonly factor: number;
}

const KG = (grams: number): Measure => ({ basis: "kg", factor: grams / 1000 });
const L = (millilitres: number): Measure => ({ basis: "L", factor: millilitres / 1000 });

// Unit words of the `unit` column (after "per " or "/" is removed), each priced as one such unit.
const UNIT_COLUMN_MEASURES: Readonly<Record<string, Measure>> = {
  "lb": KG(GRAMS_PER_POUND),
  "lbs": KG(GRAMS_PER_POUND),
  "pound": KG(GRAMS_PER_POUND),
  "kg": KG(1000),
  "kilo": KG(1000),
  "kilogram": KG(1000),
  "100 g": KG(100),
  "100g": KG(100),
  "g": KG(1),
  "gram": KG(1),
  "oz": KG(GRAMS_PER_OUNCE),
  "ounce": KG(GRAMS_PER_OUNCE),
  "l": L(1000),
  "litre": L(1000),
  "liter": L(1000),
  "100 ml": L(100),
  "100ml": L(100),
  "ml": L(1),
  "fl oz": L(MILLILITRES_PER_US_FLUID_OUNCE),
  "pint": L(LITRES_PER_US_PINT * 1000),
  "pt": L(LITRES_PER_US_PINT * 1000),
  "quart": L(LITRES_PER_US_PINT * 2000),
  "qt": L(LITRES_PER_US_PINT * 2000),
  "gallon": L(LITRES_PER_US_PINT * 8000),
  "gal": L(LITRES_PER_US_PINT * 8000),
  "dozen": { basis: "each", factor: 12 },
  "doz": { basis: "each", factor: 12 },
};

// Words that say the price is per item as sold, which is what an empty `unit` means (after "per " is removed).
const PER_ITEM_WORDS = new Set(["", "each", "ea", "item", "unit"]);

// Size units of product names, longest spelling first within each alternative.
const NAME_UNITS: readonly [RegExp, Measure][] = [
  [/^(?:fl\.?\s*oz|fluid\s+ounces?)$/, L(MILLILITRES_PER_US_FLUID_OUNCE)],
  [/^(?:kg|kgs|kilos?|kilograms?)$/, KG(1000)],
  [/^(?:g|gr|grams?)$/, KG(1)],
  [/^(?:lbs?|pounds?)$/, KG(GRAMS_PER_POUND)],
  [/^(?:oz|ounces?)$/, KG(GRAMS_PER_OUNCE)],
  [/^(?:ml|millilit(?:re|er)s?)$/, L(1)],
  [/^(?:cl|centilit(?:re|er)s?)$/, L(10)],
  [/^(?:l|lt|ltr|lit(?:re|er)s?)$/, L(1000)],
];

const UNIT =
  String.raw`(?:fl\.?\s*oz|fluid\s+ounces?|kgs?|kilos?|kilograms?|grams?|gr|g|lbs?|pounds?|ounces?|oz|` +
  String.raw`ml|millilit(?:re|er)s?|cl|centilit(?:re|er)s?|lit(?:re|er)s?|ltr|lt|l)(?![\p{L}])`;
const DIGITS = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)`;
const NUMBER = String.raw`(?<![\p{L}\d.,])${DIGITS}`;
const COUNT_WORD = String.raw`(?:'\s*s(?![\p{L}])|\s*-?\s*(?:pk|packs?|ct|count|pcs|pieces)(?![\p{L}]))`;
const WEIGHT_WORD = String.raw`(?:lbs?|pounds?|kg|kilos?|kilograms?|g|ml|l|oz)(?![\p{L}])`;

const GRADE_COUNT = new RegExp(
  String.raw`(?<![\d.$])\d+(?:\s*[-/]\s*\d+)?\s*(?:/|\bper\s+)\s*${WEIGHT_WORD}`,
  "gu",
);
const PRICE_PER_MEASURE = new RegExp(
  String.raw`(?:/|\bper\s+|\bthe\s+)\s*(lbs?|pound|kg|kilo|kilogram|100\s?g)(?![\p{L}])`,
  "gu",
);
const UNCERTAIN = [
  // Ranges and alternatives: "161-227 G", "1.275/1.36 Kg", "30/90'S", "5 Or 6", "750 G - 1 Kg".
  new RegExp(String.raw`\d\s*(?:-|/|\bor\b|\bto\b)\s*\d[\d.,]*\s*(?:${UNIT}|${COUNT_WORD})`, "u"),
  new RegExp(String.raw`\d\s*${UNIT}\s*(?:-|/|\bto\b)\s*\d`, "u"),
  /\b(?:pkg|package|pack|box|bag)\s+of\s+\d+\s*(?:-|\/|\bor\b|\bto\b)\s*\d/u,
  /(?:\bup\s+to|\bapprox(?:imately|\.)?|\babout|\bavg\.?|\baverage|\bmin(?:imum|\.)?|\bmax(?:imum|\.)?|~|±)\s*\d/u,
  /\d\s+for\s+\$/u,
  /\b(?:pints?|quarts?|gallons?|qt|pt)\b/u,
];
const MULTIPACK = new RegExp(String.raw`${NUMBER}\s*[x×]\s*${DIGITS}\s*(${UNIT})`, "gu");
const MULTIPACK_REVERSED = new RegExp(
  String.raw`${NUMBER}\s*(${UNIT})\s*[x×]\s*(\d+)(?![\d.])`,
  "gu",
);
const SIZE = new RegExp(String.raw`${NUMBER}\s*(${UNIT})`, "gu");
const COUNT = new RegExp(String.raw`(?<![\p{L}\d.,])(\d+)${COUNT_WORD}`, "gu");
const COUNT_OF = /\b(?:pkg|package|pack|box|bag)\s+of\s+(\d+)(?![\d.])/gu;
const DOZEN = /(?:(?<![\p{L}\d.,])(\d+)\s*|\b(half)\s+(?:a\s+)?)?\bdozens?\b/gu;

/** The size a price buys, from the product name and the snapshot's `unit` column. */
export function unitSizeOf(product: string, unit: string): UnitSize {
  const column = normalise(unit).replace(/^(?:per\s+|\/\s*)/, "").replace(/\s+/g, " ");
  if (!PER_ITEM_WORDS.has(column)) {
    const measure = UNIT_COLUMN_MEASURES[column];
    return measure === undefined ? UNKNOWN_SIZE : size("derived", 1, measure);
  }
  return nameSize(product);
}

function nameSize(product: string): UnitSize {
  let text = normalise(product).replace(GRADE_COUNT, " ");
  if (UNCERTAIN.some((pattern) => pattern.test(text))) return UNKNOWN_SIZE;
  const pricedPer = [...text.matchAll(PRICE_PER_MEASURE)].map((m) => m[1]!.replace(/\s/g, ""));
  text = text.replace(PRICE_PER_MEASURE, " ");
  const found: UnitSize[] = [];
  const take = (pattern: RegExp, read: (match: RegExpExecArray) => UnitSize | undefined) => {
    text = text.replace(pattern, (...args) => {
      const match = args as unknown as RegExpExecArray;
      const read1 = read(match);
      if (read1 !== undefined) found.push(read1);
      return " ";
    });
  };
  take(MULTIPACK, (m) => measured(Number(m[1]) * amount(m[2]!), m[3]!));
  take(MULTIPACK_REVERSED, (m) => measured(amount(m[1]!) * Number(m[3]), m[2]!));
  take(SIZE, (m) => measured(amount(m[1]!), m[2]!));
  take(COUNT, (m) => counted(Number(m[1])));
  take(COUNT_OF, (m) => counted(Number(m[1])));
  take(DOZEN, (m) => counted(m[2] === "half" ? 6 : 12 * (m[1] === undefined ? 1 : Number(m[1]))));
  const distinct = new Map(found.map((s) => [`${s.basis}:${s.quantity}`, s]));
  if (pricedPer.length > 0) {
    const measures = new Set(pricedPer.map((word) => word.replace(/s$/, "").replace(/^pound$/, "lb")));
    if (distinct.size > 0 || measures.size !== 1) return UNKNOWN_SIZE;
    const measure = UNIT_COLUMN_MEASURES[[...measures][0]!];
    return measure === undefined ? UNKNOWN_SIZE : size("derived", 1, measure);
  }
  if (distinct.size !== 1) return UNKNOWN_SIZE;
  const only = [...distinct.values()][0]!;
  return only.quantity !== null && only.quantity > 0 ? only : UNKNOWN_SIZE;
}

function normalise(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[®™©]/g, " ")
    .replace(/[\u00a0\u2007\u2009\u202f]/g, " ")
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/[\u2013\u2014\u2212]/g, "-")
    .toLowerCase()
    .trim();
}

function amount(text: string): number {
  return Number(text.replace(/,/g, ""));
}

function measured(count: number, unitText: string): UnitSize | undefined {
  const word = unitText.replace(/\s+/g, " ");
  const measure = NAME_UNITS.find(([pattern]) => pattern.test(word))?.[1];
  return measure === undefined ? undefined : size("exact", count, measure);
}

function counted(count: number): UnitSize {
  return size("exact", count, { basis: "each", factor: 1 });
}

function size(conversion: UnitConversion, count: number, measure: Measure): UnitSize {
  return { conversion, quantity: Number((count * measure.factor).toPrecision(12)), basis: measure.basis };
}
