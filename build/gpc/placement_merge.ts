/**
 * Placement indexes of several publications as one: what GS1 says about where products go, taken from each
 * publication for the bricks the ones before it do not describe. The curation report of the embedded default
 * reads the served publications' placements (the food families of the XML excerpt); `deno task curation
 * --reference FILE` adds a full publication's (every segment's "Type of …" values), so the report covers
 * every segment while the build itself reads only data/.
 */
import type { Placement, PlacementIndex, TypeReading } from "./gpc_placements.ts";

/** `indexes` as one: a brick's placements, values and types come from the first index that has the brick. */
export function mergePlacementIndexes(indexes: readonly PlacementIndex[]): PlacementIndex {
  const [first, ...rest] = indexes;
  if (first === undefined) throw new TypeError("mergePlacementIndexes needs at least one index");
  if (rest.length === 0) return first;
  const values = new Map<string, Placement[]>();
  const brickValues = new Map<string, readonly string[]>();
  const brickTypes = new Map<string, readonly string[]>();
  const readings: TypeReading[] = [];
  const forms = new Map<string, string[]>();
  for (const index of indexes) {
    // The bricks this index describes that no earlier one did.
    const fresh = new Set([...index.brick_types.keys()].filter((brick) => !brickTypes.has(brick)));
    for (const brick of fresh) {
      brickTypes.set(brick, index.brick_types.get(brick)!);
      brickValues.set(brick, index.brick_values.get(brick) ?? []);
    }
    readings.push(...index.readings.filter((reading) => fresh.has(reading.brick)));
    for (const [value, placements] of index.values) {
      const added = placements.filter((placement) => fresh.has(placement.brick));
      if (added.length > 0) values.set(value, [...(values.get(value) ?? []), ...added]);
    }
    for (const [form, found] of index.forms) {
      const known = forms.get(form) ?? [];
      forms.set(form, [...known, ...found.filter((value) => values.has(value) && !known.includes(value))]);
    }
  }
  for (const [form, found] of forms) if (found.length === 0) forms.delete(form);
  return { values, brick_values: brickValues, brick_types: brickTypes, readings, forms };
}
