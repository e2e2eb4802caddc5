/**
 * The content figures of the embedded default, computed from the service's own answers (the real handler
 * over the real build, free): how the Amazon grocery tree classifies, and how far the lexicon reaches.
 * test/reference/coverage_test.ts prints them and holds them to their targets; `deno task coverage` runs it.
 */
import type { EmbeddedService } from "../support/embedded_service.ts";
import { parseCsv } from "../../build/input/csv_parse.ts";
import { readGpc } from "../../build/gpc/gpc_read.ts";

const CLASSIFY = "/v1/reference/classify";
const BATCH = 100;

/** One classify answer of a browse id. */
export interface BrowseAnswer {
  readonly browse_id: string;
  readonly gpc: { code: string; level: string; segment: string } | null;
  readonly match_source: string | null;
}

/** How the tree's nodes answer. */
export interface TreeFigures {
  readonly nodes: number;
  readonly by_level: Record<"brick" | "class" | "family" | "segment" | "null", number>;
  /** Nodes whose answer names a segment other than Food/Beverage, by segment title. */
  readonly outside_food: Record<string, number>;
  readonly answers: ReadonlyMap<string, BrowseAnswer>;
}

/** How far the lexicon reaches. */
export interface LexiconFigures {
  readonly phrases: number;
  /** Phrases answering at least one brick (all of them, when nothing is stale). */
  readonly answered: number;
  readonly bricks_reached: number;
  readonly bricks_total: number;
  /** Bricks reached per segment title, and the segment's bricks. */
  readonly by_segment: Record<string, { reached: number; total: number }>;
}

async function json(service: EmbeddedService, target: string) {
  const response = await service.handle(new Request(`http://gpc.test${target}`), {
    remoteAddr: { hostname: "192.0.2.1" },
  });
  if (response.status !== 200) throw new Error(`${target}: ${response.status} ${await response.text()}`);
  return await response.json();
}

/** The ids of a parent-id tree file (node_id, parent_node_id, …), each once, in file order. */
export function treeIds(file: string): { ids: string[]; children: Map<string, string[]> } {
  const rows = parseCsv(Deno.readTextFileSync(file), file);
  const header = rows[0]!.fields;
  const id = header.indexOf("node_id");
  const parent = header.indexOf("parent_node_id");
  const ids: string[] = [];
  const children = new Map<string, string[]>();
  for (const row of rows.slice(1)) {
    const node = row.fields[id]!;
    if (!ids.includes(node)) ids.push(node);
    const up = row.fields[parent]!;
    if (up !== "") children.set(up, [...(children.get(up) ?? []), node]);
  }
  return { ids, children };
}

/** Every id of tree `tree` (none: the default) answered, 100 per request. */
export async function treeFigures(
  service: EmbeddedService,
  ids: readonly string[],
  tree?: string,
): Promise<TreeFigures> {
  const answers = new Map<string, BrowseAnswer>();
  const named = tree === undefined ? "" : `&tree=${tree}`;
  for (let i = 0; i < ids.length; i += BATCH) {
    const body = await json(service, `${CLASSIFY}?browse_id=${ids.slice(i, i + BATCH).join(",")}${named}`);
    for (const result of body.results as BrowseAnswer[]) answers.set(result.browse_id, result);
  }
  const by_level = { brick: 0, class: 0, family: 0, segment: 0, null: 0 };
  const outside_food: Record<string, number> = {};
  for (const answer of answers.values()) {
    by_level[(answer.gpc?.level ?? "null") as keyof typeof by_level]++;
    if (answer.gpc !== null && answer.gpc.segment !== "Food/Beverage") {
      outside_food[answer.gpc.segment] = (outside_food[answer.gpc.segment] ?? 0) + 1;
    }
  }
  return { nodes: answers.size, by_level, outside_food, answers };
}

/**
 * Every phrase of the lexicon files asked, 100 per request; the bricks reached counted, and by segment
 * against the bricks of `publication` (the default release's GPC file).
 */
