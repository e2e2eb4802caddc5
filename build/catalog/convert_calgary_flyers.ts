/**
 * One-off converter: the Calgary (Seton) grocery flyer history CSV → a catalog snapshot for country ca.
 *
 * ```
 * deno run --allow-read --allow-write build/catalog/convert_calgary_flyers.ts <flyers.csv> <snapshot.csv> [brands.txt]
 * ```
 *
 * Source columns: Date, Store, Item, Price_Text, Price_Value, Valid_Until, Category, Is_Deal, Original_Name,
 * recorded_at, Sub_Category. Each kept row becomes one observation: product = Item (trimmed), source_name =
 * Original_Name (trimmed; written only when it differs from Item: the flyer's own text, which often states
 * the pack size the Item leaves out), brand by the curated list (catalog_brand_list.ts, default
 * data/catalog/brands_ca.txt) read from Item, or from Original_Name when Item names none, retailer = Store,
 * category =
 * Category > Sub_Category (underscores to spaces, words capitalised; Category alone when Sub_Category is
 * empty), price = Price_Value, observed_at = Date, is_deal from Is_Deal (True/TRUE/1, False/FALSE/0, empty),
 * valid_until = Valid_Until, observation_id = "ca-flyer-" and the source line. A row without a usable price
 * ("Check Store" rows carry 0.0), store, item, category or date is dropped and counted by reason in the report
 * printed on stdout: nothing is lost silently.
 */
import { BuildError } from "../input/build_error.ts";
import { csvTable, parseCsv } from "../input/csv_parse.ts";
import { type BrandList, brandOf, parseBrandList } from "./catalog_brand_list.ts";
import { formatSnapshot, type SnapshotRow } from "./catalog_snapshot_writer.ts";
import { parseObservedAt } from "./catalog_observed_at.ts";

/** The source's columns the conversion reads. */
export const FLYER_COLUMNS = [
  "Date",
  "Store",
  "Item",
  "Price_Value",
  "Valid_Until",
  "Category",
  "Is_Deal",
  "Sub_Category",
  "Original_Name",
] as const;

/** What a conversion kept, dropped and recognised. */
export interface FlyerConversionReport {
  readonly rows_read: number;
  readonly rows_written: number;
  /** Dropped rows by reason, e.g. { "price is empty, zero or not a number": 213 }. */
  readonly dropped: Readonly<Record<string, number>>;
  /** Valid_Until values that are not ISO 8601 and were written empty (the row is kept). */
  readonly valid_until_unreadable: number;
  /** Is_Deal values that are not a recognised boolean and were written empty (the row is kept). */
  readonly is_deal_unreadable: number;
  readonly rows_with_brand: number;
  readonly distinct_brands: number;
  readonly retailers: number;
}

/** The snapshot text and report for the flyer CSV `text`; `file` names it in errors and in the metadata. */
export function convertCalgaryFlyers(
  text: string,
  file: string,
  brands: BrandList,
): { snapshot: string; report: FlyerConversionReport } {
  const table = csvTable(parseCsv(text, file), file, FLYER_COLUMNS);
  const rows: SnapshotRow[] = [];
  const dropped: Record<string, number> = {};
  const drop = (reason: string) => dropped[reason] = (dropped[reason] ?? 0) + 1;
  let validUntilUnreadable = 0, isDealUnreadable = 0, branded = 0;
  const brandNames = new Set<string>(), retailers = new Set<string>();
  for (const record of table.rows) {
    const value = (column: string) => record.get(column).trim();
    const price = Number(value("Price_Value"));
    const category = [humanise(value("Category")), humanise(value("Sub_Category"))].filter((level) =>
      level !== ""
    );
    if (value("Price_Value") === "" || !Number.isFinite(price) || price <= 0) {
      drop("price is empty, zero or not a number");
    } else if (value("Store") === "") drop("store is empty");
    else if (value("Item") === "") drop("item is empty");
    else if (value("Category") === "") drop("category is empty");
    else if (!/^\d{4}-\d{2}-\d{2}$/.test(value("Date")) || parseObservedAt(value("Date")) === undefined) {
      drop("date is not an ISO 8601 date");
    } else {
      const validUntil = parseObservedAt(value("Valid_Until")) === undefined ? "" : value("Valid_Until");
      if (validUntil === "" && value("Valid_Until") !== "") validUntilUnreadable++;
      const isDeal = dealFlag(value("Is_Deal"));
      if (isDeal === undefined && value("Is_Deal") !== "") isDealUnreadable++;
      const brand = brandOf(value("Item"), brands) || brandOf(value("Original_Name"), brands);
      if (brand !== "") {
        branded++;
        brandNames.add(brand);
      }
      retailers.add(value("Store"));
      rows.push({
        observation_id: `ca-flyer-${String(record.line).padStart(6, "0")}`,
        product: value("Item"),
        brand,
        retailer: value("Store"),
        country: "ca",
        category,
        price: priceText(value("Price_Value"), price),
        currency: "CAD",
        observed_at: value("Date"),
        is_deal: isDeal,
        valid_until: validUntil,
        source_name: value("Original_Name"),
      });
    }
  }
  const snapshot = formatSnapshot({
    country: "ca",
    currency: "CAD",
    source: `Calgary (Seton) grocery flyer prices 2025-11-19..2025-12-17, ${baseName(file)} converted by ` +
      `build/catalog/convert_calgary_flyers.ts; provenance in the SOURCE.md beside this snapshot`,
  }, rows);
  return {
    snapshot,
    report: {
      rows_read: table.rows.length,
      rows_written: rows.length,
      dropped,
      valid_until_unreadable: validUntilUnreadable,
      is_deal_unreadable: isDealUnreadable,
      rows_with_brand: branded,
      distinct_brands: brandNames.size,
      retailers: retailers.size,
    },
  };
}

/** A snake_case or spaced category name as a label: "cheese_premium" → "Cheese Premium". */
export function humanise(name: string): string {
  return name.replace(/_/g, " ").replace(/\s+/g, " ").trim()
    .replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}

function dealFlag(text: string): boolean | undefined {
  const lower = text.toLowerCase();
  if (lower === "true" || lower === "1") return true;
  if (lower === "false" || lower === "0") return false;
  return undefined;
}

function priceText(text: string, price: number): string {
  // Cents are written with two decimals ("10.0" → "10.00"); a finer source price is kept as written.
  return /^\d+(\.\d{1,2})?$/.test(text) ? price.toFixed(2) : text;
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

if (import.meta.main) {
  const [input, output, brandsPath = "data/catalog/brands_ca.txt"] = Deno.args;
  if (input === undefined || output === undefined) {
    console.error("usage: convert_calgary_flyers.ts <flyers.csv> <snapshot.csv> [brands.txt]");
    Deno.exit(2);
  }
  try {
    const brands = parseBrandList(await Deno.readTextFile(brandsPath), brandsPath);
    const { snapshot, report } = convertCalgaryFlyers(await Deno.readTextFile(input), input, brands);
    await Deno.writeTextFile(output, snapshot);
    console.log(JSON.stringify({ input, output, brands: brandsPath, ...report }, null, 2));
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    console.error(error.message);
    Deno.exit(1);
  }
}
