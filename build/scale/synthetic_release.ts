/**
 * A full-size GPC release for scale tests and build-time measurements, made from the real full hierarchy
 * (which is published here without attributes) by adding a deterministic, realistic attribute layer.
 *
 * The distribution follows gpc-formats.md: about a fifth of bricks without attributes; ~2,000–2,100
 * attribute types shared across bricks with a popularity skew; ~13,000–20,000 values shared across types
 * (YES/NO/UNIDENTIFIED/UNCLASSIFIED under many), a type's value list differing from brick to brick; tens of
 * thousands of brick → type links and low hundreds of thousands of brick/type/value rows; definitions of
 * GS1's length and phrasing. Written as JSON it is ~30 MB like an English publication. Everything is drawn
 * from a seeded PRNG (mulberry32), so a seed always gives the same release.
 */
import type { GpcAttributeType, GpcAttributeValue, GpcBrick, GpcRelease } from "../gpc/gpc_model.ts";
import { seededRandom as prng } from "../catalog/seeded_random.ts";

const NOUNS = (
  "acid age allergen aroma base batch blend body brand calorie carton casing cereal coating colour " +
  "container content cooking core crust culture cut diet dough drying energy extract fat fibre filling " +
  "finish flavour flour form formula fruit gluten grade grain grind herb ingredient juice lactose layer " +
  "leaf level material meat milk mineral moisture nut oil origin packaging pasteurisation pattern portion " +
  "preparation preservation process protein purity recipe region ripeness roast salt sauce season seed " +
  "shape shell size skin smoke sodium source spice starch state storage strength sugar surface sweetener " +
  "taste temperature texture topping treatment variety vitamin water wheat yeast"
).split(" ");

const ADJECTIVES = (
  "added alpine ancient aromatic artisan baked black blanched blended boiled brown candied chilled coarse " +
  "cold creamy crisp crushed cured dark deep diced dried dry fermented fine flaked fresh frozen glazed " +
  "golden green grilled ground heavy honeyed hot iced instant large light low mashed mild mixed natural " +
  "organic pale pickled plain powdered pressed pure raw red refined rich roasted rolled salted semi " +
  "sliced small smoked soft sour spiced steamed strong sweet thick thin toasted unsalted whipped white " +
  "whole wild"
).split(" ");

const WORDS = [...NOUNS, ...ADJECTIVES];

const TYPE_PATTERNS: ((a: string, b: string) => string)[] = [
  (a, b) => `Type of ${a} ${b}`,
  (a) => `If ${a}`,
  (a, b) => `${a} ${b} Claim`,
  (a, b) => `Level of ${a} ${b} Claim`,
  (a, b) => `Method of ${a} ${b}`,
  (a, b) => `${a} ${b} Form`,
  (a, b) => `${a} ${b} Variant`,
  (a, b) => `Target ${a} ${b}`,
];

const titleCase = (word: string) => word[0]!.toUpperCase() + word.slice(1);
const byTitle = (a: { title: string }, b: { title: string }) =>
  a.title.toLowerCase() < b.title.toLowerCase() ? -1 : a.title.toLowerCase() > b.title.toLowerCase() ? 1 : 0;

/** The real values GS1 shares across very many attribute types. */
const COMMON = {
  no: { code: "30002960", title: "NO", definition: "", active: true },
  unidentified: {
    code: "30002518",
    title: "UNIDENTIFIED",
    definition:
      "This term is used to describe those product attributes that are unidentifiable given existing or available product information.",
    active: true,
  },
  unclassified: {
    code: "30002515",
    title: "UNCLASSIFIED",
    definition:
      "This term is used to describe those product attributes that are unable to be classified within their specific market.",
    active: true,
  },
  yes: { code: "30002654", title: "YES", definition: "", active: true },
} as const satisfies Record<string, GpcAttributeValue>;

interface TypeBlueprint {
  readonly entry: Omit<GpcAttributeType, "values">;
  /** Every value the type can take; a brick lists a subset. */
  readonly universe: readonly GpcAttributeValue[];
  readonly boolean: boolean;
}