export async function lexiconFigures(
  service: EmbeddedService,
  phrases: readonly string[],
  publication: string,
): Promise<LexiconFigures> {
  const reached = new Map<string, string>();
  let answered = 0;
  for (let i = 0; i < phrases.length; i += BATCH) {
    const q = phrases.slice(i, i + BATCH).map(encodeURIComponent).join(",");
    const body = await json(service, `${CLASSIFY}?q=${q}`);
    for (const result of body.results as { gpc: { code: string; segment: string }[] }[]) {
      if (result.gpc.length > 0) answered++;
      for (const brick of result.gpc) reached.set(brick.code, brick.segment);
    }
  }
  const release = (await json(service, "/v1/public/releases")).releases[0];
  const by_segment: LexiconFigures["by_segment"] = {};
  for (const segment of reached.values()) {
    by_segment[segment] ??= { reached: 0, total: 0 };
    by_segment[segment].reached++;
  }
  for (const [segment, total] of Object.entries(await bricksBySegment(publication))) {
    (by_segment[segment] ??= { reached: 0, total: 0 }).total = total;
  }
  return {
    phrases: phrases.length,
    answered,
    bricks_reached: reached.size,
    bricks_total: release.counts.bricks,
    by_segment,
  };
}

/** A GPC publication's bricks per segment title. */
async function bricksBySegment(publication: string): Promise<Record<string, number>> {
  const release = await readGpc(publication);
  return Object.fromEntries(release.segments.map((segment) => [
    segment.title,
    segment.families.reduce((n, f) => n + f.classes.reduce((m, c) => m + c.bricks.length, 0), 0),
  ]));
}

/** The phrases of every lexicon file of `folder`, as written. */
export function lexiconPhrases(folder: string): string[] {
  const phrases: string[] = [];
  for (
    const entry of [...Deno.readDirSync(folder)].filter((e) => e.name.endsWith(".csv")).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0
    )
  ) {
    const file = `${folder}/${entry.name}`;
    const lines = Deno.readTextFileSync(file).split("\n");
    const body = lines.filter((line) => !line.startsWith("#")).join("\n");
    const rows = parseCsv(body, file);
    const column = rows[0]!.fields.indexOf("phrase");
    for (const row of rows.slice(1)) phrases.push(row.fields[column]!);
  }
  return phrases;
}

/** How much of a country's observed catalog sits in categories linked to a GPC node. */
export interface CatalogLinkFigures {
  readonly categories: number;
  readonly linked_categories: number;
  /** Distinct product, brand and retailer of the snapshot, and those in a linked category. */
  readonly listings: number;
  readonly linked_listings: number;
  readonly observations: number;
  readonly linked_observations: number;
}

/**
 * Asks, for every category of `snapshot` (a catalog CSV of `country`), an analytics operation with the
 * category's full path, and reads from `resolved.gpc_codes` whether the answer names the GPC node it is linked to.
 */
export async function catalogLinkFigures(
  service: EmbeddedService,
  snapshot: string,
  country: string,
): Promise<CatalogLinkFigures> {
  const text = Deno.readTextFileSync(snapshot).split("\n").filter((line) => !line.startsWith("#")).join("\n");
  const [head, ...body] = parseCsv(text, snapshot).map((row) => row.fields);
  const at = (name: string) => head!.indexOf(name);
  const [category, product, brand, retailer] = ["category", "product", "brand", "retailer"].map(at) as [
    number,
    number,
    number,
    number,
  ];
  const listings = new Map<string, Set<string>>();
  const observations = new Map<string, number>();
  for (const row of body) {
    const path = row[category];
    if (path === undefined || path === "") continue;
    if (!listings.has(path)) listings.set(path, new Set());
    listings.get(path)!.add(`${row[product]}\u0000${row[brand]}\u0000${row[retailer]}`);
    observations.set(path, (observations.get(path) ?? 0) + 1);
  }
  let linked = 0, linkedListings = 0, linkedObservations = 0, allListings = 0, allObservations = 0;
  for (const [path, held] of listings) {
    allListings += held.size;
    allObservations += observations.get(path)!;
    const target = `/v1/analyst/inflation?country=${country}&category=${encodeURIComponent(path)}`;
    const response = await service.handle(new Request(`http://gpc.test${target}`), {
      remoteAddr: { hostname: "192.0.2.1" },
    });
    // A category only a retailer that is not serving-eligible carries is no category of the answers: unlinked.
    if (response.status === 404) {
      await response.body?.cancel();
      continue;
    }
    if (response.status !== 200) throw new Error(`${target}: ${response.status} ${await response.text()}`);
    const answer = await response.json();
    // The GPC nodes the answer names for the category (one node, or the bricks of a phrase it also is).
    if ((answer.resolved?.gpc_codes ?? []).length === 0) continue;
    linked++;
    linkedListings += held.size;
    linkedObservations += observations.get(path)!;
  }
  return {
    categories: listings.size,
    linked_categories: linked,
    listings: allListings,
    linked_listings: linkedListings,
    observations: allObservations,
    linked_observations: linkedObservations,
  };
}
