/**
 * Every `category` input that can resolve, per country, precomputed: the keys of the lookup shard and the
 * targets (sets of category nodes) their answers cover, each with what it included and left out, and why.
 *
 * An input is normalised as the lexicon normalises phrases (NFKC, case folding, white space). Two routes meet:
 * - GPC: an 8-digit GPC node code, else a lexicon phrase (its bricks), else a GPC title (brick, class,
 *   family or segment), tried in that order (a phrase or title is also found by its folded words: `snack`
 *   finds the title Snacks). GPC nodes reach catalog categories through the curated category → GPC links:
 *   a GPC node covers the categories linked to it or to any node under it (a category linked to a node
 *   above the input's may hold other products: only its name can bring it in).
 * - Catalog: a full category path, or the category levels that name the input (category_naming.ts: "pasta"
 *   names Pantry > Pasta, Pasta & Noodles > Fresh Pasta, Pantry > Beans Or Pasta, not Pantry > Pasta Sauce).
 * An input's categories are those of both routes (a code has only the GPC route). So the links decide where
 * they exist and the catalog's own paths elsewhere, and the resolution keeps working when the curated table
 * or the GPC release changes. `matched_by` names the GPC step when it reached a category, else
 * `catalog_category`. Catalog keys are also registered by `nameKey` and by folded words, which the runtime
 * tries in that order when the normalised input is not a key.
 */
import { nameKey } from "../../src/format/name_key.ts";
import { normalisePhrase } from "../../src/format/phrase_normalise.ts";
import { foldedCategoryKey } from "../../src/format/category_words.ts";
import type { CodeRecord, GpcNodeView, LexiconRecord } from "../../src/format/shard_records.ts";
import type { MatchedBy } from "../../src/format/catalog_records.ts";
import type { CountryCatalog } from "./catalog_model.ts";
import { categoryNaming, type CategoryVerdict, namedCategories } from "./category_naming.ts";
import { levelKinds } from "./category_kinds.ts";
import { assembleTargets, type CountryResolutions, type ResolvedInput } from "./category_targets.ts";

export type { CountryResolutions, Target } from "./category_targets.ts";

/** A curated link of a catalog category to a GPC node. */
export interface CategoryLink {
  /** The category path as the snapshot writes it (`Pantry > Bread`). */
  readonly category: string;
  readonly gpc_code: string;
}

/** What the GPC route makes of an input. */
interface GpcCandidate {
  readonly matched_by: MatchedBy;
  readonly gpc: GpcNodeView | null;
  readonly gpc_codes: readonly string[];
}

const HIERARCHY = new Set(["segment", "family", "class", "brick"]);

