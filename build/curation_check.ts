/**
 * Curation aid: prints the figures curators steer the mapping table and the lexicon by (rows, own mappings,
 * coverage with inheritance, brick-level resolution, precision and state counts, codes the release lacks,
 * lexicon codes that are not bricks, phrases equal after normalisation). The build computes the same figures
 * independently; this script only reads the files and reports, it never fails a build.
 *
 * Run from the project root: `node_modules/.bin/deno run --allow-read build/curation_check.ts`
 * (optional arguments: GPC XML, browse tree CSV, mapping CSV, lexicon CSV, in that order).
 */
import { SaxesParser } from "npm:saxes@6.0.0";
import { csvTable, parseCsv, splitCsvMetadata } from "./csv_parse.ts";
import { normalisePhrase } from "../src/phrase_normalise.ts";

const [
  gpcFile = "data/gpc/gpc-en-v20241202-excerpt-seg50-four-families.xml",
  treeFile = "data/browse/amazon-us-grocery/amazon_us_grocery_nodes_with_parents.csv",
  mapFile = "data/mappings/amazon-us-grocery.csv",
  lexiconFile = "data/lexicon/lexicon.csv",
] = Deno.args;

/** Hierarchy level of each GPC code in the release (attribute codes are left out: they are never targets). */
const LEVELS = new Set(["segment", "family", "class", "brick"]);

/** Reads the release's hierarchy codes: code → level. */
function readGpcLevels(xml: string): Map<string, string> {
  const levels = new Map<string, string>();
  const parser = new SaxesParser();
  parser.on("opentag", (tag) => {
    const code = tag.attributes["code"];
    if (LEVELS.has(tag.name) && typeof code === "string") levels.set(code, tag.name);
  });
  parser.write(xml).close();
  return levels;
}

/** Reads a curated CSV (leading `# key: value` lines, then a header) into records. */
function readCurated(text: string, file: string, columns: string[]) {
  const { metadata, body, bodyLine } = splitCsvMetadata(text, file);
  return { metadata, rows: csvTable(parseCsv(body, file, bodyLine), file, columns).rows };
}

const levels = readGpcLevels(await Deno.readTextFile(gpcFile));

// Browse tree: a node with several parents has several rows.
const parents = new Map<string, string[]>();
for (
  const row of readCurated(await Deno.readTextFile(treeFile), treeFile, ["node_id", "parent_node_id"]).rows
) {
  const id = row.get("node_id");
  const list = parents.get(id) ?? [];
  const parent = row.get("parent_node_id");
  if (parent !== "") list.push(parent);
  parents.set(id, list);
}

const mapping = readCurated(await Deno.readTextFile(mapFile), mapFile, [
  "browse_id",
  "gpc_code",
  "match_precision",
  "assurance_state",
  "note",
]);
const own = new Map<string, string>();
const byPrecision = new Map<string, number>();
const byState = new Map<string, number>();
const problems: string[] = [];
for (const row of mapping.rows) {
  const id = row.get("browse_id");
  const code = row.get("gpc_code");
  if (own.has(id)) problems.push(`mapping line ${row.line}: browse_id ${id} mapped twice`);
  if (!parents.has(id)) problems.push(`mapping line ${row.line}: browse_id ${id} is not in the tree`);
  if (!levels.has(code)) problems.push(`mapping line ${row.line}: code ${code} is not in the release`);
  if (row.get("note").trim() === "") problems.push(`mapping line ${row.line}: empty note`);
  own.set(id, code);
  count(byPrecision, row.get("match_precision"));
  count(byState, row.get("assurance_state"));
}

