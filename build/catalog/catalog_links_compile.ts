/**
 * The catalog's curated tables, read in the build: the category → GPC links of category_gpc.csv (handed to
 * the category resolution of catalog_compile.ts) and the official series links of official_series.csv, with
 * what they leave unlinked, plus how many observations of each snapshot have an exact, derived or unknown
 * unit price (unit_size.ts). The build prints the summary lines, adds the totals to the manifest's counts and
 * the full report to `catalog-report.json`.
 */
import type { CodeRecord } from "../../src/format/shard_records.ts";
import type { CatalogCountry } from "./catalog_snapshot_reader.ts";
import type { CompiledCatalog } from "./catalog_stats.ts";
import { catalogCategories, type CategoryGpcRow, parseCategoryGpcTable } from "./category_gpc_reader.ts";
import { parseOfficialSeriesTable } from "./official_series_reader.ts";
import { type OfficialPrice, readOfficialPrices } from "./official_prices_reader.ts";
import { joinOfficial, type OfficialLevel } from "./official_levels.ts";

/** What the catalog links compile reports. */
export interface CatalogLinksResult {
  /** The live category → GPC links by country (empty without category_gpc.csv). */
  readonly categoryLinks: ReadonlyMap<CatalogCountry, readonly CategoryGpcRow[]>;
  /** The official levels of the linked series, by country (empty without official_series.csv). */
  readonly official: ReadonlyMap<CatalogCountry, readonly OfficialLevel[]>;
  /** Summary lines for the build's output. */
  readonly lines: readonly string[];
  /** Totals for the manifest's counts. */
  readonly counts: Readonly<Record<string, number>>;
  /** The full report, written as catalog-report.json. */
  readonly report: Readonly<Record<string, unknown>>;
}

const COUNTRIES: readonly CatalogCountry[] = ["us", "ca"];
/** How many unlinked categories of a country the printed summary names. */
const SHOWN_UNLINKED = 5;

/** Reads the present tables of `catalogDir` (paths in `tables`) against the catalog and the release's codes. */
export async function compileCatalogLinks(
  catalogDir: string,
  tables: readonly string[],
  catalog: CompiledCatalog,
  codes: ReadonlyMap<string, CodeRecord>,
): Promise<CatalogLinksResult> {
  const lines: string[] = [];
  const counts: Record<string, number> = {};
  const report: Record<string, unknown> = {};
  for (const { file, unit_conversion: { exact, derived, unknown, unstated_basis } } of catalog.report.files) {
    lines.push(
      `unit prices of ${file}: ${exact} exact, ${derived} derived, ${unknown} unknown ` +
        `(${unstated_basis} of unstated price basis)`,
    );
  }
  const categories = catalogCategories(catalog.snapshots);
  const categoryTable = tables.find((path) => path.endsWith("/category_gpc.csv"));
  const categoryLinks = new Map<CatalogCountry, CategoryGpcRow[]>();
  if (categoryTable !== undefined) {
    const { table_version, rows, report: links } = parseCategoryGpcTable(
      await Deno.readTextFile(categoryTable),
      categoryTable,
      categories,
      codes,
    );
    for (const country of COUNTRIES) {
      categoryLinks.set(
        country,
        rows.filter((row) => row.country === country),
      );
    }
    report.category_gpc = { table: categoryTable, table_version, ...links };
    counts.catalog_categories_linked = COUNTRIES.reduce((sum, c) => sum + links.linked[c], 0);
    for (const country of COUNTRIES) {
      const unlinked = links.unlinked[country];
      const shown = unlinked.slice(0, SHOWN_UNLINKED).map((u) => `${u.category} (${u.observations})`).join(
        ", ",
      );
      lines.push(
        `categories ${country}: ${links.linked[country]} linked to GPC (${
          links.linked_observations[country]
        } ` +
          `observations), ${unlinked.length} unlinked${
            unlinked.length > 0 ? `, most observed: ${shown}` : ""
          }`,
      );
    }
    for (const stale of links.stale_rows) {
      lines.push(
        `stale category link: ${categoryTable} line ${stale.line}: ${stale.country} "${stale.category}" → ` +
          `${stale.gpc_code} (${stale.reason})`,
      );
    }
  }
  const seriesTable = tables.find((path) => path.endsWith("/official_series.csv"));
  let official = new Map<CatalogCountry, OfficialLevel[]>();
  if (seriesTable !== undefined) {
    const series = new Map<CatalogCountry, Set<string>>();
    const prices: OfficialPrice[] = [];
    for (const country of COUNTRIES) {
      const rows = await readOfficialPrices(catalogDir, country);
      prices.push(...rows);
      series.set(country, new Set(rows.map((p) => p.series)));
    }
    const { table_version, links, report: linked } = parseOfficialSeriesTable(
      await Deno.readTextFile(seriesTable),
      seriesTable,
      series,
      categories,
      codes,
    );
    report.official_series = { table: seriesTable, table_version, links: links.length, ...linked };
    official = joinOfficial(prices, links);
    counts.catalog_official_series_linked = COUNTRIES.reduce((sum, c) => sum + linked.linked_series[c], 0);
    for (const country of COUNTRIES) {
      lines.push(
        `official series ${country}: ${linked.linked_series[country]} of ${linked.series[country]} linked`,
      );
    }
    for (const stale of linked.stale_rows) {
      lines.push(
        `stale series link: ${seriesTable} line ${stale.line}: ${stale.country} "${stale.series}" → ` +
          `"${stale.link}" (${stale.reason})`,
      );
    }
  }
  return { categoryLinks, official, lines, counts, report };
}
