import assert from "node:assert/strict";
import { btgCsvRows, btgXlsxRows } from "../../../build/content/btg_rows.ts";
import { writeXlsxWorkbook, type XlsxCell } from "../../support/gpc_writers.ts";

const csv = (text: string) => btgCsvRows(text, "baby.csv");
const xlsx = (sheets: { name: string; rows: XlsxCell[][] }[]) =>
  btgXlsxRows(writeXlsxWorkbook(sheets), "baby.xlsx");

Deno.test("guide rows: a CSV's Node ID and Node Path are read by header name, other columns ignored", () => {
  assert.deepEqual(
    csv('Query,Node Path,Node ID\r\nq,Baby Products,165796011\r\n,"Baby Products/Feeding, Nursing",2\r\n'),
    {
      file: "baby.csv",
      rows: [
        { id: "165796011", path: "Baby Products", line: 2 },
        { id: "2", path: "Baby Products/Feeding, Nursing", line: 3 },
      ],
    },
  );
});

Deno.test("guide rows: the header may follow title rows and be written in any case, with underscores", () => {
  assert.deepEqual(csv("Browse Tree Guide\nUpdated monthly\nNODE_ID,node path\n 7 , Food \n").rows, [
    { id: "7", path: "Food", line: 4 },
  ]);
});

Deno.test("guide rows: blank rows are skipped", () => {
  assert.deepEqual(csv("Node ID,Node Path\n1,Food\n,\n2,Food/Tea\n").rows.map((row) => row.line), [2, 4]);
});

Deno.test("guide rows: a workbook's sheets with the header are read in order, numeric ids as digits, others skipped", () => {
  const read = xlsx([
    { name: "Instructions", rows: [["Browse Tree Guide"], ["Use the Node ID column."]] },
    { name: "Baby", rows: [["Node ID", "Node Path", "Query"], [165796011, "Baby Products", "q"]] },
    { name: "Baby 2", rows: [["Title"], ["Node ID", "Node Path"], ["2", "Baby Products/Feeding"]] },
  ]);
  assert.deepEqual(read, [
    { file: "baby.xlsx", sheet: "Baby", rows: [{ id: "165796011", path: "Baby Products", line: 2 }] },
    { file: "baby.xlsx", sheet: "Baby 2", rows: [{ id: "2", path: "Baby Products/Feeding", line: 3 }] },
  ]);
});

const errors: [string, () => unknown, string][] = [
  [
    "an id that is not digits names the row",
    () => csv("Node ID,Node Path\n12a,Food\n"),
    'baby.csv: line 2: Node ID "12a" is not 1 to 20 digits',
  ],
  [
    "a path without an id is an error",
    () => csv("Node ID,Node Path\n,Food\n"),
    'baby.csv: line 2: Node Path "Food" has no Node ID',
  ],
  [
    "an id without a path is an error",
    () => csv("Node ID,Node Path\n1,\n"),
    "baby.csv: line 2: Node ID 1 has no Node Path",
  ],
  [
    "an unquoted comma in a CSV path is an error rather than a path cut short",
    () => csv("Node ID,Node Path\n1,Food/Dairy, Cheese & Eggs\n"),
    "baby.csv: line 2: has 3 fields, the header has 2 (quote fields that hold a comma)",
  ],
  [
    "a CSV without the header in its first 10 rows is not a guide",
    () => csv(`${"title\n".repeat(10)}Node ID,Node Path\n1,Food\n`),
    'baby.csv: header: no header row with "Node ID" and "Node Path" in the first 10 rows: not a Browse Tree Guide',
  ],
  [
    "a workbook row is named by sheet and row",
    () => xlsx([{ name: "Baby", rows: [["Node ID", "Node Path"], [1, "Baby"], ["x", "Baby/Feeding"]] }]),
    'baby.xlsx: sheet "Baby" row 3: Node ID "x" is not 1 to 20 digits',
  ],
  [
    "a numeric id past 2^53 has lost digits and is an error",
    () => xlsx([{ name: "Baby", rows: [["Node ID", "Node Path"], [12345678901234567890, "Baby"]] }]),
    'baby.xlsx: sheet "Baby" row 2: Node ID 12345678901234567000 is stored as a number too large to hold ' +
    "every digit: store the column as text",
  ],
  [
    "a workbook without a guide sheet lists its sheets",
    () => xlsx([{ name: "Instructions", rows: [["Browse Tree Guide"]] }, { name: "Notes", rows: [] }]),
    'baby.xlsx: header: no header row with "Node ID" and "Node Path" in the first 10 rows (sheets: ' +
    '"Instructions", "Notes"): not a Browse Tree Guide',
  ],
  [
    "a file that is not a zip archive is not a workbook",
    () => btgXlsxRows(new TextEncoder().encode("Node ID,Node Path\n"), "baby.xlsx"),
    "baby.xlsx: file: is not an XLSX workbook (not a zip archive)",
  ],
];

for (const [name, read, message] of errors) {
  Deno.test(`guide rows: ${name}`, () => {
    assert.throws(read, { name: "BuildError", message });
  });
}
