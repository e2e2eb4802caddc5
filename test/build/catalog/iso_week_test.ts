import assert from "node:assert/strict";
import { isoWeekLabel, weekNumber } from "../../../build/catalog/iso_week.ts";

const label = (instant: string) => isoWeekLabel(weekNumber(Date.parse(instant)));

const cases: [string, string, string][] = [
  ["a Monday opens its week", "2025-12-08T00:00:00Z", "2025-W50"],
  ["a Sunday's last second closes it", "2025-12-14T23:59:59Z", "2025-W50"],
  ["the next Monday is the next week", "2025-12-15T00:00:00Z", "2025-W51"],
  [
    "29 December 2025 is in 2026's first week (its Thursday is 1 January)",
    "2025-12-29T00:00:00Z",
    "2026-W01",
  ],
  ["3 January 2021 is in 2020's week 53", "2021-01-03T12:00:00Z", "2020-W53"],
  ["31 December 2026 is in week 53 of 2026", "2026-12-31T00:00:00Z", "2026-W53"],
  ["weeks are UTC: 23:30 on a Sunday at -05:00 is Monday in UTC", "2025-12-14T23:30:00-05:00", "2025-W51"],
  ["the epoch (a Thursday) is in 1970-W01", "1970-01-01T00:00:00Z", "1970-W01"],
];
for (const [what, instant, expected] of cases) {
  Deno.test(`ISO week: ${what}`, () => assert.equal(label(instant), expected));
}

Deno.test("week numbers of consecutive weeks differ by one across a year end", () => {
  assert.equal(
    weekNumber(Date.parse("2026-01-05T00:00:00Z")) - weekNumber(Date.parse("2025-12-22T00:00:00Z")),
    2,
  );
});
