/**
 * Which attribute types of a brick say where GS1 places a product: the rule behind the placement index.
 *
 * GS1 lists, under each brick, "Type of …" attribute types whose values are the products it places there
 * (SCONE is a value of "Type of Bread" on the Bread bricks). Other attribute types describe an ingredient,
 * a coating, a claim or a form, and say nothing about where the product itself belongs. An attribute type
 * of a brick places products when all three hold:
 *
 * 1. its title starts with "Type of " ("Variety of Popcorn", "Form of Cake", "Recipe of Food Product" and
 *    every claim or flag do not name a product type);
 * 2. its subject (the title after "Type of ") shares a word with the brick's title, singular and plural
 *    alike, where a word "X" of "X Based" in the brick title does not count: otherwise the type names a
 *    component of the brick's product ("Type of Bread" on Sandwiches names the sandwich's bread, "Type of
 *    Flour" on Bread the bread's flour, "Type of Grain" on Grain Based Meals the meal's grain);
 * 3. it is not one of the FACET_TYPES, whose values qualify the brick's product rather than name one (a
 *    baby food whose type is FISH is not fish).
 *
 * The placeholder values UNCLASSIFIED, UNIDENTIFIED and COMBINATION place nothing.
 */

/** The role of one attribute type under one brick. */
export type AttributeTypeRole =
  /** its values are products GS1 places in the brick */
  | "places"
  /** the title does not start with "Type of " */
  | "not_type_of"
  /** it names a component of the brick's product (an ingredient, a coating, the bread of a sandwich) */
  | "component"
  /** its values qualify the brick's product (FACET_TYPES) */
  | "facet";

/** "Type of …" types whose values qualify the product of their brick, with why: they place nothing. */
export const FACET_TYPES: ReadonlyMap<string, string> = new Map([
  ["Type of Baby/Infant Specialised Beverage", "the kind of a baby drink (TEA, JUICE): not tea or juice"],
  ["Type of Baby/Infant Specialised Food", "the main food of a baby food (FISH, DESSERT, CEREAL)"],
  ["Type of Baby/Infant Specialised Formula", "the milk a formula is made from (COWS MILK)"],
  ["Type of Dessert", "what a dessert is based on (CAKE BASED, RICE BASED)"],
  ["Type of Dessert Sauce/Topping/Filling", "what a dessert sauce is based on (CHOCOLATE BASED)"],
  ["Type of Honey", "the flower a honey comes from (ACACIA, CLOVER)"],
  ["Type of Pet Drink", "what a pet drink is made from (WATER, MILK)"],
  ["Type of Pet Food/Treat", "what a pet food is made of or tastes of (BEEF, CEREAL, VEGETABLE)"],
  ["Type of Soup", "whether a soup is dry or wet (DRY, WET)"],
]);

/** Attribute values that place nothing. */
export const PLACEHOLDER_VALUES: ReadonlySet<string> = new Set([
  "UNCLASSIFIED",
  "UNIDENTIFIED",
  "COMBINATION",
]);

const TYPE_OF = "Type of ";
const FILLER_WORDS = new Set(["or", "and", "of", "with", "the", "a"]);

/** The role of the attribute type titled `typeTitle` under the brick titled `brickTitle`. */
export function attributeTypeRole(typeTitle: string, brickTitle: string): AttributeTypeRole {
  if (!typeTitle.startsWith(TYPE_OF)) return "not_type_of";
  if (FACET_TYPES.has(typeTitle)) return "facet";
  const brickWords = words(brickTitle.replace(/\b[A-Za-z]+ Based\b/g, " ")).flatMap(wordForms);
  const shared = words(typeTitle.slice(TYPE_OF.length)).some((word) =>
    wordForms(word).some((form) => brickWords.includes(form))
  );
  return shared ? "places" : "component";
}

/**
 * The forms a lower-case word may take singular or plural: itself, without a final "s" or "es", and with
 * "ies" as "y" ("cookies" → "cookie", "noodles" → "noodle", "sandwiches" → "sandwich", "pastries" →
 * "pastry"). Two words are the same word when their forms meet; a wrong form ("cooky") meets nothing.
 */
export function wordForms(word: string): string[] {
  const forms = [word];
  if (word.endsWith("s") && !word.endsWith("ss") && word.length > 3) forms.push(word.slice(0, -1));
  if (word.endsWith("es") && word.length > 4) forms.push(word.slice(0, -2));
  if (word.endsWith("ies") && word.length > 4) forms.push(`${word.slice(0, -3)}y`);
  return forms;
}

function words(title: string): string[] {
  return title.toLowerCase().split(/[^a-z]+/).filter((word) => word !== "" && !FILLER_WORDS.has(word));
}