/** Builds the lookup keys and targets of `catalog` from the release, the lexicon and the links. */
export function resolveCategories(
  catalog: CountryCatalog,
  codes: ReadonlyMap<string, CodeRecord>,
  lexicon: ReadonlyMap<string, LexiconRecord>,
  links: readonly CategoryLink[],
): CountryResolutions {
  const { nodes } = catalog;
  const nodeByKey = new Map(nodes.map((node, i) => [node.key, i]));
  const ownLink = new Map<number, string>();
  for (const link of links) {
    const node = nodeByKey.get(pathKey(link.category));
    if (node !== undefined && codes.get(link.gpc_code)?.path !== undefined) ownLink.set(node, link.gpc_code);
  }
  const covered = gpcCoverage(catalog, codes, links);
  const whole = wholeNodes(codes);
  const naming = categoryNaming(nodes, ownLink);
  const gpcByKey = new Map<string, GpcCandidate>();
  const gpcByFolded = new Map<string, GpcCandidate>();
  const offerGpc = (key: string, candidate: GpcCandidate) => {
    if (!gpcByKey.has(key)) gpcByKey.set(key, candidate);
    const folded = foldedCategoryKey(key);
    if (folded !== "" && !gpcByFolded.has(folded)) gpcByFolded.set(folded, candidate);
  };
  const byTitle = new Map<string, string[]>();
  for (const [code, record] of [...codes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!HIERARCHY.has(record.kind) || record.node === undefined) continue;
    gpcByKey.set(code, { matched_by: "gpc_code", gpc: record.node, gpc_codes: [code] });
    const title = normalisePhrase(record.title);
    byTitle.set(title, [...byTitle.get(title) ?? [], code]);
  }
  for (const [phrase, record] of [...lexicon].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const bricks = record.gpc.map((node) => node.code);
    offerGpc(phrase, {
      matched_by: "lexicon",
      gpc: record.gpc.length === 1 ? record.gpc[0]! : null,
      gpc_codes: bricks,
    });
  }
  for (const [title, titled] of [...byTitle].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const sorted = titled.sort();
    offerGpc(title, {
      matched_by: "gpc_title",
      gpc: sorted.length === 1 ? codes.get(sorted[0]!)!.node! : null,
      gpc_codes: sorted,
    });
  }
  const pathNodes = new Map<string, number>();
  const catalogKeys = new Set<string>();
  nodes.forEach((node, i) => {
    for (const key of [normalisePhrase(node.path), nameKey(node.path)]) pathNodes.set(key, i);
    const level = node.levels[node.levels.length - 1]!;
    const kinds = levelKinds(level);
    for (const text of [level, kinds.kind.join(" "), ...kinds.members.map((m) => m.join(" "))]) {
      for (const key of [normalisePhrase(text), nameKey(text), foldedCategoryKey(text)]) catalogKeys.add(key);
    }
    for (const member of kinds.members) catalogKeys.add(member[member.length - 1] ?? "");
  });
  const inputs = new Map<string, ResolvedInput>();
  const keys = new Set([...gpcByKey.keys(), ...catalogKeys, ...pathNodes.keys()]);
  for (const key of keys) {
    if (key === "") continue;
    const gpc = gpcByKey.get(key) ??
      (/^\d{8}$/.test(key) ? undefined : gpcByFolded.get(foldedCategoryKey(key)));
    const included: CategoryVerdict[] = [], leftOut: CategoryVerdict[] = [];
    let reached = false;
    if (gpc !== undefined) {
      const named = whole(gpc.gpc_codes);
      for (const code of named) {
        for (const node of covered.get(code) ?? []) {
          const link = ownLink.get(node)!;
          included.push({ node, reason: `linked to GPC ${link} ${codes.get(link)?.title ?? ""}` });
          reached = true;
        }
      }
    }
    const path = pathNodes.get(key);
    // A category named by its full path answers its own curated link as the GPC node it stands for.
    const pathLink = path === undefined ? undefined : ownLink.get(path);
    if (path !== undefined) {
      const linked = pathLink === undefined
        ? ""
        : `, linked to GPC ${pathLink} ${codes.get(pathLink)?.title ?? ""}`;
      included.push({ node: path, reason: `its path is "${nodes[path]!.path}"${linked}` });
    }
    if (gpc?.matched_by !== "gpc_code") {
      const named = namedCategories(naming, key, gpc?.gpc_codes ?? [], codes);
      included.push(...named.included);
      leftOut.push(...named.leftOut);
    }
    if (included.length === 0) continue;
    const byPath = !reached && pathLink !== undefined ? codes.get(pathLink)?.node : undefined;
    inputs.set(key, {
      matched_by: reached ? gpc!.matched_by : "catalog_category",
      gpc: reached ? gpc!.gpc : byPath ?? null,
      gpc_codes: reached ? gpc!.gpc_codes : byPath === undefined ? [] : [pathLink!],
      included,
      leftOut,
    });
  }
  return assembleTargets(catalog, inputs);
}

/** Category path as a snapshot writes it (`Pantry > Bread`) → node key. */
export function pathKey(path: string): string {
  return path.split(" > ").map(nameKey).join("\u001f");
}

/** GPC code → the category nodes linked (by `links`) to it or to a GPC node under it. */
export function gpcCoverage(
  catalog: CountryCatalog,
  codes: ReadonlyMap<string, CodeRecord>,
  links: readonly CategoryLink[],
): Map<string, Set<number>> {
  const nodeByKey = new Map(catalog.nodes.map((node, i) => [node.key, i]));
  const covered = new Map<string, Set<number>>();
  for (const link of links) {
    const node = nodeByKey.get(pathKey(link.category));
    const path = codes.get(link.gpc_code)?.path;
    if (node === undefined || path === undefined) continue;
    for (const code of path) {
      let set = covered.get(code);
      if (set === undefined) covered.set(code, set = new Set());
      set.add(node);
    }
  }
  return covered;
}

/**
 * Closes a set of GPC codes upward: a class, family or segment all of whose bricks the set names is named
 * too ("bread" names the three Bread bricks, so it names the class Bread and reaches the categories linked to
 * it); a node only partly named is not, so the answer never covers more than the input means.
 */
export function wholeNodes(codes: ReadonlyMap<string, CodeRecord>): (named: readonly string[]) => string[] {
  const bricksUnder = new Map<string, number>();
  for (const record of codes.values()) {
    if (record.kind !== "brick" || record.path === undefined) continue;
    for (const above of record.path.slice(0, -1)) bricksUnder.set(above, (bricksUnder.get(above) ?? 0) + 1);
  }
  return (named) => {
    const bricks = new Set(named.filter((code) => codes.get(code)?.kind === "brick"));
    const counts = new Map<string, number>();
    for (const brick of bricks) {
      for (const above of codes.get(brick)!.path!.slice(0, -1)) {
        counts.set(above, (counts.get(above) ?? 0) + 1);
      }
    }
    const whole = [...counts].filter(([code, count]) => count === bricksUnder.get(code)).map(([code]) =>
      code
    );
    return [...new Set([...named, ...whole])];
  };
}