// Nearest mapped ancestor over all parent paths; equally near ones ranked by level (brick first), then id.
const RANK: Record<string, number> = { brick: 0, class: 1, family: 2, segment: 3 };
const resolved = new Map<string, { code: string; distance: number; from: string } | null>();
function resolve(
  id: string,
  visiting = new Set<string>(),
): { code: string; distance: number; from: string } | null {
  const known = resolved.get(id);
  if (known !== undefined) return known;
  const code = own.get(id);
  if (code !== undefined && levels.has(code)) {
    resolved.set(id, { code, distance: 0, from: id });
    return resolved.get(id)!;
  }
  if (visiting.has(id)) return null;
  visiting.add(id);
  let best: { code: string; distance: number; from: string } | null = null;
  for (const parent of parents.get(id) ?? []) {
    const found = resolve(parent, visiting);
    if (found === null) continue;
    const candidate = { ...found, distance: found.distance + 1 };
    if (best === null || before(candidate, best)) best = candidate;
  }
  resolved.set(id, best);
  return best;
}
function before(a: { code: string; distance: number; from: string }, b: typeof a): boolean {
  if (a.distance !== b.distance) return a.distance < b.distance;
  const levelOrder = RANK[levels.get(a.code)!]! - RANK[levels.get(b.code)!]!;
  if (levelOrder !== 0) return levelOrder < 0;
  return BigInt(a.from) < BigInt(b.from);
}
const resolvedAt = new Map<string, number>();
let unresolved = 0;
for (const id of parents.keys()) {
  const found = resolve(id);
  if (found === null) unresolved++;
  else count(resolvedAt, levels.get(found.code)!);
}

const lexicon = readCurated(await Deno.readTextFile(lexiconFile), lexiconFile, [
  "phrase",
  "gpc_codes",
  "note",
]);
const phrases = new Map<string, number>();
for (const row of lexicon.rows) {
  const key = normalisePhrase(row.get("phrase"));
  const earlier = phrases.get(key);
  if (earlier !== undefined) problems.push(`lexicon line ${row.line}: "${key}" repeats line ${earlier}`);
  phrases.set(key, row.line);
  const codes = row.get("gpc_codes").split(";");
  if (new Set(codes).size !== codes.length) problems.push(`lexicon line ${row.line}: a code listed twice`);
  for (const code of codes) {
    const level = levels.get(code);
    if (level === undefined) problems.push(`lexicon line ${row.line}: code ${code} is not in the release`);
    else if (level !== "brick") {
      problems.push(`lexicon line ${row.line}: code ${code} is a ${level}, not a brick`);
    }
  }
}

const nodes = parents.size;
const covered = nodes - unresolved;
console.log(
  `map_version ${mapping.metadata.get("map_version") ?? "(missing)"}, gpc_release ${
    mapping.metadata.get("gpc_release") ?? "(missing)"
  }`,
);
console.log(`tree nodes: ${nodes}`);
console.log(`mapping rows: ${mapping.rows.length}; nodes with own mapping: ${own.size}`);
console.log(
  `resolved with inheritance: ${covered} (${(100 * covered / nodes).toFixed(1)} %), unresolved ${unresolved}`,
);
console.log(`resolving at level: ${describe(resolvedAt)}`);
console.log(`nodes resolving at brick level: ${resolvedAt.get("brick") ?? 0}`);
console.log(`own rows per precision: ${describe(byPrecision)}`);
console.log(`own rows per state: ${describe(byState)}`);
console.log(
  `own rows per level: ${describe(tally([...own.values()].map((c) => levels.get(c) ?? "absent")))}`,
);
console.log(
  `lexicon_version ${
    lexicon.metadata.get("lexicon_version") ?? "(missing)"
  }; phrases: ${lexicon.rows.length}`,
);
console.log(
  `distinct bricks in lexicon: ${new Set(lexicon.rows.flatMap((r) => r.get("gpc_codes").split(";"))).size}`,
);
console.log(
  problems.length === 0 ? "problems: none" : `problems (${problems.length}):\n  ${problems.join("\n  ")}`,
);

function count(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
function tally(keys: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) count(counts, key);
  return counts;
}
function describe(counts: ReadonlyMap<string, number>): string {
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k} ${v}`).join(", ");
}
