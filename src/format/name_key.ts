/**
 * The identity of a name in the catalog statistics: two spellings that a shopper reads as the same name
 * ("Kellogg’s®" and "KELLOGG'S", "Liberté" and "Liberte") count once. Case, accents, runs of spaces,
 * typographic apostrophes and the ®, ™, © marks do not make a different product, brand, retailer or category.
 */

// Printable ASCII words separated by single spaces: nothing but the case changes, so the key is the
// lower-cased name. Most names take this path (a full-scale build keys millions of them).
const PLAIN = /^[!-~]+(?: [!-~]+)*$/;

/** The comparison key of a product, brand, retailer or category name. */
export function nameKey(name: string): string {
  if (PLAIN.test(name)) return name.toLowerCase();
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[®™©]/g, " ")
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}
