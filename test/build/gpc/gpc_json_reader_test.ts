import { deepStrictEqual, rejects } from "node:assert/strict";
import { readGpcJson } from "../../../build/gpc/gpc_json_reader.ts";
import { readGpcXml } from "../../../build/gpc/gpc_xml_reader.ts";
import { writeGpcJson } from "../../support/gpc_writers.ts";

const FOUR_FAMILIES = "/work/shared/data/gpc/gpc-en-v20241202-excerpt-seg50-four-families.xml";

async function withFile(name: string, text: string, body: (path: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "gpc_json_" });
  try {
    await Deno.writeTextFile(`${dir}/${name}`, text);
    await body(`${dir}/${name}`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** A one-brick publication in GS1's JSON shape, with `brick` spliced in as the class's only child. */
function publication(brick: string, top = '"LanguageCode":"EN","DateUtc":"2/12/2024",'): string {
  return `{${top}"Schema":[{"Level":1,"Code":50000000,"Title":"Food/Beverage","Definition":"",` +
    `"DefinitionExcludes":null,"Active":true,"Childs":[{"Level":2,"Code":50180000,"Title":"Bread",` +
    `"Definition":null,"DefinitionExcludes":null,"Active":true,"Childs":[{"Level":3,"Code":50181700,` +
    `"Title":"Mixes","Definition":"","DefinitionExcludes":null,"Active":true,"Childs":[${brick}]}]}]}]}`;
}

const BRICK =
  '{"Level":4,"Code":10000155,"Title":"Mix \\"Frozen\\" \\u00e9","Definition":"Includes mixes.",' +
  '"DefinitionExcludes":null,"Active":false,"Childs":[{"Level":5,"Code":"20000056","Title":"Diabetic Claim",' +
  '"Definition":null,"DefinitionExcludes":null,"Active":true,"Childs":[{"Level":6,"Code":30002960,"Title":"NO",' +
  '"Definition":"","DefinitionExcludes":null,"Active":true,"Childs":[]}]}]}';

Deno.test("the four-family excerpt written as JSON reads back equal to the XML", async () => {
  const xml = await readGpcXml(FOUR_FAMILIES);
  await withFile("four.json", writeGpcJson(xml), async (path) => {
    deepStrictEqual(await readGpcJson(path), { ...xml, source: path });
  });
});

Deno.test("numeric and string codes become 8-digit strings and null definitions become empty", () =>
  withFile("one.json", publication(BRICK), async (path) => {
    const release = await readGpcJson(path);
    deepStrictEqual([release.release, release.language], ["v20241202", "EN"]);
    const family = release.segments[0]!.families[0]!;
    const brick = family.classes[0]!.bricks[0]!;
    deepStrictEqual(family.definition, "");
    deepStrictEqual(brick, {
      code: "10000155",
      title: 'Mix "Frozen" é',
      definition: "Includes mixes.",
      active: false,
      definitionExcludes: "",
      attributes: [{
        code: "20000056",
        title: "Diabetic Claim",
        definition: "",
        active: true,
        values: [{ code: "30002960", title: "NO", definition: "", active: true }],
      }],
    });
  }));

Deno.test("without DateUtc the release id comes from the file name", () =>
  withFile("GPC as of November 2025 v20251127 GB.json", publication(BRICK, ""), async (path) => {
    deepStrictEqual([(await readGpcJson(path)).release, (await readGpcJson(path)).language], [
      "v20251127",
      "",
    ]);
  }));

const BROKEN: [string, string, string, RegExp][] = [
  [
    "a Level 4 directly under a Level 2 is refused at its path",
    publication("").replace('"Childs":[{"Level":3', '"Childs":[' + BRICK.slice(0, -1) + '},{"Level":3'),
    "$.Schema[0].Childs[0].Childs[0]",
    /^Level 4 where a Level 3 \(class\) belongs: under a Level 2$/,
  ],
  [
    "a non-numeric code is refused at its path",
    publication(BRICK.replace('"Code":10000155', '"Code":"1000015X"')),
    "$.Schema[0].Childs[0].Childs[0].Childs[0].Code",
    /^code "1000015X" is not 8 digits$/,
  ],
  [
    "a missing Title is refused naming the node",
    publication(BRICK.replace('"Title":"NO",', "")),
    "$.Schema[0].Childs[0].Childs[0].Childs[0].Childs[0].Childs[0].Title (attribute value 30002960)",
    /^is missing, not a string$/,
  ],
  [
    "a syntax error inside a segment is placed by line and column",
    publication(BRICK).replace('"Title":"Bread",', '"Title":"Bread",\n  ,'),
    "line 2 column 3 (in $.Schema[0])",
    /^malformed JSON: /,
  ],
  [
    "a truncated document is refused naming the segment it stops in",
    publication(BRICK).slice(0, 300),
    "line 1 column 301",
    /^the document is truncated: it ends inside \$\.Schema\[0\] with \d+ bracket\(s\) open$/,
  ],
  [
    "a bracket closing the wrong kind is refused where it stands",
    publication(BRICK).replace('"Childs":[]}', '"Childs":[}}'),
    `line 1 column ${publication(BRICK).indexOf('"Childs":[]}') + 11}`,
    /^malformed JSON: "}" does not close an open bracket$/,
  ],
  [
    "a document without Schema is refused",
    '{"LanguageCode":"EN","DateUtc":"2/12/2024"}',
    "$.Schema",
    /^is missing or not an array$/,
  ],
  [
    "a malformed top level is refused",
    '{"LanguageCode":"EN" "DateUtc":"2/12/2024","Schema":[]}',
    "$ (top level)",
    /^malformed JSON: /,
  ],
  [
    "a DateUtc that is not a calendar date is refused",
    publication(BRICK, '"DateUtc":"31/2/2024",'),
    "$.DateUtc",
    /^date "31\/2\/2024" is not a calendar date$/,
  ],
];

for (const [name, text, where, problem] of BROKEN) {
  Deno.test(
    name,
    () =>
      withFile(
        "gpc.json",
        text,
        (path) => rejects(readGpcJson(path), { name: "BuildError", file: path, where, problem }),
      ),
  );
}

// Columns count bytes: the excerpt has non-ASCII titles, so the column is the cut's UTF-8 length plus one.
Deno.test("a truncated copy of the excerpt's JSON is refused at its end", async () => {
  const text = writeGpcJson(await readGpcXml(FOUR_FAMILIES));
  const cut = text.slice(0, Math.floor(text.length / 2));
  await withFile("cut.json", cut, (path) =>
    rejects(readGpcJson(path), {
      name: "BuildError",
      where: `line 1 column ${new TextEncoder().encode(cut).length + 1}`,
      problem: /^the document is truncated: it ends inside \$\.Schema\[0\] with 13 bracket\(s\) open$/,
    }));
});
