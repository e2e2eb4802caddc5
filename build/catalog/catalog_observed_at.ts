/**
 * Observation times of the catalog snapshot: an ISO 8601 date (`2025-12-17`, read as 00:00:00Z) or a
 * date-time with seconds optional and an explicit offset (`2025-12-17T08:30:00Z`, `2025-12-17T23:59:59-05:00`).
 * A date-time without an offset is refused: its instant would depend on the machine that builds. Years
 * start at 1900.
 */

const PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** Milliseconds since the epoch of an observed_at value, or undefined when it is not one. */
export function parseObservedAt(text: string): number | undefined {
  const match = PATTERN.exec(text);
  if (match === null) return undefined;
  const [, y, mo, d, h = "00", mi = "00", s = "00", fraction = "", zone = "Z"] = match;
  const year = Number(y), month = Number(mo), day = Number(d);
  const hour = Number(h), minute = Number(mi), second = Number(s);
  // Years before 1900 are typos in a price catalog (and Date.UTC would read 0025 as 1925).
  if (year < 1900) return undefined;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  let offsetMinutes = 0;
  if (zone !== "Z") {
    const offsetHours = Number(zone.slice(1, 3)), offsetMins = Number(zone.slice(4, 6));
    if (offsetHours > 23 || offsetMins > 59) return undefined;
    offsetMinutes = (zone[0] === "-" ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  const millis = fraction === "" ? 0 : Math.floor(Number(`0.${fraction}`) * 1000);
  return Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMinutes * 60_000;
}

/** An instant as ISO 8601 UTC with `Z`, to the second ("2025-12-17T00:00:00Z"), milliseconds only when present. */
export function formatUtc(epochMillis: number): string {
  const iso = new Date(epochMillis).toISOString();
  return iso.endsWith(".000Z") ? `${iso.slice(0, -5)}Z` : iso;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
