/**
 * The checks of one mapping row or one lexicon row against GS1's placements (gpc_placements.ts): the
 * rules of precision, certainty and placement the README's curation section states.
 *
 * A mapping row's browse node is placed when its name equals a placement value (singular or plural
 * alike); P is the set of bricks GS1 places it in. A target agrees with a placement as `agrees` says (a
 * brick: the same brick or one carrying the placing attribute type; a class, family or segment: one
 * holding the brick). Then:
 *
 * - placement_mismatch: the target agrees with no placement;
 * - placement_partial: it agrees with some, and GS1 also places the name elsewhere;
 * - close_match_on_type: closeMatch to a target that agrees with a placement (the node is one of the
 *   brick's types, so it is narrower than the brick);
 * - coarse_target: a class, family or segment holding all of P while P's common ancestor is lower.
 *
 * A node placed only by its name's head ("Fruit Compotes" by COMPOTE) is a kind of that value: enough to
 * settle its precision (close_match_on_type, coarse_target), not to move it (mismatch, partial): a fried
 * rice is a rice dish, not rice. A mismatch is not raised for a node read as a qualifier of its parent
 * (see curation_qualifier.ts: "Corn" under "Oils" is corn oil, not corn); a node GS1 places partly under its
 * target names a product there, so partial is raised all the same.
 *
 * exact_match_on_broad_brick needs no name match: exactMatch to a brick whose placing types list two or
 * more values. A lexicon row is placed when its whole phrase equals a value: listed bricks that agree with
 * no placement are a mismatch; otherwise placements the row leaves out are partial (certain-or-blank: a
 * phrase answers every brick it can mean, storage states included).
 */
import type { CodeRecord } from "../../src/format/shard_records.ts";
import type { FoundPlacements, Placement, PlacementIndex } from "../gpc/gpc_placements.ts";
import type { MappingRow } from "./mapping_table_reader.ts";
import type { CurationKind } from "./curation_review.ts";

/** A flag raised on a row, before review. */
export interface RawFlag {
  readonly kind: CurationKind;
  readonly problem: string;
  readonly suggestion: string | null;
}

/** What the checks of one mapping row need beside the row. */
export interface MappingCheck {
  readonly row: MappingRow;
  readonly found: FoundPlacements;
  /** Parents the node may qualify (see curation_qualifier.ts), else empty. */
  readonly qualifies: readonly string[];
}

/** The flags of a mapping row, and the parents its name was read as qualifying (no mismatch raised). */
export interface MappingFlags {
  readonly flags: RawFlag[];
  readonly qualifier_of: readonly string[];
}

/** The flags of one mapping row whose target is a hierarchy node of the release. */
export function mappingRowFlags(
  check: MappingCheck,
  codes: ReadonlyMap<string, CodeRecord>,
  index: PlacementIndex,
): MappingFlags {
  const { row, found, qualifies } = check;
  const flags: RawFlag[] = [];
  let qualifierOf: readonly string[] = [];
  const target = codes.get(row.gpc_code)!;
  const isBrick = target.kind === "brick";
  const placed = found.placements.map((placement) => placement.brick);
  const named = found.values.join(", ");
  if (placed.length > 0) {
    const outside = found.placements.filter((placement) => !agrees(index, codes, row.gpc_code, placement));
    if (found.head !== null) {
      // A head match settles precision only: a fried rice is a rice dish, not rice.
    } else if (outside.length === placed.length && qualifies.length > 0) {
      qualifierOf = qualifies;
    } else if (outside.length === placed.length) {
      flags.push({
        kind: "placement_mismatch",
        problem: `GS1 places ${named} under ${describePlacements(codes, outside)}; not under ${row.gpc_code}`,
        suggestion: placeSuggestion(codes, placed),
      });
    } else if (outside.length > 0 && outside.length < placed.length && found.head === null) {
      const common = commonAncestor(codes, [...placed, row.gpc_code]);
      flags.push({
        kind: "placement_partial",
        problem: `GS1 also places ${named} under ${
          describePlacements(codes, outside)
        }; outside ${row.gpc_code}`,
        suggestion:
          `narrowerThan ${common} ${codes.get(common)!.title} (the common ${codes.get(common)!.kind} ` +
          "of every placement), or keep the row and say why the other placements do not apply",
      });
    }
    if (outside.length < placed.length && row.match_precision === "closeMatch") {
      flags.push({
        kind: "close_match_on_type",
        problem: `${row.gpc_code} ${isBrick ? "lists" : "holds bricks that list"} ${named} as one of its ` +
          "types: the node is narrower, not close",
        suggestion: `narrowerThan ${row.gpc_code}`,
      });
    }
    const common = commonAncestor(codes, placed);
    if (!isBrick && outside.length === 0 && common !== row.gpc_code) {
      flags.push({
        kind: "coarse_target",
        problem: `GS1 places ${named} under ${describePlacements(codes, found.placements)}: ` +
          (placed.length === 1 ? "one brick" : `all in the ${codes.get(common)!.kind} ${common}`) +
          `, below the ${target.kind} ${row.gpc_code}`,
        suggestion: placeSuggestion(codes, placed),
      });
    }
  }
  const types = index.brick_values.get(row.gpc_code) ?? [];
  if (isBrick && row.match_precision === "exactMatch" && types.length >= 2) {
    flags.push({
      kind: "exact_match_on_broad_brick",
      problem: `${row.gpc_code} lists ${types.length} product types (${listed(index, types)}): ` +
        "exactMatch says the node holds every one",
      suggestion: `narrowerThan ${row.gpc_code}, unless the node holds every type`,
    });
  }
  return { flags, qualifier_of: qualifierOf };
}

