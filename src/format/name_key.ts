/**
 * The identity of a name in the catalog statistics: two spellings that a shopper reads as the same name
 * ("Kellogg’s®" and "KELLOGG'S", "Liberté" and "Liberte") count once. Case, accents, runs of spaces,
 * typographic apostrophes and the ®, ™, © marks do not make a different product, brand, retailer or category.
 */

/** The comparison key of a product, brand, retailer or category name. */
export function nameKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[®™©]/g, " ")
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}
