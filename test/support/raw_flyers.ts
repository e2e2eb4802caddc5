/**
 * The raw Calgary flyer rows (data/catalog/sources/calgary_flyers/seton_grocery_history.csv) read by the
 * tests' own simple code, not the project's: the audit tests compute what the service must answer from these
 * rows and compare. A row without a usable price ("Check Store", 0.0) is left out, as the conversion does.
 */

/** One priced flyer row. */
export interface RawRow {
  readonly date: string;
  readonly store: string;
  readonly item: string;
  readonly price: number;
  /** The date part of Valid_Until ("2025-12-17"), "" when empty. */
  readonly validUntil: string;
  readonly category: string;
  readonly subCategory: string;
  /** "true", "false" or "" as the row says (True/TRUE/1, False/FALSE/0). */
  readonly deal: string;
  readonly original: string;
}

/** The raw flyer file. */
export const RAW_FLYERS = "data/catalog/sources/calgary_flyers/seton_grocery_history.csv";

/** The priced rows of the raw file. */
export async function rawFlyerRows(): Promise<RawRow[]> {
  const [header, ...records] = parseCsv(await Deno.readTextFile(RAW_FLYERS));
  const at = (name: string) => header!.indexOf(name);
  return records.filter((r) => Number(r[at("Price_Value")]) > 0).map((r) => {
    const deal = r[at("Is_Deal")]!.toLowerCase();
    return {
      date: r[at("Date")]!,
      store: r[at("Store")]!,
      item: r[at("Item")]!.trim(),
      price: Number(r[at("Price_Value")]),
      validUntil: r[at("Valid_Until")]!.slice(0, 10),
      category: r[at("Category")]!,
      subCategory: r[at("Sub_Category")]!,
      deal: deal === "true" || deal === "1" ? "true" : deal === "false" || deal === "0" ? "false" : "",
      original: r[at("Original_Name")]!.trim(),
    };
  });
}

/** A name compared as a shopper reads it: case, accents, ®/™/© and apostrophe style aside. */
export function plain(text: string): string {
  return text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").replace(/[®™©]/g, " ")
    .replace(/’/g, "'").replace(/\s+/g, " ").trim();
}

const SIZE =
  /\d+(?:[.,]\d+)?(?:\s*(?:-|\/|x|or|to)\s*\d+(?:[.,]\d+)?)*\s*(?:kg|g|ml|l|lb|lbs|oz|'\s*s|pack|pk|ct)(?![a-z])/gi;

/** The sizes a row states, from its item or else its original name, spaces out ("3-5kg"); "" when none. */
export function rawSize(row: RawRow): string {
  for (const text of [row.item, row.original]) {
    const found = [...text.matchAll(SIZE)].map((m) => m[0].toLowerCase().replace(/\s+/g, ""));
    if (found.length > 0) return found.join("+");
  }
  return "";
}

/** The key of a listing at one pack size on one day: store, item, stated size, date. */
export function rawListingDay(row: RawRow): string {
  return [row.store, plain(row.item), rawSize(row), row.date].join("\u001f");
}

/** The ISO week number (weeks since Monday 1970-01-05) of a date. */
export function rawWeek(date: string): number {
  return Math.floor((Date.parse(`${date}T00:00:00Z`) - Date.UTC(1970, 0, 5)) / (7 * 86_400_000));
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [], field = "", quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') field += text[++i];
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") row.push(field), field = "";
    else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field), field = "";
      rows.push(row), row = [];
    } else field += ch;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  return rows.filter((r) => r.length > 1);
}
