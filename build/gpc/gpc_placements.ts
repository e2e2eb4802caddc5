/**
 * The placement index of a release: every value of every attribute type that places products (see
 * gpc_placement_rule.ts) → the bricks that list it. It is what GS1 says about where a named product goes,
 * and the curation report holds the curated content against it.
 *
 * Values are keyed by the phrase normalisation (NFKC, case folding, whitespace). A name or phrase finds a
 * value when they are equal singular or plural alike (the last word's forms, `wordForms`): "Croissants"
 * finds CROISSANT, "Breadsticks" BREADSTICKS; failing that, its head does ("Fruit Compotes" finds
 * COMPOTE, see findPlacements). A value of slash-separated alternatives is also found by each
 * alternative it spells out: "CORN CHIPS/TORTILLA CHIPS" by "corn chips" and "tortilla chips", "COOKIE/
 * BISCUIT MIX" by "cookie mix" and "biscuit mix", "SUNFLOWER OIL/FAT" by "sunflower fat".
 */
import type { GpcRelease } from "./gpc_model.ts";
import {
  type AttributeTypeRole,
  attributeTypeRole,
  PLACEHOLDER_VALUES,
  wordForms,
} from "./gpc_placement_rule.ts";
import { normalisePhrase } from "../../src/format/phrase_normalise.ts";

/** One brick that lists a value, and the attribute type that lists it there. */
export interface Placement {
  readonly brick: string;
  readonly brick_title: string;
  readonly attribute_type: string;
  readonly attribute_type_title: string;
  /** The value as GS1 writes it. */
  readonly value: string;
}

/** How one attribute type was read under one brick. */
export interface TypeReading {
  readonly brick: string;
  readonly attribute_type: string;
  readonly attribute_type_title: string;
  readonly role: AttributeTypeRole;
}

/** The placement index of one release. */
export interface PlacementIndex {
  /** Normalised value → one placement per brick that lists it, in publication order. */
  readonly values: ReadonlyMap<string, readonly Placement[]>;
  /** Brick → the normalised values its placing types list, in publication order. */
  readonly brick_values: ReadonlyMap<string, readonly string[]>;
  /** Brick → the codes of its placing attribute types (bricks sharing one hold the same kind of product). */
  readonly brick_types: ReadonlyMap<string, readonly string[]>;
  /** Every attribute type under every brick, with its role. */
  readonly readings: readonly TypeReading[];
  /** Form of a name (see the module comment) → the normalised values it finds. */
  readonly forms: ReadonlyMap<string, readonly string[]>;
}

/** What a name or phrase finds in the index. */
export interface FoundPlacements {
  /** The values it equals, as GS1 writes them. */
  readonly values: readonly string[];
  /** Their bricks, each once, in the order found. */
  readonly placements: readonly Placement[];
  /** The last words that equal the values when the whole text does not ("compotes"), else null. */
  readonly head: string | null;
}

/** Builds the placement index of a (validated) release. */
export function buildPlacementIndex(release: GpcRelease): PlacementIndex {
  const values = new Map<string, Placement[]>();
  const brickValues = new Map<string, string[]>();
  const brickTypes = new Map<string, string[]>();
  const readings: TypeReading[] = [];
  for (const segment of release.segments) {
    for (const family of segment.families) {
      for (const klass of family.classes) {
        for (const brick of klass.bricks) {
          for (const type of brick.attributes) {
            const role = attributeTypeRole(type.title, brick.title);
            readings.push({
              brick: brick.code,
              attribute_type: type.code,
              attribute_type_title: type.title,
              role,
            });
            if (role !== "places") continue;
            brickTypes.set(brick.code, [...brickTypes.get(brick.code) ?? [], type.code]);
            for (const value of type.values) {
              if (PLACEHOLDER_VALUES.has(value.title.trim().toUpperCase())) continue;
              const key = normalisePhrase(value.title);
              const list = values.get(key) ?? [];
              if (list.some((placement) => placement.brick === brick.code)) continue;
              list.push({
                brick: brick.code,
                brick_title: brick.title,
                attribute_type: type.code,
                attribute_type_title: type.title,
                value: value.title,
              });
              values.set(key, list);
              const listed = brickValues.get(brick.code) ?? [];
              listed.push(key);
              brickValues.set(brick.code, listed);
            }
          }
        }
      }
    }
  }
  const forms = new Map<string, string[]>();
  for (const key of values.keys()) {
    for (const name of valueNames(key)) {
      for (const form of phraseForms(name)) {
        const list = forms.get(form) ?? [];
        if (!list.includes(key)) list.push(key);
        forms.set(form, list);
      }
    }
  }
  return { values, brick_values: brickValues, brick_types: brickTypes, readings, forms };
}

