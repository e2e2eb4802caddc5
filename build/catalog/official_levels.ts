/**
 * Official average retail prices beside the observed index: Statistics Canada table 18-10-0245-01 (ca) and
 * USDA ERS Fruit and Vegetable Prices (us), as levels of named series, each linked by a curated table to GPC
 * codes or catalog category paths. They are levels, not an index: both agencies say their average prices do
 * not measure price change, so an answer shows them apart from the chained index, with that caveat, and
 * never mixes them into it.
 *
 * A series applies to a target when one of its links reaches a category node the target covers (a target
 * covers its nodes and every node under them): a GPC code reaches the categories linked to it or to a GPC
 * node under it (category_resolution.ts, the same rule as a `category` input), a category path reaches its
 * own node.
 */
import type { CodeRecord } from "../../src/format/shard_records.ts";
import type { Country } from "../../src/format/catalog_records.ts";
import type { CountryCatalog } from "./catalog_model.ts";
import type { OfficialPrice } from "./official_prices_reader.ts";
import type { OfficialSeriesLink } from "./official_series_reader.ts";
import { type CategoryLink, gpcCoverage, pathKey } from "./category_resolution.ts";

/** An official level with what its series is linked to. */
export interface OfficialLevel {
  readonly series: string;
  readonly period: string;
  readonly value: number;
  readonly unit: string;
  readonly source: string;
  /** GPC codes (8 digits) and catalog category paths the series is linked to. */
  readonly links: readonly string[];
}

/** An official level as an answer lists it. */
export interface OfficialAnswerRow {
  readonly period: string;
  readonly value: number;
  readonly unit: string;
  readonly series: string;
  readonly source: string;
}

/** Official levels sharing one set of links, with the category nodes those links reach. */
export interface LinkedOfficial {
  readonly nodes: ReadonlySet<number>;
  readonly rows: readonly OfficialAnswerRow[];
}

/** Joins the official rows with the link table: each linked row becomes a level; unlinked rows are left out. */
export function joinOfficial(
  rows: readonly OfficialPrice[],
  links: readonly Pick<OfficialSeriesLink, "country" | "series" | "link">[],
): Map<Country, OfficialLevel[]> {
  const linksOf = new Map<string, string[]>();
  for (const { country, series, link } of links) {
    const key = `${country}\u001f${series}`;
    linksOf.set(key, [...linksOf.get(key) ?? [], link]);
  }
  const out = new Map<Country, OfficialLevel[]>();
  for (const { country, series, period, value, unit, source } of rows) {
    const linked = linksOf.get(`${country}\u001f${series}`);
    if (linked === undefined) continue;
    if (!out.has(country)) out.set(country, []);
    out.get(country)!.push({ series, period, value, unit, source, links: linked });
  }
  return out;
}

/** Groups `levels` by their links and finds the category nodes of `catalog` each group reaches. */
export function linkOfficial(
  catalog: CountryCatalog,
  codes: ReadonlyMap<string, CodeRecord>,
  categoryLinks: readonly CategoryLink[],
  levels: readonly OfficialLevel[],
): LinkedOfficial[] {
  if (levels.length === 0) return [];
  const coverage = gpcCoverage(catalog, codes, categoryLinks);
  const nodeByKey = new Map(catalog.nodes.map((node, i) => [node.key, i]));
  const groups = new Map<string, { nodes: Set<number>; rows: OfficialAnswerRow[] }>();
  for (const { links, ...row } of levels) {
    const key = [...links].sort().join("\u001e");
    let group = groups.get(key);
    if (group === undefined) {
      const nodes = new Set<number>();
      for (const link of links) {
        if (/^[0-9]{8}$/.test(link)) {
          for (const node of coverage.get(link) ?? []) nodes.add(node);
        } else {
          const node = nodeByKey.get(pathKey(link));
          if (node !== undefined) nodes.add(node);
        }
      }
      groups.set(key, group = { nodes, rows: [] });
    }
    group.rows.push({
      period: row.period,
      value: row.value,
      unit: row.unit,
      series: row.series,
      source: row.source,
    });
  }
  return [...groups.values()].filter((group) => group.nodes.size > 0);
}

/** The official levels that apply to a target covering `covered` nodes, by series, period, then source. */
export function officialFor(
  linked: readonly LinkedOfficial[],
  covered: ReadonlySet<number>,
): OfficialAnswerRow[] {
  const rows = linked
    .filter((group) => [...group.nodes].some((node) => covered.has(node)))
    .flatMap((group) => group.rows);
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return rows.sort((a, b) =>
    order(a.series, b.series) || order(a.period, b.period) || order(a.source, b.source)
  );
}
