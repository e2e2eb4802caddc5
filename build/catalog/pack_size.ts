/**
 * The pack of an offer: what one shelf price buys, read from every text of the observation that may state
 * it (the snapshot's `unit` column, the product name, then the retailer's own text `source_name`), with how
 * certain it is, and the pack's identity. A product is a product at one pack size: two observations of one
 * name whose texts state different packs ("TURKEY, 3-5 kg" and "TURKEY, 9-11 KG") are two products.
 *
 * - `size`: the quantity a price buys (unit_size.ts's conservative rules), from the first text that states
 *   one certain size: the unit column (a price per unit of measure), the name, the source name.
 * - `confidence`: `exact` (one size is stated, or the price is per a stated unit of measure), `range` (a
 *   range, alternatives or an approximate size is stated: "3-5 kg", "Pkg Of 5 Or 6"), `several` (a
 *   multi-product offer states several different sizes), `none` (no text states a size).
 * - `text`: the size as stated, normalised ("454 g", "3-5 kg", "4 pack"); "" when none is stated.
 * - `key`: the pack's identity: the basis and quantity of a certain size, else the stated text; "" when no
 *   text states a size (an unsized offer is never assumed to be any stated pack).
 * - `priceBasis`: `per_measure` when the price is per a stated unit of measure (per lb, /kg, per 100 g),
 *   `unstated` when weight_priced.ts finds a fresh meat or fish price without a pack, which may be per
 *   weight or per item (the source does not say), else `item` (per item as sold).
 */
import { type UnitConversion, type UnitSize, unitSizeOf } from "./unit_size.ts";
import { basisUnstated } from "./weight_priced.ts";

/** How certain a pack size is. */
export type SizeConfidence = "exact" | "range" | "several" | "none";
/** The text a size was read from. */
export type SizeSource = "unit" | "name" | "source_name";
/** What a shelf price is for. */
export type PriceBasis = "item" | "per_measure" | "unstated";

/** What one observation's price buys. */
export interface PackSize {
  readonly size: UnitSize;
  readonly confidence: SizeConfidence;
  /** Where the size (or the stated text) was read; null when no text states one. */
  readonly source: SizeSource | null;
  readonly text: string;
  readonly key: string;
  readonly priceBasis: PriceBasis;
}

const NUMBER = String.raw`\d+(?:[.,]\d+)?`;
const SEPARATOR = String.raw`\s*(?:-|/|\bto\b|\bor\b|x|×)\s*`;
const UNIT_WORD = String.raw`(?:fl\.?\s*oz|kgs?|kilos?|kilograms?|grams?|gr|g|lbs?|pounds?|ounces?|oz|ml|` +
  String.raw`millilit(?:re|er)s?|cl|lit(?:re|er)s?|ltr|lt|l|'\s*s|pk|packs?|ct|count|pcs|pieces)(?![\p{L}])`;
// A stated size, possibly a range or a multipack: "454 g", "3-5 kg", "12 x 355 mL", "20' s", "Pkg Of 5 Or 6".
const STATED = new RegExp(
  String.raw`(?<![\p{L}\d.,])${NUMBER}(?:${SEPARATOR}${NUMBER})*\s*${UNIT_WORD}(?:\s*[x×]\s*\d+(?![\d.]))?|` +
    String.raw`\b(?:pkg|package|pack|box|bag)\s+of\s+\d+(?:${SEPARATOR}\d+)?|\b\d*\s*dozens?\b`,
  "gu",
);
// A grade count before a per-weight marker ("31-40/lb", "51/70 per lb") is not a pack size.
const GRADE_COUNT =
  /(?<![\d.$])\d+(?:\s*[-/]\s*\d+)?\s*(?:\/|\bper\s+)\s*(?:lbs?|pounds?|kg|g|oz)(?![\p{L}])/gu;

