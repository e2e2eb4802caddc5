import assert from "node:assert/strict";
import { curationWarnings } from "../../../build/content/curation_text.ts";
import { compileDataFolder } from "./mapping_test_support.ts";
import { curationListing } from "../../../build/content/curation_text.ts";

/** A data folder with one mapping row or lexicon row of each kind (see its files). */
const DATA = new URL("./fixtures/curation_data", import.meta.url).pathname;
const TABLE = `${DATA}/mappings/fixture.csv`;
const LEXICON = `${DATA}/lexicon/lexicon.csv`;

function compileFixture() {
  return compileDataFolder(DATA);
}

Deno.test("curation report: one flag of each kind, in file order, with the curator's review", async () => {
  const { content } = await compileFixture();
  assert.deepEqual(content.curation.flags.map((f) => [f.kind, f.file, f.line, f.family, f.reviewed]), [
    ["placement_mismatch", TABLE, 6, "50180000", null],
    ["close_match_on_type", TABLE, 7, "50180000", null],
    ["exact_match_on_broad_brick", TABLE, 8, "50180000", null],
    ["coarse_target", TABLE, 9, "50180000", null],
    ["placement_partial", TABLE, 10, "50180000", "sandwich crackers, not sandwiches"],
    ["close_match_on_type", TABLE, 15, "50180000", null],
    ["placement_mismatch", LEXICON, 5, "50180000", null],
    ["placement_partial", LEXICON, 6, "50180000", null],
  ]);
  assert.deepEqual(content.curation.stale_reviews, [
    { file: TABLE, line: 12, kind: "close_match_on_type", reason: "was closeMatch once" },
  ]);
});

Deno.test("curation report: a flag carries the row, the curated target, GS1's placements and the fix", async () => {
  const { content } = await compileFixture();
  assert.deepEqual(content.curation.flags[0], {
    kind: "placement_mismatch",
    file: TABLE,
    line: 6,
    family: "50180000",
    node: { id: "3", name: "Scones", path: "Food > Bakery > Scones" },
    phrase: null,
    target: [{
      code: "10000171",
      title: "Cakes - Sweet (Perishable)",
      level: "brick",
      precision: "closeMatch",
    }],
    placed_as: ["SCONE"],
    placed_by_head: null,
    placements: [{ code: "10000164", title: "Bread (Perishable)", attribute_type: "Type of Bread" }],
    problem: "GS1 places SCONE under Type of Bread of 10000164 Bread (Perishable); not under 10000171",
    suggestion: "narrowerThan 10000164 Bread (Perishable)",
    reviewed: null,
  });
  assert.deepEqual(content.curation.flags[6]!.target, [
    { code: "10000171", title: "Cakes - Sweet (Perishable)", level: "brick", precision: null },
  ]);
  assert.equal(content.curation.flags[6]!.phrase, "doughnut");
});

Deno.test("curation report: every row GS1 places is listed, a qualifier with its parent", async () => {
  const { content } = await compileFixture();
  assert.deepEqual(
    content.curation.matches.map((m) => [m.line, m.node?.name ?? m.phrase, m.flags, m.qualifier_of]),
    [
      [6, "Scones", ["placement_mismatch"], []],
      [7, "Croissants", ["close_match_on_type"], []],
      [9, "Crackers", ["coarse_target"], []],
      [10, "Sandwich", ["placement_partial"], []],
      [12, "Bagels", [], []],
      [14, "Brownie", [], ["10 Cookies"]],
      [15, "Butter Croissants", ["close_match_on_type"], []],
      [3, "bagel", [], []],
      [4, "scone", [], []],
      [5, "doughnut", ["placement_mismatch"], []],
      [6, "croissants", ["placement_partial"], []],
      [8, "chocolate croissant", [], []],
    ],
  );
});