/** `hierarchy` with a deterministic attribute layer, brick definitions and exclusions added. */
export function syntheticFullRelease(hierarchy: GpcRelease, seed = 1): GpcRelease {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const sentence = (words: number) => Array.from({ length: words }, () => pick(WORDS)).join(" ");
  const codes = (first: number, count: number, maxGap: number, taken: ReadonlySet<string>) => {
    const list: string[] = [];
    for (let code = first; list.length < count;) {
      code += 1 + Math.floor(random() * maxGap);
      if (!taken.has(String(code))) list.push(String(code));
    }
    return list;
  };

  const valueCount = 14000 + Math.floor(random() * 500);
  const valueTitles = new Set<string>(Object.values(COMMON).map((value) => value.title));
  const pool: GpcAttributeValue[] = codes(
    30000000,
    valueCount,
    3,
    new Set(Object.values(COMMON).map((v) => v.code)),
  )
    .map((code) => {
      let title: string;
      do {
        title = [pick(ADJECTIVES), pick(NOUNS), ...(random() < 0.4 ? [pick(NOUNS)] : [])].join(" ")
          .toUpperCase();
      } while (valueTitles.has(title));
      valueTitles.add(title);
      const definition = random() < 0.12
        ? `Includes products described as ${sentence(8 + Math.floor(random() * 10))}.`
        : "";
      return { code, title, definition, active: random() >= 0.005 };
    });

  const typeCount = 2000 + Math.floor(random() * 100);
  const typeTitles = new Set<string>();
  let cursor = 0;
  const types: TypeBlueprint[] = codes(20000000, typeCount, 40, new Set()).map((code) => {
    let title: string;
    do {
      title = pick(TYPE_PATTERNS)(titleCase(pick(ADJECTIVES)), titleCase(pick(NOUNS)));
    } while (typeTitles.has(title));
    typeTitles.add(title);
    const entry = {
      code,
      title,
      definition:
        "Indicates, with reference to the product branding, labelling or packaging, the descriptive " +
        `term that is used by the product manufacturer to identify the ${title.toLowerCase()} of the product, ` +
        `such as ${sentence(3 + Math.floor(random() * 6))}.`,
      active: random() >= 0.01,
    };
    if (random() < 0.3) {
      return { entry, universe: [COMMON.no, COMMON.unidentified, COMMON.yes], boolean: true };
    }
    // Consecutive blocks of the pool, wrapping, so every pooled value belongs to at least one type.
    const size = 2 + Math.floor(random() ** 2.5 * 30);
    const universe = Array.from({ length: size }, (_, i) => pool[(cursor + i) % pool.length]!);
    cursor += size;
    return { entry, universe: [...universe, COMMON.unclassified, COMMON.unidentified], boolean: false };
  });

  // Popularity skew: a few types (claims, packaging) sit under many bricks, most under a handful.
  const cumulative: number[] = [];
  types.reduce((sum, _, rank) => (cumulative.push(sum + 1 / (rank + 8) ** 0.9), cumulative.at(-1)!), 0);
  const popular = () => {
    const target = random() * cumulative.at(-1)!;
    let low = 0, high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };

  const bricks = hierarchy.segments.flatMap((s) =>
    s.families.flatMap((f) => f.classes.flatMap((c) => c.bricks))
  );
  const chosen = bricks.map(() => new Set<number>());
  const attributed = bricks.map((_, index) => index).filter(() => random() >= 0.2);
  types.forEach((_, index) => chosen[pick(attributed)]!.add(index));
  for (const index of attributed) {
    const wanted = 2 + Math.floor(random() * 6);
    while (chosen[index]!.size < wanted) chosen[index]!.add(popular());
  }

  const attributesOf = (index: number): GpcAttributeType[] =>
    [...chosen[index]!].map((typeIndex) => {
      const type = types[typeIndex]!;
      const values = type.boolean
        ? type.universe
        : type.universe.filter((value) => value === COMMON.unidentified || random() < 0.8);
      return { ...type.entry, values: [...values].sort(byTitle) };
    }).sort(byTitle);

  let next = 0;
  const withAttributes = (brick: GpcBrick): GpcBrick => {
    const index = next++;
    return {
      ...brick,
      definition: brick.definition ||
        `Includes any products that can be described/observed as ${brick.title.toLowerCase()}, such as ` +
          `${sentence(12 + Math.floor(random() * 30))}. Products may be ${
            sentence(5 + Math.floor(random() * 12))
          }.`,
      definitionExcludes: brick.definitionExcludes ||
        `Excludes products such as ${sentence(3 + Math.floor(random() * 9))} and ${sentence(2)}.`,
      attributes: attributesOf(index),
    };
  };
  return {
    release: hierarchy.release,
    language: hierarchy.language || "EN",
    source: hierarchy.source,
    segments: hierarchy.segments.map((segment) => ({
      ...segment,
      families: segment.families.map((family) => ({
        ...family,
        classes: family.classes.map((klass) => ({ ...klass, bricks: klass.bricks.map(withAttributes) })),
      })),
    })),
  };
}
