import { deepStrictEqual, rejects } from "node:assert/strict";
import { strToU8, zipSync } from "npm:fflate@0.8.3";
import { readGpcXlsx } from "../../../build/gpc/gpc_xlsx_reader.ts";
import { gpcCounts } from "../../../build/gpc/gpc_validate.ts";
import { GPC_XLSX_COLUMNS, writeXlsxSheet, type XlsxCell } from "../../support/gpc_writers.ts";

const HIERARCHY = "/work/shared/data/gpc/gpc-v20251127-GB-hierarchy-only-with-AR-columns.xlsx";
const NAME = "GPC as of November 2025 v20251127 GB.xlsx";

async function withBytes(
  name: string,
  bytes: Uint8Array,
  body: (path: string) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "gpc_xlsx_" });
  try {
    await Deno.writeFile(`${dir}/${name}`, bytes);
    await body(`${dir}/${name}`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const HEADER = [...GPC_XLSX_COLUMNS];
const HIERARCHY_CELLS: XlsxCell[] = [
  "50000000",
  "Food/Beverage",
  "",
  50180000,
  "Bread & <Bakery>",
  "",
  "50181700",
  "Mixes",
  "",
  10000155,
  'Mix "Frozen"',
  "Includes mixes.",
  "Excludes soups.",
];
const row = (...attribute: XlsxCell[]): XlsxCell[] => [...HIERARCHY_CELLS, ...attribute];

Deno.test("the real November 2025 hierarchy reads with exactly 45 segments, 162 families, 937 classes, 5,306 bricks", async () => {
  const release = await readGpcXlsx(HIERARCHY);
  deepStrictEqual([release.release, release.language], ["v20251127", ""]);
  deepStrictEqual(gpcCounts(release), {
    segments: 45,
    families: 162,
    classes: 937,
    bricks: 5306,
    attribute_types: 0,
    attribute_values: 0,
    brick_attribute_links: 0,
    brick_attribute_value_rows: 0,
    bricks_without_attributes: 5306,
  });
  const first = release.segments[0]!;
  deepStrictEqual([first.code, first.title, first.active, first.definition], [
    "70000000",
    "Arts/Crafts/Needlework",
    true,
    "",
  ]);
  const cross = release.segments.find((s) => s.code === "58000000")!;
  const temporary = cross.families.flatMap((f) => f.classes.flatMap((c) => c.bricks)).find((b) =>
    b.code === "99999999"
  );
  deepStrictEqual(temporary?.title, "Temporary Classification");
});

Deno.test("rows merge into bricks, attribute types and values in row order, codes as numbers or strings", () =>
  withBytes(
    NAME,
    writeXlsxSheet([
      HEADER,
      row(20000056, "Diabetic Claim", "Claims.", "30002960", "NO", ""),
      row("20000056", "Diabetic Claim", "Claims.", 30002654, "YES", "Yes."),
      row(20000142, "If Organic", "", 30002960, "NO", ""),
    ]),
    async (path) => {
      const release = await readGpcXlsx(path);
      const family = release.segments[0]!.families[0]!;
      deepStrictEqual(family.title, "Bread & <Bakery>");
      deepStrictEqual(family.classes[0]!.bricks, [{
        code: "10000155",
        title: 'Mix "Frozen"',
        definition: "Includes mixes.",
        active: true,
        definitionExcludes: "Excludes soups.",
        attributes: [
          {
            code: "20000056",
            title: "Diabetic Claim",
            definition: "Claims.",
            active: true,
            values: [
              { code: "30002960", title: "NO", definition: "", active: true },
              { code: "30002654", title: "YES", definition: "Yes.", active: true },
            ],
          },
          {
            code: "20000142",
            title: "If Organic",
            definition: "",
            active: true,
            values: [{ code: "30002960", title: "NO", definition: "", active: true }],
          },
        ],
      }]);
    },
  ));

Deno.test("columns are found by name: reordered, dropped and added columns are accepted", () =>
  withBytes(
    NAME,
    writeXlsxSheet([
      [
        "Note",
        "BrickTitle",
        "BrickCode",
        "ClassTitle",
        "ClassCode",
        "FamilyTitle",
        "FamilyCode",
        "SegmentTitle",
        "SegmentCode",
      ],
      ["x", "Mix", "10000155", "Mixes", "50181700", "Bread", "50180000", "Food", "50000000"],
    ], "Sheet1"),
    async (path) => {
      const release = await readGpcXlsx(path);
      deepStrictEqual(release.segments[0]!.families[0]!.classes[0]!.bricks[0]!.title, "Mix");
      deepStrictEqual(gpcCounts(release).bricks_without_attributes, 1);
    },
  ));

const BROKEN: [string, string, Uint8Array, string, RegExp][] = [
  [
    "a file that is not a zip is refused",
    NAME,
    strToU8("<schema/>"),
    "file",
    /^is not an XLSX workbook \(not a zip archive\)$/,
  ],
  [
    "a zip without a workbook is refused",
    NAME,
    zipSync({ "readme.txt": strToU8("hello") }),
    "xl/workbook.xml",
    /^is missing: not an XLSX workbook$/,
  ],
  [
    "a workbook of several sheets none named Schema is refused",
    NAME,
    zipSync({
      "xl/workbook.xml": strToU8(
        '<workbook><sheets><sheet name="A" r:id="rId1"/><sheet name="B" r:id="rId2"/></sheets></workbook>',
      ),
    }),
    "xl/workbook.xml",
    /^has no sheet "Schema" \(sheets: "A", "B"\)$/,
  ],
  [
    "a workbook whose sheet part is missing is refused",
    NAME,
    zipSync({
      "xl/workbook.xml": strToU8('<workbook><sheets><sheet name="Schema" r:id="rId1"/></sheets></workbook>'),
    }),
    'sheet "Schema"',
    /^its part xl\/worksheets\/sheet1\.xml is missing$/,
  ],
  [
    "a row with a non-numeric code is refused naming the row and column",
    NAME,
    writeXlsxSheet([HEADER, row(), row("2000005X", "Diabetic Claim", "", "30002960", "NO", "")]),
    "row 3 column AttributeCode",
    /^code "2000005X" is not 8 digits$/,
  ],
  [
    "a row with a brick code but no class code is refused",
    NAME,
    writeXlsxSheet([HEADER, [
      "50000000",
      "Food",
      "",
      "50180000",
      "Bread",
      "",
      "",
      "",
      "",
      "10000155",
      "Mix",
    ]]),
    "row 2",
    /^brick 10000155 has no ClassCode \(a brick must be inside a class\)$/,
  ],
  [
    "a brick that changes title between rows is refused",
    NAME,
    writeXlsxSheet([HEADER, row(), HIERARCHY_CELLS.map((cell, i) => i === 10 ? "Other" : cell)]),
    "row 3",
    /^brick 10000155 is titled "Other" here but "Mix "Frozen"" on row 2$/,
  ],
  [
    "a brick under two classes is refused",
    NAME,
    writeXlsxSheet([HEADER, row(), HIERARCHY_CELLS.map((cell, i) => i === 6 ? "50181800" : cell)]),
    "row 3",
    /^brick 10000155 is under 50181800 here but under 50181700 on row 2$/,
  ],
  [
    "a repeated row is refused",
    NAME,
    writeXlsxSheet([
      HEADER,
      row(20000056, "Diabetic Claim", "", 30002960, "NO", ""),
      row(20000056, "Diabetic Claim", "", 30002960, "NO", ""),
    ]),
    "row 3",
    /^repeats brick 10000155 attribute type 20000056 value 30002960$/,
  ],
  [
    "a header without the brick columns is refused",
    NAME,
    writeXlsxSheet([["SegmentCode", "SegmentTitle", "FamilyCode", "FamilyTitle", "ClassCode", "ClassTitle"]]),
    "row 1",
    /^header lacks the column\(s\) BrickCode, BrickTitle$/,
  ],
  [
    "a file name without a release id is refused",
    "gpc.xlsx",
    writeXlsxSheet([HEADER, row()]),
    "file name",
    /^has no date and the file name has no v<YYYYMMDD> release id$/,
  ],
];

for (const [name, file, bytes, where, problem] of BROKEN) {
  Deno.test(
    name,
    () =>
      withBytes(
        file,
        bytes,
        (path) => rejects(readGpcXlsx(path), { name: "BuildError", file: path, where, problem }),
      ),
  );
}

Deno.test("a truncated sheet is malformed XML named by part, line and column", () =>
  withBytes(
    NAME,
    zipSync({
      "xl/workbook.xml": strToU8('<workbook><sheets><sheet name="Schema" r:id="rId1"/></sheets></workbook>'),
      "xl/worksheets/sheet1.xml": strToU8(
        '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>SegmentCode',
      ),
    }),
    (path) =>
      rejects(readGpcXlsx(path), {
        name: "BuildError",
        // saxes holds back the pending text, so the position is where that text began.
        where: "xl/worksheets/sheet1.xml line 1 column 75",
        problem: /^malformed XML: unclosed tag: t/,
      }),
  ));

Deno.test("an inline rich string keeps all its runs and leaves out phonetic readings", () => {
  const inline = (ref: string, xml: string) => `<c r="${ref}" t="inlineStr"><is>${xml}</is></c>`;
  const header = [
    "SegmentCode",
    "SegmentTitle",
    "FamilyCode",
    "FamilyTitle",
    "ClassCode",
    "ClassTitle",
    "BrickCode",
    "BrickTitle",
  ]
    .map((name, i) => inline(`${String.fromCharCode(65 + i)}1`, `<t>${name}</t>`)).join("");
  const data = [
    '<c r="A2"><v>50000000</v></c>',
    inline("B2", "<r><t>Food/</t></r><r><t>Beverage</t></r>"),
    '<c r="C2"><v>50180000</v></c>',
    inline("D2", "<t>Bread/Bakery Products</t><rPh><t>reading</t></rPh>"),
    '<c r="E2"><v>50181700</v></c>',
    inline("F2", '<r><t>Baking/Cooking </t></r><r><t xml:space="preserve">Mixes/Supplies</t></r>'),
    '<c r="G2"><v>10000155</v></c>',
    inline("H2", "<t>Baking/Cooking Mixes (Frozen)</t>"),
  ].join("");
  return withBytes(
    NAME,
    zipSync({
      "xl/workbook.xml": strToU8('<workbook><sheets><sheet name="Schema" r:id="rId1"/></sheets></workbook>'),
      "xl/worksheets/sheet1.xml": strToU8(
        `<worksheet><sheetData><row r="1">${header}</row><row r="2">${data}</row></sheetData></worksheet>`,
      ),
    }),
    async (path) => {
      const release = await readGpcXlsx(path);
      const segment = release.segments[0]!;
      const family = segment.families[0]!;
      deepStrictEqual(
        [segment.title, family.title, family.classes[0]!.title, family.classes[0]!.bricks[0]!.title],
        [
          "Food/Beverage",
          "Bread/Bakery Products",
          "Baking/Cooking Mixes/Supplies",
          "Baking/Cooking Mixes (Frozen)",
        ],
      );
    },
  );
});
