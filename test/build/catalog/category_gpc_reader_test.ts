import assert from "node:assert/strict";
import {
  type CatalogCategories,
  catalogCategories,
  parseCategoryGpcTable,
} from "../../../build/catalog/category_gpc_reader.ts";
import { readSnapshot } from "../../../build/catalog/catalog_snapshot_reader.ts";
import { BuildError } from "../../../build/input/build_error.ts";
import { readGpc } from "../../../build/gpc/gpc_read.ts";
import { compileGpc } from "../../../build/gpc/gpc_compile.ts";
import type { CodeRecord } from "../../../src/format/shard_records.ts";

const node = (code: string, level: "family" | "class" | "brick", active = true): CodeRecord => ({
  kind: level,
  title: code,
  active,
  node: { code, title: code, level, segment: "50000000", family: null, class: null, brick: null },
  attribute_count: 0,
});

const CODES = new Map<string, CodeRecord>([
  ["50181900", node("50181900", "class")],
  ["10000040", node("10000040", "brick")],
  ["10000999", node("10000999", "brick", false)],
  ["20000056", { kind: "attribute_type", title: "Diabetic Claim", active: true, attribute_count: 0 }],
]);

const CATEGORIES: CatalogCategories = new Map([
  ["ca", new Map([["Pantry > Bread", 68], ["Pantry > Oil", 16], ["Pantry", 275], ["Produce > Banana", 2]])],
  ["us", new Map([["Bakery > Bread", 413], ["Produce > Fruit > Apples", 64]])],
]);

const HEADER =
  "# table_version: 1\n# gpc_release: v20241202\ncountry,category,gpc_code,match_precision,assurance_state,note\n";

function parse(rows: string) {
  return parseCategoryGpcTable(HEADER + rows, "links.csv", CATEGORIES, CODES);
}

Deno.test("live rows link categories; the report counts them and lists the rest by observations", () => {
  const table = parse(
    "ca,Pantry > Bread,50181900,narrowerThan,verified,loaves\n" +
      'us,Bakery > Bread,50181900,narrowerThan,provisional,"loaves, rolls"\n' +
      "ca,Pantry > Oil,10000040,exactMatch,verified,oils\n",
  );
  assert.deepEqual([table.table_version, table.gpc_release], ["1", "v20241202"]);
  assert.deepEqual(table.rows[1], {
    country: "us",
    category: "Bakery > Bread",
    gpc_code: "50181900",
    match_precision: "narrowerThan",
    assurance_state: "provisional",
    note: "loaves, rolls",
    line: 5,
  });
  assert.deepEqual(table.report, {
    linked: { us: 1, ca: 2 },
    linked_observations: { us: 413, ca: 84 },
    unlinked: {
      us: [{ category: "Produce > Fruit > Apples", observations: 64 }],
      ca: [{ category: "Pantry", observations: 275 }, { category: "Produce > Banana", observations: 2 }],
    },
    stale_rows: [],
  });
});

Deno.test("a row to an absent category, an absent, inactive or attribute code is stale, not linked", () => {
  const table = parse(
    "ca,Pantry > Cake,50181900,narrowerThan,verified,\n" +
      "ca,Pantry > Bread,50189999,narrowerThan,verified,\n" +
      "ca,Pantry > Oil,10000999,narrowerThan,verified,\n" +
      "us,Bakery > Bread,20000056,narrowerThan,verified,\n",
  );
  assert.deepEqual(table.rows, []);
  assert.deepEqual(table.report.stale_rows.map((s) => [s.line, s.category, s.reason]), [
    [4, "Pantry > Cake", "category_absent"],
    [5, "Pantry > Bread", "code_absent"],
    [6, "Pantry > Oil", "code_inactive"],
    [7, "Bakery > Bread", "code_not_a_node"],
  ]);
  assert.deepEqual(table.report.linked, { us: 0, ca: 0 });
});

const refused: [string, string, string][] = [
  [
    "an unknown country",
    "uk,Pantry > Bread,50181900,narrowerThan,verified,\n",
    'links.csv: line 4: country "uk" is not one of us, ca',
  ],
  [
    "a category linked twice",
    "ca,Pantry > Bread,50181900,narrowerThan,verified,\nca,Pantry > Bread,10000040,closeMatch,verified,\n",
    'links.csv: line 5: ca category "Pantry > Bread" is already linked on line 4',
  ],
  [
    "a code that is not 8 digits",
    "ca,Pantry > Bread,5018190,narrowerThan,verified,\n",
    'links.csv: line 4: gpc_code "5018190" is not 8 digits',
  ],
  [
    "an unknown precision",
    "ca,Pantry > Bread,50181900,relatedMatch,verified,\n",
    'links.csv: line 4: match_precision "relatedMatch" is not one of exactMatch, narrowerThan, broaderThan, closeMatch',
  ],
  [
    "an unknown assurance state",
    "ca,Pantry > Bread,50181900,narrowerThan,stale,\n",
    'links.csv: line 4: assurance_state "stale" is not one of verified, provisional',
  ],
];

for (const [what, rows, message] of refused) {
  Deno.test(`a category link table with ${what} is refused`, () => {
    assert.throws(() => parse(rows), (e: unknown) => e instanceof BuildError && e.message === message);
  });
}

Deno.test("a category link table without its table_version is refused", () => {
  assert.throws(
    () =>
      parseCategoryGpcTable(
        "country,category,gpc_code,match_precision,assurance_state,note\n",
        "x.csv",
        CATEGORIES,
        CODES,
      ),
    (e: unknown) =>
      e instanceof BuildError && e.message === "x.csv: metadata: lacks the `# table_version: <version>` line",
  );
});

Deno.test("the curated table links 993 ca and 72 us categories of the embedded snapshots, none stale", async () => {
  const snapshots = [
    await readSnapshot("data/catalog/ca_calgary_flyers.csv"),
    await readSnapshot("data/catalog/us_generated_2022.csv"),
  ];
  const codes =
    compileGpc(await readGpc("data/gpc/gpc-v20251127-GB-hierarchy-only-with-AR-columns.xlsx")).codes;
  const file = "data/catalog/category_gpc.csv";
  const table = parseCategoryGpcTable(
    await Deno.readTextFile(file),
    file,
    catalogCategories(snapshots),
    codes,
  );
  assert.deepEqual(table.report.stale_rows, []);
  assert.deepEqual(table.report.linked, { us: 72, ca: 993 });
  assert.deepEqual(table.report.linked_observations, { us: 18839, ca: 8093 });
  assert.deepEqual([table.report.unlinked.us.length, table.report.unlinked.ca.length], [0, 9]);
  assert.deepEqual(table.report.unlinked.ca[0], { category: "Household & Personal", observations: 166 });
  const bread = table.rows.find((r) => r.country === "us" && r.category === "Bakery > Bread")!;
  assert.deepEqual([bread.gpc_code, codes.get(bread.gpc_code)?.title], ["50181900", "Bread"]);
});
