import { deepStrictEqual, rejects } from "node:assert/strict";
import { readGpcXml } from "../../../build/gpc/gpc_xml_reader.ts";
import { gpcCounts } from "../../../build/gpc/gpc_validate.ts";

const DATA = "/work/shared/data/gpc";
const FOUR_FAMILIES = `${DATA}/gpc-en-v20241202-excerpt-seg50-four-families.xml`;
const SINGLE_BRICK = `${DATA}/gpc-en-v20241202-excerpt-single-brick.xml`;
const ENTITIES = new URL("./fixtures/entities-v20241202.xml", import.meta.url).pathname;

/** Writes `text` to a fresh temp dir under `name` and runs `body` with its path. */
async function withFile(name: string, text: string, body: (path: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "gpc_xml_" });
  try {
    await Deno.writeTextFile(`${dir}/${name}`, text);
    await body(`${dir}/${name}`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("the four-family excerpt reads as release v20241202 in English with SOURCE.md's counts", async () => {
  const release = await readGpcXml(FOUR_FAMILIES);
  deepStrictEqual([release.release, release.language, release.source], ["v20241202", "EN", FOUR_FAMILIES]);
  deepStrictEqual(gpcCounts(release), {
    segments: 1,
    families: 4,
    classes: 25,
    bricks: 130,
    attribute_types: 98,
    attribute_values: 823,
    brick_attribute_links: 625,
    brick_attribute_value_rows: 5189,
    bricks_without_attributes: 27,
  });
});

Deno.test("the four-family excerpt keeps document order where GS1 did not sort by title", async () => {
  const release = await readGpcXml(FOUR_FAMILIES);
  const bricks = release.segments.flatMap((s) =>
    s.families.flatMap((f) => f.classes.flatMap((c) => c.bricks))
  );
  const brick = bricks.find((b) => b.code === "10008458")!;
  deepStrictEqual(brick.attributes.map((t) => t.title), [
    "Level of Fat Claim",
    "Added Ingredient",
    "Type of Dessert",
    "Diabetic Claim",
    "Recipe of Food Product",
    "If Full Calcium",
    "If Full Protein",
    "If Full Vitamins",
  ]);
  deepStrictEqual(release.segments[0]!.families.map((f) => f.code), [
    "50180000",
    "50220000",
    "50150000",
    "50190000",
  ]);
});

Deno.test("the single-brick excerpt holds brick 10000155 with six attribute types and their values", async () => {
  const release = await readGpcXml(SINGLE_BRICK);
  const brick = release.segments[0]!.families[0]!.classes[0]!.bricks[0]!;
  deepStrictEqual([brick.code, brick.title, brick.attributes.length], [
    "10000155",
    "Baking/Cooking Mixes (Frozen)",
    6,
  ]);
  deepStrictEqual(
    brick.definitionExcludes,
    "Excludes products such as Soups, Perishable or Shelf-Stable Baking Mixes, all Part Baked and Baked Products.",
  );
  const first = brick.attributes[0]!;
  deepStrictEqual([first.code, first.title], ["20000056", "Diabetic Claim"]);
  deepStrictEqual(first.values.map((v) => [v.code, v.title, v.active]), [
    ["30002960", "NO", true],
    ["30002518", "UNIDENTIFIED", true],
    ["30002654", "YES", true],
  ]);
  deepStrictEqual(
    brick.attributes[1]!.definition.includes('industry recognized "organic" certification'),
    true,
  );
});

Deno.test("entities decode, inactive flags hold, missing definitions become empty and unknown elements are skipped", async () => {
  const release = await readGpcXml(ENTITIES);
  const family = release.segments[0]!.families[0]!;
  const klass = family.classes[0]!;
  const brick = klass.bricks[0]!;
  deepStrictEqual(release.language, "EN");
  deepStrictEqual(family.title, "Bread & Bakery");
  deepStrictEqual(klass.active, false);
  deepStrictEqual(klass.bricks.map((b) => b.code), ["10000155"]);
  deepStrictEqual([brick.title, brick.definition, brick.definitionExcludes], [
    'Mix "Frozen"',
    "Line one\r\nline two",
    "Excludes <soups>",
  ]);
  deepStrictEqual(brick.attributes[0]!.definition, "");
});

const HEAD =
  '<schema languageCode="EN" dateUtc="2/12/2024">\r\n  <segment code="50000000" text="F" definition="" active="true">\r\n';
const TAIL = "  </segment>\r\n</schema>\r\n";

const BROKEN: [string, string, string, string, RegExp][] = [
  [
    "a brick directly inside a segment is refused at its line and column",
    "brick-v20241202.xml",
    `${HEAD}    <brick code="10000155" text="B" />\r\n${TAIL}`,
    "line 3 column 5",
    /^<brick> is not directly inside a <class>$/,
  ],
  [
    "a non-numeric code is refused naming the element",
    "code-v20241202.xml",
    `${HEAD}    <family code="5018000X" text="B" />\r\n${TAIL}`,
    "line 3 column 5 (family)",
    /^code "5018000X" is not 8 digits$/,
  ],
  [
    "an active flag other than true or false is refused",
    "active-v20241202.xml",
    `${HEAD}    <family code="50180000" text="B" active="yes" />\r\n${TAIL}`,
    "line 3 column 5 (family 50180000)",
    /^active is "yes"/,
  ],
  [
    "a mismatched close tag is malformed XML",
    "close-v20241202.xml",
    `${HEAD}  </segmnt>\r\n</schema>\r\n`,
    "line 3 column 11",
    /^malformed XML: unexpected close tag/,
  ],
  [
    "a root other than schema is refused",
    "root-v20241202.xml",
    '<gpc dateUtc="2/12/2024"/>',
    "line 1 column 1",
    /^root element is <gpc>/,
  ],
  [
    "a dateUtc that disagrees with the file name is refused",
    "GPC as of May 2025 v20250509 GB.xml",
    `${HEAD}${TAIL}`,
    "<schema dateUtc>",
    /^date "2\/12\/2024" is release v20241202 but the file name says v20250509$/,
  ],
];

for (const [name, file, text, where, problem] of BROKEN) {
  Deno.test(
    name,
    () =>
      withFile(
        file,
        text,
        (path) => rejects(readGpcXml(path), { name: "BuildError", file: path, where, problem }),
      ),
  );
}

Deno.test("a copy of the real excerpt cut mid-file is refused at its last line as an unclosed element", async () => {
  const text = await Deno.readTextFile(FOUR_FAMILIES);
  const cut = text.slice(0, Math.floor(text.length / 2));
  const lines = cut.split("\n");
  await withFile("cut-v20241202.xml", cut, (path) =>
    rejects(readGpcXml(path), {
      name: "BuildError",
      where: `line ${lines.length} column ${lines.at(-1)!.length}`,
      problem: /^malformed XML: unclosed tag: attType$/,
    }));
});

Deno.test("progress is reported in bytes up to the file size", async () => {
  const calls: [number, number][] = [];
  await readGpcXml(FOUR_FAMILIES, (done, total) => calls.push([done, total]));
  const size = (await Deno.stat(FOUR_FAMILIES)).size;
  deepStrictEqual(calls, [[size, size]]);
});
