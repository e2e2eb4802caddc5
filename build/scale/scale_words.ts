/**
 * Words for generated names (browse nodes, brands, products, phrases): plain English grocery vocabulary,
 * drawn with a seeded sequence so a seed always gives the same names.
 */

const WORDS = (
  "acorn almond amber apple apricot aroma artisan autumn baked barley basil bay bean berry biscuit bistro " +
  "black bloom blossom blue bold bramble bread brook brown butter cabin candle cane canyon caramel cedar " +
  "cherry chestnut chili cider cinnamon citrus clover coast cocoa coconut coral corn cottage country cove " +
  "cream creek crisp crown crust daily dale dawn delta dew dune earth echo elder ember field fig finch " +
  "flint flour forest fox fresh frost garden ginger glen golden grain grape green grove harbor harvest " +
  "hazel heath heritage hickory highland hill honey island ivy jade juniper kettle kitchen lake lark leaf " +
  "lemon lime linden maple market meadow mill mint mist moon morning moss mountain nectar north nutmeg oak " +
  "oat ocean olive orchard pantry pearl pebble pepper pine plum prairie quarry rain raven reed ridge river " +
  "rose rye saffron sage salt sand sea seed shore silver sky slate sorrel spring spruce star stone summit " +
  "sun sunny thyme timber trail valley vine walnut wheat willow wind winter wood"
).split(" ");

const FORMS = (
  "bites bars blend chips crackers cubes drops flakes fillets loaf mix nuggets pieces pops puffs rings rolls " +
  "slices snacks spread squares sticks strips twists wedges"
).split(" ");

const titleCase = (word: string) => word[0]!.toUpperCase() + word.slice(1);

/** A name of `count` distinct title-cased words. */
export function words(random: () => number, count: number): string {
  const picked: string[] = [];
  while (picked.length < count) {
    const word = WORDS[Math.floor(random() * WORDS.length)]!;
    if (!picked.includes(word)) picked.push(word);
  }
  return picked.map(titleCase).join(" ");
}

/** A product form word ("chips", "loaf"…), title-cased. */
export function form(random: () => number): string {
  return titleCase(FORMS[Math.floor(random() * FORMS.length)]!);
}

/** One element of `items`. */
export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}
