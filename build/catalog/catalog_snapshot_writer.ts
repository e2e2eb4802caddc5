/**
 * Writes catalog snapshots in the format catalog_snapshot_reader.ts reads: metadata lines, then the header
 * and rows in a fixed column order, LF line ends, fields quoted only when RFC 4180 requires it. The same
 * rows always give the same bytes.
 */
import {
  CATEGORY_SEPARATOR,
  OPTIONAL_COLUMNS,
  REQUIRED_COLUMNS,
  SNAPSHOT_VERSION,
} from "./catalog_snapshot_reader.ts";

/** One row to write; absent optional values are written empty. */
export interface SnapshotRow {
  readonly observation_id: string;
  readonly product: string;
  readonly brand: string;
  readonly retailer: string;
  readonly country: string;
  readonly category: readonly string[];
  /** The price as it should appear, e.g. "4.99". */
  readonly price: string;
  readonly currency: string;
  readonly observed_at: string;
  readonly unit?: string;
  readonly is_deal?: boolean | undefined;
  readonly valid_until?: string;
  /** The retailer's own text of the offer, written only when it differs from `product`. */
  readonly source_name?: string;
}

/** The metadata lines to write, in order; `generated` is written only when given. */
export interface SnapshotHeader {
  readonly country: string;
  readonly currency: string;
  readonly source: string;
  readonly generated?: string;
}

const COLUMNS = [
  "observation_id",
  ...REQUIRED_COLUMNS,
  ...OPTIONAL_COLUMNS.filter((c) => c !== "observation_id"),
];
// A snapshot none of whose rows has a source name of its own is written without that column.
const WITHOUT_SOURCE_NAME = COLUMNS.filter((c) => c !== "source_name");

/** The snapshot file text for `rows`. */
export function formatSnapshot(header: SnapshotHeader, rows: readonly SnapshotRow[]): string {
  const sourceName = (row: SnapshotRow) =>
    row.source_name === undefined || row.source_name === row.product ? "" : row.source_name;
  const withSourceName = rows.some((row) => sourceName(row) !== "");
  const lines = [
    `# snapshot_version: ${SNAPSHOT_VERSION}`,
    `# country: ${header.country}`,
    `# currency: ${header.currency}`,
    `# source: ${oneLine(header.source)}`,
    ...(header.generated === undefined ? [] : [`# generated: ${oneLine(header.generated)}`]),
    (withSourceName ? COLUMNS : WITHOUT_SOURCE_NAME).join(","),
  ];
  for (const row of rows) {
    const isDeal = row.is_deal === undefined ? "" : String(row.is_deal);
    lines.push(
      [
        row.observation_id,
        row.product,
        row.brand,
        row.retailer,
        row.country,
        row.category.join(CATEGORY_SEPARATOR),
        row.price,
        row.currency,
        row.observed_at,
        row.unit ?? "",
        isDeal,
        row.valid_until ?? "",
        ...(withSourceName ? [sourceName(row)] : []),
      ].map(csvField).join(","),
    );
  }
  return `${lines.join("\n")}\n`;
}

/** A CSV field, quoted when it holds a comma, quote or line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