Deno.test("curation report: the summary counts kinds and families, and the build prints it", async () => {
  const { content, lines } = await compileFixture();
  const counts = (flags: number, unreviewed: number) => ({ flags, unreviewed });
  assert.deepEqual(content.curation.summary, {
    placement_index: { attribute_types: 5, values: 8, links: 11 },
    matched_rows: 12,
    flags: 8,
    unreviewed: 7,
    stale_reviews: 1,
    by_kind: {
      placement_mismatch: counts(2, 2),
      placement_partial: counts(2, 1),
      close_match_on_type: counts(2, 2),
      exact_match_on_broad_brick: counts(1, 1),
      coarse_target: counts(1, 1),
      content_outside_target: counts(0, 0),
    },
    by_family: {
      "50180000": {
        title: "Bread/Bakery Products",
        ...counts(8, 7),
        by_kind: {
          placement_mismatch: counts(2, 2),
          close_match_on_type: counts(2, 2),
          exact_match_on_broad_brick: counts(1, 1),
          coarse_target: counts(1, 1),
          placement_partial: counts(2, 1),
        },
      },
      "50190000": { title: "Prepared/Preserved Foods", ...counts(0, 0), by_kind: {} },
    },
  });
  assert.deepEqual(lines.filter((line) => line.startsWith("curation:")), [
    "curation: placement index 5 attribute types, 8 values, 11 brick links; 12 rows name a placed product",
    "curation: 8 flags, 7 unreviewed: placement_mismatch 2, placement_partial 1, close_match_on_type 2, " +
    "exact_match_on_broad_brick 1, coarse_target 1, content_outside_target 0",
    "curation: unreviewed by family: 50180000 7",
    "curation: 1 stale review markers: the row has no such flag (any more); remove them",
    "curation: `deno task curation` lists them; build-report.json holds every row",
  ]);
  assert.deepEqual(content.warnings.map((w) => `${w.file === TABLE ? "table" : "lexicon"} ${w.where}`), [
    "table line 6",
    "table line 7",
    "table line 8",
    "table line 9",
    "table line 15",
    "lexicon line 5",
    "lexicon line 6",
    "table line 12",
  ]);
  // The fixture's publication carries attributes for its only segment: a marker naming no flag is stale.
  assert.deepEqual(
    content.warnings.slice(-1).map((w) => [w.where, w.message]),
    [["line 12", "stale review: the row has no close_match_on_type flag (any more); remove the marker"]],
  );
  // Without every segment's placements the same marker is not a warning (it may answer another's flag).
  assert.equal(curationWarnings(content.curation, false).length, content.warnings.length - 1);
  assert.equal(
    content.warnings[0]!.message,
    'unreviewed placement_mismatch: 3 "Scones": GS1 places SCONE under Type of Bread of 10000164 Bread ' +
      "(Perishable); not under 10000171",
  );
  const report = JSON.parse(
    new TextDecoder().decode(content.extras.find((f) => f.name === "build-report.json")!.bytes),
  );
  assert.deepEqual(report.curation, JSON.parse(JSON.stringify(content.curation)));
});

Deno.test("curation listing: unreviewed flags by family, each with the fix and how to keep it", async () => {
  const { content } = await compileFixture();
  const text = curationListing(content.curation, { kind: "coarse_target" });
  assert.equal(
    text,
    [
      "8 flags, 7 unreviewed; showing 1 unreviewed (--all shows reviewed ones too)",
      "",
      "  placement_mismatch          the curated target is none of the bricks GS1 places the name in, nor holds one",
      "  placement_partial           GS1 also places the name in bricks the curated target leaves out",
      "  close_match_on_type         closeMatch to a brick that lists the node as one of its types: the node is narrower",
      "  exact_match_on_broad_brick  exactMatch to a brick that lists several product types: the node must hold all",
      "  coarse_target               a class, family or segment where GS1 places the name in one brick or one class",
      "  content_outside_target      exactMatch or narrowerThan to a node while a descendant's own row maps outside it: the claim fails",
      "",
      "== 50180000 Bread/Bakery Products: 8 flags, 7 unreviewed",
      "",
      `[coarse_target] ${TABLE} line 9`,
      "  node      6 Crackers (Food > Bakery > Crackers)",
      "  curated   narrowerThan 50180000 Bread/Bakery Products (family)",
      "  GS1       CRACKER is a value of",
      "              Type of Biscuit/Cookie: 10000161 Biscuits/Cookies (Shelf Stable)",
      "  problem   GS1 places CRACKER under Type of Biscuit/Cookie of 10000161 Biscuits/Cookies (Shelf Stable): one " +
      "brick, below the family 50180000",
      "  fix       narrowerThan 10000161 Biscuits/Cookies (Shelf Stable)",
      '  or keep   write "reviewed coarse_target: <why>" in the row\'s note',
      "",
      `stale review ${TABLE} line 12: reviewed close_match_on_type: was closeMatch once`,
      "",
    ].join("\n"),
  );
  assert.match(
    curationListing(content.curation, { all: true }),
    /\n {2}reviewed {2}sandwich crackers, not sandwiches\n/,
  );
});
