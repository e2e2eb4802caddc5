import { deepStrictEqual, throws } from "node:assert/strict";
import type { GpcBrick, GpcRelease } from "../../../build/gpc/gpc_model.ts";
import { eightDigitCode, gpcCounts, validateGpcRelease } from "../../../build/gpc/gpc_validate.ts";
import { readGpcXml } from "../../../build/gpc/gpc_xml_reader.ts";

const entry = (code: string, title: string) => ({ code, title, definition: "", active: true });
const value = (code: string, title: string) => entry(code, title);
const type = (code: string, title: string, values = [value("30002960", "NO")]) => ({
  ...entry(code, title),
  values,
});
const brick = (code: string, attributes = [type("20000056", "Diabetic Claim")]): GpcBrick => ({
  ...entry(code, `Brick ${code}`),
  definitionExcludes: "",
  attributes,
});

/** A valid two-class release (brick 10000156 of the second class shares 20000056); `change` breaks one thing. */
function release(
  change: { segment?: string; family?: string; klass?: string; bricks?: GpcBrick[] } = {},
): GpcRelease {
  return {
    release: "v20241202",
    language: "EN",
    source: "gpc.xml",
    segments: [{
      ...entry(change.segment ?? "50000000", "Food"),
      families: [{
        ...entry(change.family ?? "50180000", "Bread"),
        classes: [
          { ...entry(change.klass ?? "50181700", "Mixes"), bricks: change.bricks ?? [brick("10000155")] },
          { ...entry("50181800", "Breads"), bricks: [brick("10000156")] },
        ],
      }],
    }],
  };
}

Deno.test("a valid release passes, the temporary brick 99999999 and shared attributes included", () => {
  validateGpcRelease(release());
  validateGpcRelease(release({ bricks: [brick("10000155"), brick("99999999")] }));
});

const BROKEN: [string, GpcRelease, string, string][] = [
  [
    "a brick code twice is refused",
    release({ bricks: [brick("10000156")] }),
    "brick 10000156",
    "code 10000156 appears twice (also as brick)",
  ],
  [
    "a class code reused as a brick code is refused",
    release({ bricks: [brick("50181800")] }),
    "brick 50181800",
    "is not a brick code: expected 1NNNNNNN",
  ],
  [
    "a segment code of the wrong shape is refused",
    release({ segment: "50100000", family: "50180000" }),
    "segment 50100000",
    "is not a segment code: expected NN000000",
  ],
  [
    "a family code of the wrong shape is refused",
    release({ family: "50180100" }),
    "family 50180100",
    "is not a family code: expected NNNN0000",
  ],
  [
    "a family outside its segment's code space is refused",
    release({ family: "51180000" }),
    "family 51180000",
    "is not a family code: expected a code starting with 50 (its segment 50000000)",
  ],
  [
    "a class code of the wrong shape is refused",
    release({ klass: "50181701" }),
    "class 50181701",
    "is not a class code: expected NNNNNN00",
  ],
  [
    "a class outside its family's code space is refused",
    release({ klass: "50191700" }),
    "class 50191700",
    "is not a class code: expected a code starting with 5018 (its family 50180000)",
  ],
  [
    "a brick code not starting with 1 is refused",
    release({ bricks: [brick("20000155")] }),
    "brick 20000155",
    "is not a brick code: expected 1NNNNNNN",
  ],
  [
    "an attribute type code not starting with 2 is refused",
    release({ bricks: [brick("10000155", [type("30000056", "Claim")])] }),
    "brick 10000155 attribute type 30000056",
    "is not an attribute type code: expected 2NNNNNNN",
  ],
  [
    "an attribute value code not starting with 3 is refused",
    release({ bricks: [brick("10000155", [type("20000056", "Claim", [value("20002960", "NO")])])] }),
    "brick 10000155 attribute type 20000056 value 20002960",
    "is not an attribute value code: expected 3NNNNNNN",
  ],
  [
    "an attribute type shared with two titles is refused",
    release({ bricks: [brick("10000155", [type("20000056", "Diabetic Claims")])] }),
    "brick 10000156 attribute type 20000056",
    'attribute type 20000056 is titled "Diabetic Claim" here but "Diabetic Claims" elsewhere',
  ],
  [
    "an attribute value shared with two titles is refused",
    release({
      bricks: [
        brick("10000155", [
          type("20000056", "Diabetic Claim"),
          type("20000142", "If Organic", [value("30002960", "No")]),
        ]),
      ],
    }),
    "brick 10000155 attribute type 20000142 value 30002960",
    'attribute value 30002960 is titled "No" here but "NO" elsewhere',
  ],
  [
    "an attribute type twice in one brick is refused",
    release({
      bricks: [brick("10000155", [type("20000056", "Diabetic Claim"), type("20000056", "Diabetic Claim")])],
    }),
    "brick 10000155 attribute type 20000056",
    "appears twice in the brick",
  ],
  [
    "a release without bricks is refused",
    { ...release(), segments: [{ ...entry("50000000", "Food"), families: [] }] },
    "release",
    "has no bricks",
  ],
];

for (const [name, broken, where, problem] of BROKEN) {
  Deno.test(
    name,
    () => throws(() => validateGpcRelease(broken), { name: "BuildError", file: "gpc.xml", where, problem }),
  );
}

Deno.test("codes arrive as 8-digit strings or numbers and anything else is refused", () => {
  deepStrictEqual(eightDigitCode(10000155, "f", "w"), "10000155");
  deepStrictEqual(eightDigitCode(" 10000155 ", "f", "w"), "10000155");
  throws(() => eightDigitCode(1000015.5, "f", "w"), {
    name: "BuildError",
    problem: "code 1000015.5 is not an 8-digit number",
  });
  throws(() => eightDigitCode("1000015", "f", "w"), {
    name: "BuildError",
    problem: 'code "1000015" is not 8 digits',
  });
});

Deno.test("the four-family excerpt is valid and counts as SOURCE.md states", async () => {
  const excerpt = await readGpcXml("/work/shared/data/gpc/gpc-en-v20241202-excerpt-seg50-four-families.xml");
  validateGpcRelease(excerpt);
  deepStrictEqual(gpcCounts(excerpt), {
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