/** The pack of an observation from its product name, source name, unit column and category path. */
export function packSizeOf(
  product: string,
  sourceName: string,
  unit: string,
  category: readonly string[],
): PackSize {
  if (unit.trim() !== "") {
    const size = unitSizeOf(product, unit);
    if (size.conversion === "derived") return certain(size, "unit", unit.trim().toLowerCase());
  }
  for (const [text, source] of [[product, "name"], [sourceName, "source_name"]] as const) {
    if (text === "") continue;
    const size = unitSizeOf(text, "");
    if (size.conversion !== "unknown") return certain(size, source, statedTexts(text).join(" + "));
  }
  for (const [text, source] of [[product, "name"], [sourceName, "source_name"]] as const) {
    const stated = statedTexts(text);
    if (stated.length === 0) continue;
    const joined = stated.join(" + ");
    return {
      size: { conversion: "unknown", quantity: null, basis: null },
      confidence: stated.length > 1 ? "several" : "range",
      source,
      text: joined,
      key: `text:${joined}`,
      priceBasis: "item",
    };
  }
  return {
    size: { conversion: "unknown", quantity: null, basis: null },
    confidence: "none",
    source: null,
    text: "",
    key: "",
    priceBasis: basisUnstated(product, sourceName, category) ? "unstated" : "item",
  };
}

/** The size expressions `text` states, normalised and in order, each once. */
export function statedTexts(text: string): string[] {
  const plain = text.normalize("NFKC").replace(/[®™©]/g, " ").replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/[\u2013\u2014\u2212]/g, "-").toLowerCase().replace(GRADE_COUNT, " ");
  const found = [...plain.matchAll(STATED)].map((m) =>
    m[0].trim().replace(/\s+/g, " ").replace(/\s*'\s*s$/, "'s").replace(/(\d)\s*([-/x×])\s*(?=\d)/g, "$1$2")
      .replace(UNIT_AT_END, (_, unit: string) => {
        const canonical = CANONICAL_UNITS[unit.replace(/\s|\./g, "")] ?? unit;
        return canonical === "'s" ? canonical : ` ${canonical}`;
      })
  ).filter((t) => /\d|dozen/.test(t));
  return [...new Set(found)];
}

// The unit a stated size ends with, and its usual spelling (the rest of the text stays as stated).
const UNIT_AT_END = /(?<=\d)\s*(fl\.?\s*oz|[a-z']+)(?=(?:\s*[x×]\s*\d+)?$)/u;
const CANONICAL_UNITS: Readonly<Record<string, string>> = {
  l: "L",
  lt: "L",
  ltr: "L",
  litre: "L",
  litres: "L",
  liter: "L",
  liters: "L",
  ml: "mL",
  cl: "cL",
  kg: "kg",
  kgs: "kg",
  kilo: "kg",
  kilos: "kg",
  g: "g",
  gr: "g",
  gram: "g",
  grams: "g",
  lb: "lb",
  lbs: "lb",
  pound: "lb",
  pounds: "lb",
  oz: "oz",
  ounce: "oz",
  ounces: "oz",
  floz: "fl oz",
  "'s": "'s",
  pk: "pack",
  pack: "pack",
  packs: "pack",
  ct: "ct",
  count: "ct",
};

function certain(size: UnitSize, source: SizeSource, text: string): PackSize {
  return {
    size,
    confidence: "exact",
    source,
    text,
    // A price per unit of measure is never the same pack as a stated size of the same quantity.
    key: `${size.conversion === "derived" ? "per:" : ""}${size.basis}:${size.quantity}`,
    priceBasis: size.conversion === "derived" ? "per_measure" : "item",
  };
}

/** Observations per unit conversion kind, and how many have a price of unstated basis. */
export type UnitConversionCounts = Record<UnitConversion, number> & { readonly unstated_basis: number };

/** The observations' unit conversion kinds by the rules above (the build reports them per snapshot). */
export function unitConversionCounts(
  observations: Iterable<{
    readonly product: string;
    readonly source_name: string;
    readonly unit: string;
    readonly category: readonly string[];
  }>,
): UnitConversionCounts {
  const counts = { exact: 0, derived: 0, unknown: 0, unstated_basis: 0 };
  const known = new Map<string, PackSize>();
  for (const { product, source_name, unit, category } of observations) {
    const key = `${product}\u001f${source_name}\u001f${unit}\u001f${category[0]}`;
    let pack = known.get(key);
    if (pack === undefined) known.set(key, pack = packSizeOf(product, source_name, unit, category));
    counts[pack.size.conversion]++;
    if (pack.priceBasis === "unstated") counts.unstated_basis++;
  }
  return counts;
}
