import assert from "node:assert/strict";
import { isoWeek, weekStart } from "../../../build/catalog/listing_prices.ts";

const week = (date: string) => isoWeek(weekStart(Date.parse(`${date}Z`)));

const weeks: [string, string, string][] = [
  ["a Monday starts its week", "2025-12-08T00:00:00", "2025-W50"],
  ["a Sunday's last second is still in the week of the Monday before", "2025-12-14T23:59:59", "2025-W50"],
  ["the last days of December can be week 1 of the next year", "2025-12-29T12:00:00", "2026-W01"],
  ["the first days of January can be the last week of the year before", "2021-01-03T00:00:00", "2020-W53"],
  ["a year whose January 1 is a Thursday starts with week 1", "2026-01-01T00:00:00", "2026-W01"],
  ["a date before 1970 (negative epoch days)", "1969-12-27T00:00:00", "1969-W52"],
];
for (const [what, date, expected] of weeks) {
  Deno.test(`ISO weeks: ${what}`, () => assert.equal(week(date), expected));
}

Deno.test("weekStart is the Monday 00:00 UTC of the week", () => {
  assert.equal(
    new Date(weekStart(Date.parse("2025-12-14T23:59:59Z"))).toISOString(),
    "2025-12-08T00:00:00.000Z",
  );
});
