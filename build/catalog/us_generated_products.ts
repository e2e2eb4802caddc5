/**
 * The products of the generated US snapshot (what generate_us_snapshot.ts lists at its retailers), the
 * fictitious national brands that sell them, and the size reading both product sources share. Produce is
 * made by us_generated_produce.ts from USDA ERS rows, staples by us_generated_staples.ts from StatCan rows.
 *
 * Every brand here is invented (GENERATED_BRANDS): names built from placeholder words (Lorem, Ipsum,
 * Fictiva, Mock, Null, Sample, Test, Placeholder, Example, Pretend) so that none can be taken for a real
 * brand; each generated retailer also has its own store brand.
 */
import { BuildError } from "../input/build_error.ts";
import { unitSizeOf } from "./unit_size.ts";

/** A product the generator lists, and its average price before retailer and brand factors. */
export interface GeneratedProduct {
  readonly product: string;
  readonly category: readonly string[];
  /** "per pound" for loose produce, "each" for produce sold by the piece, "" when the size is in the name. */
  readonly unit: string;
  /** USD: the average price of what one shelf price buys. */
  readonly price: number;
  /** Fictitious national brands that sell it; empty for loose produce. */
  readonly brands: readonly string[];
  /** Whether retailers may also sell it under their store brand. */
  readonly storeBrand: boolean;
  /** Chance a retailer carries it, per national brand (or unbranded when loose) and under its store brand. */
  readonly carry: number;
  /** Loose produce is re-priced every week; packed goods keep their price until a step or a deal. */
  readonly weeklyNoise: boolean;
  /** The official series the price comes from: "USDA: Apples, Fresh" or "StatCan: White bread, 675 grams". */
  readonly basis: string;
}

/** The national brands of each product group. */
export const BRANDS = {
  farm: ["Fictiva Farms", "Lorem Orchards"],
  canned: ["Mockvale", "Nullbrook"],
  frozen: ["Fictiva Farms", "Nullbrook"],
  driedFruit: ["Ipsum Grove", "Lorem Orchards"],
  driedBeans: ["Nullbrook", "Placeholder Pantry"],
  juice: ["Ipsum Grove", "Mockvale"],
  bakery: ["Sampleton Bakery", "Loremloaf"],
  mill: ["Testwood Mills", "Sampleton Bakery"],
  sweets: ["Sampleton Bakery", "Pretendia"],
  pantry: ["Placeholder Pantry", "Examplio"],
  breakfast: ["Testwood Mills", "Pretendia"],
} as const;

/** Every national brand of the generated snapshot, in a fixed order. */
export const GENERATED_BRANDS: readonly string[] = [...new Set(Object.values(BRANDS).flat())];

/** The one exact size stated in `name` (unit_size.ts); a BuildError when the name states none. */
export function statedSize(name: string): { quantity: number; basis: string } {
  const size = unitSizeOf(name, "");
  if (size.conversion !== "exact" || size.quantity === null || size.basis === null) {
    throw new BuildError("generated products", name, "does not state one exact size");
  }
  return { quantity: size.quantity, basis: size.basis };
}

/** A packed product: the size is in its name, every retailer may sell it under its store brand too. */
export function packed(
  product: string,
  category: readonly string[],
  price: number,
  brands: readonly string[],
  basis: string,
  carry: number,
): GeneratedProduct {
  return { product, category, unit: "", price, brands, storeBrand: true, carry, weeklyNoise: false, basis };
}
