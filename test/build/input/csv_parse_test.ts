import assert from "node:assert/strict";
import { csvTable, parseCsv, splitCsvMetadata } from "../../../build/input/csv_parse.ts";
import { BuildError } from "../../../build/input/build_error.ts";

const rows = (text: string, firstLine?: number) =>
  parseCsv(text, "t.csv", firstLine).map((row) => [row.line, ...row.fields]);

const parsed: [string, string, (string | number)[][], number?][] = [
  ["plain fields split on commas, one record per line", "a,b\nc,d\n", [[1, "a", "b"], [2, "c", "d"]]],
  ["CRLF line ends are record ends", "a,b\r\nc,d\r\n", [[1, "a", "b"], [2, "c", "d"]]],
  ["a last record without a line end is read", "a,b\nc,d", [[1, "a", "b"], [2, "c", "d"]]],
  ["a leading byte order mark is dropped", "\uFEFFa,b\n", [[1, "a", "b"]]],
  ["a quoted field keeps commas", '"x, y",z\n', [[1, "x, y", "z"]]],
  ["doubled quotes inside quotes are one quote", '"say ""hi""",z\n', [[1, 'say "hi"', "z"]]],
  [
    "a quoted line break stays in the field and the next record has its own line number",
    'a,"two\nlines"\nb,c\n',
    [[1, "a", "two\nlines"], [3, "b", "c"]],
  ],
  ["a quoted CRLF is kept as written", 'a,"x\r\ny"\r\nb\r\n', [[1, "a", "x\r\ny"], [3, "b"]]],
  ["blank lines are skipped but counted", "a\n\n\nb\n", [[1, "a"], [4, "b"]]],
  ["empty fields are kept", ",,\n", [[1, "", "", ""]]],
  ["an empty quoted field is a record", '""\n', [[1, ""]]],
  ["a lone CR inside an unquoted field is data", "a\rb\n", [[1, "a\rb"]]],
  ["spaces around fields are kept", " a , b \n", [[1, " a ", " b "]]],
  ["a first line number shifts every line", "a\nb\n", [[5, "a"], [6, "b"]], 5],
];

for (const [name, text, expected, firstLine] of parsed) {
  Deno.test(`parseCsv: ${name}`, () => {
    assert.deepEqual(rows(text, firstLine), expected);
  });
}

const malformed: [string, string, string][] = [
  [
    "an unterminated quote names the line it opened on",
    'a\nb,"open\nmore\n',
    "t.csv: line 2: unterminated quote",
  ],
  [
    "a quote inside an unquoted field is an error",
    'ab"c"\n',
    "t.csv: line 1: quote inside an unquoted field",
  ],
  [
    "text after a closing quote is an error",
    '"a"b,c\n',
    't.csv: line 1: unexpected "b" after a closing quote',
  ],
];

for (const [name, text, message] of malformed) {
  Deno.test(`parseCsv: ${name}`, () => {
    assert.throws(() => parseCsv(text, "t.csv"), (error: unknown) => {
      assert.ok(error instanceof BuildError);
      assert.ok(error.message.startsWith(message), error.message);
      return true;
    });
  });
}

Deno.test("splitCsvMetadata: leading # key: value lines become metadata and the body keeps its line numbers", () => {
  const text =
    "\uFEFF# map_version: 2025.1\r\n# a comment without colon\n#browse_tree:  amazon : us \nx,y\n# not metadata\n";
  const split = splitCsvMetadata(text, "t.csv");
  assert.deepEqual([...split.metadata], [["map_version", "2025.1"], ["browse_tree", "amazon : us"]]);
  assert.equal(split.bodyLine, 4);
  assert.deepEqual(rows(split.body, split.bodyLine), [[4, "x", "y"], [5, "# not metadata"]]);
});

Deno.test("splitCsvMetadata: a file without metadata is all body from line 1", () => {
  const split = splitCsvMetadata("a,b\n", "t.csv");
  assert.deepEqual([split.metadata.size, split.body, split.bodyLine], [0, "a,b\n", 1]);
});

Deno.test("csvTable: columns are found by header name in any order, an unknown column reads as empty", () => {
  const table = csvTable(parseCsv("extra,b,a\n1,2,3\n4,5,6\n", "t.csv"), "t.csv", ["a", "b"]);
  assert.deepEqual(table.header, ["extra", "b", "a"]);
  assert.deepEqual(table.rows.map((row) => [row.line, row.get("a"), row.get("b"), row.get("zzz")]), [
    [2, "3", "2", ""],
    [3, "6", "5", ""],
  ]);
});

Deno.test("csvTable: a missing column is a BuildError naming it", () => {
  assert.throws(
    () => csvTable(parseCsv("a,c\n", "t.csv"), "t.csv", ["a", "b", "d"]),
    { message: 't.csv: line 1: header lacks column "b", "d"' },
  );
});

Deno.test("csvTable: an empty file has no header", () => {
  assert.throws(() => csvTable([], "t.csv", ["a"]), { message: "t.csv: line 1: has no header (expected a)" });
});

Deno.test("csv table: a row with more or fewer fields than the header is an error naming its line", () => {
  const table = (text: string) => csvTable(parseCsv(text, "t.csv"), "t.csv", ["a", "b"]);
  assert.throws(
    () => table("a,b\n1,2\nnote, with comma,3\n"),
    (e: unknown) =>
      e instanceof BuildError &&
      e.message === "t.csv: line 3: has 3 fields, the header has 2 (quote fields that hold a comma)",
  );
  assert.throws(() => table("a,b\n1\n"), /t\.csv: line 2: has 1 fields, the header has 2/);
  assert.deepEqual(table('a,b\n"x, y",2\n').rows.map((row) => row.get("a")), ["x, y"]);
});

Deno.test("metadata: a key given twice is an error naming its line", () => {
  assert.throws(
    () => splitCsvMetadata("# map_version: 1\n# note\n# map_version: 2\na,b\n", "m.csv"),
    { message: 'm.csv: line 3: metadata key "map_version" is given twice' },
  );
});
