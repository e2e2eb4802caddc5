/**
 * ISO 8601 weeks in UTC, Monday to Sunday, as the catalog's weekly figures name them (`2025-W50`). A week
 * is handled as a plain number (weeks since the Monday 1970-01-05) so that consecutive weeks differ by one
 * across year ends (2025-W52 → 2026-W01, 2026-W53 → 2027-W01) and spans need no calendar arithmetic.
 */
import { DAY_MS } from "./catalog_model.ts";

const WEEK_MS = 7 * DAY_MS;
/** Monday 1970-01-05T00:00:00Z, the start of week number 0. */
const FIRST_MONDAY = 4 * DAY_MS;

/** The week number of an instant (epoch milliseconds): weeks since Monday 1970-01-05, UTC. */
export function weekNumber(epochMillis: number): number {
  return Math.floor((epochMillis - FIRST_MONDAY) / WEEK_MS);
}

/** The ISO 8601 label of a week number: the year of its Thursday, `-W`, its week of that year (2 digits). */
export function isoWeekLabel(week: number): string {
  const thursday = new Date(FIRST_MONDAY + week * WEEK_MS + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const ordinal = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS);
  return `${year}-W${String(Math.floor(ordinal / 7) + 1).padStart(2, "0")}`;
}