/**
 * The values a name or phrase equals (singular or plural alike) and the bricks GS1 places them in. When the
 * whole text equals none, its head does: the longest run of last words that equals a value ("Fruit
 * Compotes" → COMPOTE, "chocolate croissant" → CROISSANT), as an English compound names a kind of its last
 * word. A name that lists products ("Rice Cakes, Chips & Crackers": a comma, "&", "and" or "/") has no head.
 */
export function findPlacements(index: PlacementIndex, text: string): FoundPlacements {
  const phrase = normalisePhrase(text);
  const whole = valuesOf(index, phrase);
  if (whole.length > 0 || /,|&|\/|\band\b/.test(phrase)) return found(index, whole, null);
  const words = phrase.split(" ");
  for (let start = 1; start < words.length; start++) {
    const head = words.slice(start).join(" ");
    const keys = valuesOf(index, head);
    if (keys.length > 0) return found(index, keys, head);
  }
  return found(index, [], null);
}

function valuesOf(index: PlacementIndex, phrase: string): string[] {
  const keys: string[] = [];
  // Most names end in a word no value ends in: telling them by the last word alone spares building and
  // looking up every form of the whole phrase (a full-scale build asks for a million names).
  const last = lastWordsOf(index);
  const word = phrase.slice(phrase.lastIndexOf(" ") + 1);
  if (!wordForms(word).some((form) => last.includes(form))) return keys;
  for (const form of phraseForms(phrase)) {
    for (const key of index.forms.get(form) ?? []) if (!keys.includes(key)) keys.push(key);
  }
  return keys;
}

function found(index: PlacementIndex, keys: readonly string[], head: string | null): FoundPlacements {
  const placements: Placement[] = [];
  for (const key of keys) {
    for (const placement of index.values.get(key) ?? []) {
      if (!placements.some((known) => known.brick === placement.brick)) placements.push(placement);
    }
  }
  return { values: keys.map((key) => index.values.get(key)![0]!.value), placements, head };
}

/**
 * The names a normalised value stands for: itself, and for slash-separated alternatives each one spelt
 * out. Alternatives of equal shape stand alone ("corn chips/tortilla chips", "speculaas/speculoos"); single
 * words before a longer last part share its tail ("cookie/biscuit mix" → "cookie mix"); single words after
 * a longer first part share its head ("sunflower oil/fat" → "sunflower fat"). Other shapes stay whole.
 */
export function valueNames(value: string): string[] {
  const parts = value.split("/").map((part) => part.trim().split(" ").filter((word) => word !== ""));
  if (parts.length < 2 || parts.some((part) => part.length === 0)) return [value];
  const names = [value];
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  const single = (list: string[][]) => list.every((part) => part.length === 1);
  if (parts.every((part) => part.length >= 2) || single(parts)) {
    names.push(...parts.map((part) => part.join(" ")));
  } else if (single(parts.slice(0, -1))) {
    names.push(...parts.slice(0, -1).map((part) => [part[0]!, ...last.slice(1)].join(" ")), last.join(" "));
  } else if (single(parts.slice(1))) {
    names.push(first.join(" "), ...parts.slice(1).map((part) => [...first.slice(0, -1), part[0]!].join(" ")));
  }
  return names;
}

const lastWords = new WeakMap<PlacementIndex, string[]>();

// The last words of every form the index holds.
function lastWordsOf(index: PlacementIndex): string[] {
  let words = lastWords.get(index);
  if (words === undefined) {
    words = [...new Set([...index.forms.keys()].map((form) => form.slice(form.lastIndexOf(" ") + 1)))];
    lastWords.set(index, words);
  }
  return words;
}

/** A phrase in each form of its last word. */
function phraseForms(phrase: string): string[] {
  const cut = phrase.lastIndexOf(" ") + 1;
  return wordForms(phrase.slice(cut)).map((form) => phrase.slice(0, cut) + form);
}