/**
 * The flags of one lexicon row (its bricks `listed`) against what its phrase finds: listed bricks that
 * agree with no placement are a mismatch; otherwise placements the row leaves out are partial, storage
 * states included.
 */
export function lexiconRowFlags(
  listed: readonly string[],
  found: FoundPlacements,
  codes: ReadonlyMap<string, CodeRecord>,
  index: PlacementIndex,
): RawFlag[] {
  const placed = found.placements.map((placement) => placement.brick);
  if (placed.length === 0 || found.head !== null) return [];
  const named = found.values.join(", ");
  const suggestion = `gpc_codes ${placed.join(";")}, or blank the phrase if it can mean something else too`;
  const extra = listed.filter((code) =>
    !found.placements.some((placement) => agrees(index, codes, code, placement))
  );
  if (extra.length > 0) {
    return [{
      kind: "placement_mismatch",
      problem: `lists ${describeBricks(codes, extra)}, where GS1 does not place ${named}; GS1 places it ` +
        `under ${describePlacements(codes, found.placements)}`,
      suggestion,
    }];
  }
  const missing = found.placements.filter((placement) => !listed.includes(placement.brick));
  if (missing.length === 0) return [];
  return [{
    kind: "placement_partial",
    problem: `GS1 also places ${named} under ${describePlacements(codes, missing)}; the row leaves ` +
      `${missing.length === 1 ? "it" : "them"} out`,
    suggestion,
  }];
}

/** The code path (segment … node) of a hierarchy code, empty for anything else. */
export function pathOf(codes: ReadonlyMap<string, CodeRecord>, code: string): readonly string[] {
  return codes.get(code)?.path ?? [];
}

/** The lowest GPC node that holds every one of `placed` (itself when it is one code). */
export function commonAncestor(codes: ReadonlyMap<string, CodeRecord>, placed: readonly string[]): string {
  const paths = placed.map((code) => pathOf(codes, code));
  const first = paths[0] ?? [];
  let depth = 0;
  while (depth < first.length && paths.every((path) => path[depth] === first[depth])) depth++;
  return first[depth - 1] ?? "";
}

/** Where to map a node GS1 places in `placed`: the brick, the class, or the choice of classes. */
function placeSuggestion(codes: ReadonlyMap<string, CodeRecord>, placed: readonly string[]): string {
  const common = commonAncestor(codes, placed);
  const title = codes.get(common)?.title ?? "";
  if (placed.length === 1) return `narrowerThan ${common} ${title}`;
  const kind = codes.get(common)?.kind;
  if (kind === "class") {
    return `narrowerThan ${common} ${title}, or narrowerThan the brick of the node's storage state ` +
      `(${placed.join(", ")})`;
  }
  const classes = [...new Set(placed.map((code) => pathOf(codes, code)[2]!))];
  return `the node spans ${classes.length} classes (${classes.join(", ")}): narrowerThan their common ` +
    `${kind} ${common} ${title}, or one class if the node's products are only there`;
}

/** "10000170 Cakes - Sweet (Frozen), 10000171 Cakes - Sweet (Perishable)" */
function describeBricks(codes: ReadonlyMap<string, CodeRecord>, bricks: readonly string[]): string {
  return bricks.map((code) => `${code} ${codes.get(code)?.title ?? "?"}`).join(", ");
}

/** "Type of Sweet Pie or Pastry of 10000245 Pies/Pastries - Sweet (Frozen), 10000246 …; Type of …" */
function describePlacements(
  codes: ReadonlyMap<string, CodeRecord>,
  placements: readonly Placement[],
): string {
  const byType = new Map<string, string[]>();
  for (const placement of placements) {
    const bricks = byType.get(placement.attribute_type_title) ?? [];
    bricks.push(`${placement.brick} ${codes.get(placement.brick)?.title ?? placement.brick_title}`);
    byType.set(placement.attribute_type_title, bricks);
  }
  return [...byType].map(([type, bricks]) => `${type} of ${bricks.join(", ")}`).join("; ");
}

/**
 * Whether a curated target agrees with one placement: a brick agrees when it is the placement's brick or
 * carries the attribute type that places it there (a storage-state or ready-to-eat sibling: GS1's value
 * lists differ between siblings, and the state is the curator's call); a class, family or segment agrees
 * when it holds the placement's brick.
 */
function agrees(
  index: PlacementIndex,
  codes: ReadonlyMap<string, CodeRecord>,
  target: string,
  placement: Placement,
): boolean {
  if (codes.get(target)?.kind !== "brick") return pathOf(codes, placement.brick).includes(target);
  return target === placement.brick ||
    (index.brick_types.get(target) ?? []).includes(placement.attribute_type);
}

/** The first values of a brick's types as GS1 writes them, for a message. */
function listed(index: PlacementIndex, keys: readonly string[]): string {
  const shown = keys.slice(0, 6).map((key) => index.values.get(key)?.[0]?.value ?? key);
  return keys.length > shown.length ? `${shown.join(", ")}, …` : shown.join(", ");
}
