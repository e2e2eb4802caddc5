import assert from "node:assert/strict";
import { parseOfficialSeriesTable } from "../../../build/catalog/official_series_reader.ts";
import { readOfficialPrices } from "../../../build/catalog/official_prices_reader.ts";
import { type CatalogCategories, catalogCategories } from "../../../build/catalog/category_gpc_reader.ts";
import { type CatalogCountry, readSnapshot } from "../../../build/catalog/catalog_snapshot_reader.ts";
import { BuildError } from "../../../build/input/build_error.ts";
import { readGpc } from "../../../build/gpc/gpc_read.ts";
import { compileGpc } from "../../../build/gpc/gpc_compile.ts";
import type { CodeRecord } from "../../../src/format/shard_records.ts";

const CODES = new Map<string, CodeRecord>([
  ["50181900", {
    kind: "class",
    title: "Bread",
    active: true,
    node: {
      code: "50181900",
      title: "Bread",
      level: "class",
      segment: "50000000",
      family: null,
      class: null,
      brick: null,
    },
    attribute_count: 0,
  }],
]);
const CATEGORIES: CatalogCategories = new Map([["ca", new Map([["Pantry > Bread", 68]])], ["us", new Map()]]);
const SERIES = new Map<CatalogCountry, Set<string>>([
  ["ca", new Set(["White bread, 675 grams", "Eggs, 1 dozen"])],
  ["us", new Set(["Apples, Fresh"])],
]);
const HEADER = "# table_version: 1\ncountry,series,link,note\n";

function parse(rows: string) {
  return parseOfficialSeriesTable(HEADER + rows, "series.csv", SERIES, CATEGORIES, CODES);
}

Deno.test("a series links to a GPC code and to a category; the report counts linked series per country", () => {
  const table = parse(
    '"ca","White bread, 675 grams",50181900,bread\n' +
      'ca,"White bread, 675 grams",Pantry > Bread,"breads, broader"\n',
  );
  assert.deepEqual(table.links.map((l) => [l.link, l.link_kind, l.line, l.note]), [
    ["50181900", "gpc", 3, "bread"],
    ["Pantry > Bread", "category", 4, "breads, broader"],
  ]);
  assert.deepEqual(table.report, {
    linked_series: { us: 0, ca: 1 },
    series: { us: 1, ca: 2 },
    stale_rows: [],
  });
});

Deno.test("a link to an unknown series, an absent category or an absent code is stale", () => {
  const table = parse(
    'ca,"Rye bread, 675 grams",50181900,\n' +
      'ca,"Eggs, 1 dozen",Dairy & Eggs > Eggs,\n' +
      'us,"Apples, Fresh",50999999,\n',
  );
  assert.deepEqual(table.links, []);
  assert.deepEqual(table.report.stale_rows.map((s) => [s.line, s.series, s.reason]), [
    [3, "Rye bread, 675 grams", "series_absent"],
    [4, "Eggs, 1 dozen", "category_absent"],
    [5, "Apples, Fresh", "code_absent"],
  ]);
});

const refused: [string, string, string][] = [
  [
    "an unknown country",
    'mx,"Eggs, 1 dozen",50181900,\n',
    'series.csv: line 3: country "mx" is not one of us, ca',
  ],
  ["an empty link", 'ca,"Eggs, 1 dozen",,\n', "series.csv: line 3: series or link is empty"],
  [
    "a link given twice",
    'ca,"Eggs, 1 dozen",50181900,\nca,"Eggs, 1 dozen",50181900,again\n',
    'series.csv: line 4: ca series "Eggs, 1 dozen" is already linked to "50181900" on line 3',
  ],
];

for (const [what, rows, message] of refused) {
  Deno.test(`a series link table with ${what} is refused`, () => {
    assert.throws(() => parse(rows), (e: unknown) => e instanceof BuildError && e.message === message);
  });
}

Deno.test("the curated table links all 110 ca series and all 155 us series, none stale", async () => {
  const snapshots = [
    await readSnapshot("data/catalog/ca_calgary_flyers.csv"),
    await readSnapshot("data/catalog/us_generated_2022.csv"),
  ];
  const codes =
    compileGpc(await readGpc("data/gpc/gpc-v20251127-GB-hierarchy-only-with-AR-columns.xlsx")).codes;
  const series = new Map<CatalogCountry, Set<string>>();
  for (const country of ["us", "ca"] as const) {
    series.set(country, new Set((await readOfficialPrices("data/catalog", country)).map((p) => p.series)));
  }
  const file = "data/catalog/official_series.csv";
  const table = parseOfficialSeriesTable(
    await Deno.readTextFile(file),
    file,
    series,
    catalogCategories(snapshots),
    codes,
  );
  assert.deepEqual(table.report, {
    linked_series: { us: 155, ca: 110 },
    series: { us: 155, ca: 110 },
    stale_rows: [],
  });
  assert.equal(table.links.length, 415);
  const bread = table.links.filter((l) => l.series === "White bread, 675 grams").map((l) => l.link);
  assert.deepEqual(bread, ["50181900", "Baked Goods > Bread", "Breads > White Bread", "Pantry > Bread"]);
  assert.deepEqual(
    table.links.filter((l) => l.series === "Apples, Fresh").map((l) => [l.country, l.link]),
    [["us", "10005900"], ["us", "Produce > Fruit > Apples"]],
  );
});
