import assert from "node:assert/strict";
import { parseLexicon } from "../../../build/content/lexicon_reader.ts";
import { smallCodes } from "./mapping_test_support.ts";

const codes = smallCodes();
const HEAD = "# lexicon_version: 1\nphrase,gpc_codes,note\n";
const read = (text: string) => parseLexicon(text, "lex.csv", codes);

Deno.test("lexicon reader: the fixture's phrases are normalised keys with their bricks in row order", () => {
  const text = Deno.readTextFileSync(new URL("./fixtures/lexicon.csv", import.meta.url));
  const lexicon = parseLexicon(text, "lexicon.csv", codes);
  assert.equal(lexicon.lexicon_version, "lex-test-1");
  assert.deepEqual(
    [...lexicon.records].map(([key, record]) => [key, record.gpc.map((node) => node.code)]),
    [["bread", ["10000164"]], ["cake mix", ["10000155", "10000157"]], ["weisswurst mix", ["10000156"]]],
  );
  assert.deepEqual(lexicon.records.get("bread"), {
    gpc: [{
      code: "10000164",
      title: "brick 10000164",
      level: "brick",
      segment: "segment 50000000",
      family: "family 50180000",
      class: "class 50181900",
      brick: "brick 10000164",
    }],
  });
  assert.deepEqual(lexicon.inactive_bricks, [{
    file: "lexicon.csv",
    phrase: "weisswurst mix",
    gpc_code: "10000156",
    line: 5,
  }]);
  assert.deepEqual(lexicon.rows, [
    { file: "lexicon.csv", phrase: "Bread", gpc_codes: ["10000164"], note: "", line: 3 },
    {
      file: "lexicon.csv",
      phrase: "Cake  Mix",
      gpc_codes: ["10000155", "10000157"],
      note: "frozen mix first, then frozen supplies",
      line: 4,
    },
    {
      file: "lexicon.csv",
      phrase: "Weißwurst Mix",
      gpc_codes: ["10000156"],
      note: "inactive brick still served",
      line: 5,
    },
  ]);
});

Deno.test("lexicon reader: spaces around codes are trimmed", () => {
  assert.deepEqual(read(`${HEAD}tea, 10000164 ; 10000155 ,\n`).records.get("tea")!.gpc.map((n) => n.code), [
    "10000164",
    "10000155",
  ]);
});

const errors: [string, string, string][] = [
  [
    "a missing lexicon_version is an error",
    "phrase,gpc_codes,note\n",
    "lex.csv: metadata: lacks the `# lexicon_version: <version>` line",
  ],
  ["an empty phrase names the row", `${HEAD}  ,10000164,\n`, "lex.csv: line 3: phrase is empty"],
  [
    "a phrase duplicated after normalisation names both rows",
    `${HEAD}Bread,10000164,\n  BREAD ,10000155,\n`,
    'lex.csv: line 4: phrase "  BREAD " normalises to "bread", already on line 3',
  ],
  [
    "a code listed twice in a row is an error",
    `${HEAD}bread,10000164;10000164,\n`,
    "lex.csv: line 3: gpc code 10000164 is listed twice",
  ],
  ["an empty code list is an error", `${HEAD}bread,,\n`, 'lex.csv: line 3: gpc code "" is not 8 digits'],
  [
    "an empty code between separators is an error",
    `${HEAD}bread,10000164;;10000155,\n`,
    'lex.csv: line 3: gpc code "" is not 8 digits',
  ],
  [
    "a malformed code is an error",
    `${HEAD}bread,1000016,\n`,
    'lex.csv: line 3: gpc code "1000016" is not 8 digits',
  ],
  [
    "a code absent from the release is an error",
    `${HEAD}bread,99999999,\n`,
    "lex.csv: line 3: gpc code 99999999 is not in the GPC release",
  ],
  [
    "a segment code is not a brick",
    `${HEAD}food,50000000,\n`,
    "lex.csv: line 3: gpc code 50000000 is a segment, not a brick",
  ],
  [
    "a family code is not a brick",
    `${HEAD}bakery,50180000,\n`,
    "lex.csv: line 3: gpc code 50180000 is a family, not a brick",
  ],
  [
    "a class code is not a brick",
    `${HEAD}bread,50181900,\n`,
    "lex.csv: line 3: gpc code 50181900 is a class, not a brick",
  ],
  [
    "an attribute type code is not a brick",
    `${HEAD}x,20000056,\n`,
    "lex.csv: line 3: gpc code 20000056 is an attribute type, not a brick",
  ],
  [
    "an attribute value code is not a brick",
    `${HEAD}x,30002960,\n`,
    "lex.csv: line 3: gpc code 30002960 is an attribute value, not a brick",
  ],
  [
    "a missing column is an error",
    "# lexicon_version: 1\nphrase,gpc_codes\n",
    'lex.csv: line 2: header lacks column "note"',
  ],
];

for (const [name, text, message] of errors) {
  Deno.test(`lexicon reader: ${name}`, () => {
    assert.throws(() => read(text), { name: "BuildError", message });
  });
}
