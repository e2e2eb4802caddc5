/**
 * One older and one newer hand-made release holding every change kind the release diff reports, shared by
 * the diff, format and command tests. Children are listed by title, as GS1 orders them, not by code.
 */
import type { GpcRelease } from "../../../build/gpc/gpc_model.ts";
import { attType, brick, family, gpcClass, release, segment, value } from "./release_diff_support.ts";

const no = value("30002960", "NO");
const unidentified = value("30002518", "UNIDENTIFIED");

/** The older release, v20240101. */
export const olderRelease: GpcRelease = release("v20240101", [
  segment("70000000", "Arts/Crafts", [
    family("70010000", "Arts", [gpcClass("70011500", "Paints", [brick("10001000", "Paint")])]),
  ]),
  segment("10000000", "Beauty", [
    family("10100000", "Hair", [
      gpcClass("10101500", "Hair Care", [
        brick("10000500", "Shampoo", [
          attType("20000001", "Target Hair Type", [value("30000001", "DRY"), value("30000002", "OILY")]),
        ]),
      ]),
    ]),
  ]),
  segment("50000000", "Food/Beverage", [
    family("50180000", "Bread/Bakery Products", [
      gpcClass("50181700", "Baking Mixes", [
        brick("10000155", "Mixes (Frozen)", [attType("20000056", "Diabetic Claim", [no])]),
        brick("10000156", "Mixes (Perishable)"),
      ]),
      gpcClass("50181900", "Bread", [brick("10000157", "Bread (Perishable)")]),
    ]),
    family("50150000", "Oils/Fats Edible", [
      gpcClass("50151500", "Oils Edible", [
        brick("10000041", "Oil - Animal"),
        brick("10000040", "Oil - Vegetable", [
          attType("20000056", "Diabetic Claim", [no, unidentified]),
          attType("20000100", "Type of Oil", [value("30000100", "OLIVE"), value("30000101", "SUNFLOWER")]),
        ]),
      ]),
    ]),
    family("50190000", "Prepared Foods", [
      gpcClass("50193800", "Ready Meals", [brick("10000300", "Ready Meals (Frozen)")]),
    ]),
  ]),
]);

const noClaim = value("30002960", "NO CLAIM");
const diabetic = (values: ReturnType<typeof value>[]) =>
  attType("20000056", "Diabetic Suitability Claim", values);

/** The newer release, v20250101. */
export const newerRelease: GpcRelease = release("v20250101", [
  segment("10000000", "Beauty/Personal Care", [
    family("10100000", "Hair", [
      gpcClass("10101500", "Hair Care", [
        brick("10000500", "Shampoo", [
          attType("20000001", "Target Hair Type", [value("30000001", "DRY"), value("30000002", "OILY")]),
        ]),
      ]),
    ]),
  ]),
  segment("50000000", "Food/Beverage", [
    family("50180000", "Bread/Bakery", [
      gpcClass("50181700", "Baking/Cooking Mixes", [
        brick("10000155", "Mixes (Frozen)", [diabetic([noClaim, unidentified])]),
      ]),
      gpcClass("50181900", "Bread", [
        brick("10000157", "Bread (Perishable)"),
        brick("10000156", "Mixes (Perishable)", [diabetic([noClaim])]),
      ]),
      gpcClass("50193800", "Ready Meals", [brick("10000300", "Ready Meals (Frozen)")]),
    ]),
    family("50150000", "Oils/Fats Edible", [
      gpcClass("50151500", "Oils Edible", [
        brick("10000042", "Oil - Blend", [diabetic([noClaim])]),
        brick("10000040", "Oil - Vegetable or Plant", [
          diabetic([noClaim, value("30003000", "YES")]),
          attType("20000200", "Organic Claim", [value("30000200", "ORGANIC")]),
        ]),
      ]),
    ]),
    family("50190000", "Prepared Foods", [
      gpcClass("50193900", "Snacks", [brick("10000301", "Snacks (Shelf Stable)")]),
    ]),
  ]),
  segment("60000000", "Toys/Games", [
    family("60010000", "Toys", [gpcClass("60011500", "Toy Vehicles", [brick("10002000", "Toy Cars")])]),
  ]),
]);
