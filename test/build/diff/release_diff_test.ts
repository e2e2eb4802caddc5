import assert from "node:assert/strict";
import type { GpcRelease } from "../../../build/gpc/gpc_model.ts";
import { diffReleases, type ReleaseDiffOptions } from "../../../build/diff/release_diff.ts";
import type { ComparableAttributeChanges, ReleaseDiff } from "../../../build/diff/release_diff_report.ts";
import { newerRelease, olderRelease } from "./release_diff_scenario.ts";
import { attType, brick, family, gpcClass, release, segment, value } from "./release_diff_support.ts";

const noChanges = { added: [], removed: [], moved: [], retitled: [] };
const noSegmentChanges = { added: [], removed: [], retitled: [] };
const noAttributeChanges: ComparableAttributeChanges = {
  comparable: true,
  typesAdded: [],
  typesRemoved: [],
  typesRetitled: [],
  valuesAdded: [],
  valuesRemoved: [],
  valuesRetitled: [],
};

Deno.test("diffReleases reports every change kind of the hand-made releases, each list in code order", () => {
  const expected: ReleaseDiff = {
    older: {
      release: "v20240101",
      language: "EN",
      source: "v20240101.xml",
      hasAttributes: true,
      compared: { segments: 3, families: 5, classes: 6, bricks: 8 },
    },
    newer: {
      release: "v20250101",
      language: "EN",
      source: "v20250101.xml",
      hasAttributes: true,
      compared: { segments: 3, families: 5, classes: 7, bricks: 9 },
    },
    scope: { families: null, familiesInNeither: [] },
    segments: {
      added: [{ code: "60000000", title: "Toys/Games", parent: "" }],
      removed: [{ code: "70000000", title: "Arts/Crafts", parent: "" }],
      retitled: [{ code: "10000000", fromTitle: "Beauty", toTitle: "Beauty/Personal Care" }],
    },
    families: {
      added: [{ code: "60010000", title: "Toys", parent: "60000000" }],
      removed: [{ code: "70010000", title: "Arts", parent: "70000000" }],
      moved: [],
      retitled: [{ code: "50180000", fromTitle: "Bread/Bakery Products", toTitle: "Bread/Bakery" }],
    },
    classes: {
      added: [
        { code: "50193900", title: "Snacks", parent: "50190000" },
        { code: "60011500", title: "Toy Vehicles", parent: "60010000" },
      ],
      removed: [{ code: "70011500", title: "Paints", parent: "70010000" }],
      moved: [{ code: "50193800", title: "Ready Meals", fromParent: "50190000", toParent: "50180000" }],
      retitled: [{ code: "50181700", fromTitle: "Baking Mixes", toTitle: "Baking/Cooking Mixes" }],
    },
    bricks: {
      added: [
        { code: "10000042", title: "Oil - Blend", parent: "50151500" },
        { code: "10000301", title: "Snacks (Shelf Stable)", parent: "50193900" },
        { code: "10002000", title: "Toy Cars", parent: "60011500" },
      ],
      removed: [
        { code: "10000041", title: "Oil - Animal", parent: "50151500" },
        { code: "10001000", title: "Paint", parent: "70011500" },
      ],
      moved: [{
        code: "10000156",
        title: "Mixes (Perishable)",
        fromParent: "50181700",
        toParent: "50181900",
      }],
      retitled: [{ code: "10000040", fromTitle: "Oil - Vegetable", toTitle: "Oil - Vegetable or Plant" }],
    },
    attributes: {
      comparable: true,
      typesAdded: [
        { brick: "10000040", attributeType: "20000200", title: "Organic Claim" },
        { brick: "10000156", attributeType: "20000056", title: "Diabetic Suitability Claim" },
      ],
      typesRemoved: [{ brick: "10000040", attributeType: "20000100", title: "Type of Oil" }],
      typesRetitled: [{
        code: "20000056",
        fromTitle: "Diabetic Claim",
        toTitle: "Diabetic Suitability Claim",
      }],
      valuesAdded: [
        { brick: "10000040", attributeType: "20000056", value: "30003000", title: "YES" },
        { brick: "10000155", attributeType: "20000056", value: "30002518", title: "UNIDENTIFIED" },
      ],
      valuesRemoved: [{
        brick: "10000040",
        attributeType: "20000056",
        value: "30002518",
        title: "UNIDENTIFIED",
      }],
      valuesRetitled: [{ code: "30002960", fromTitle: "NO", toTitle: "NO CLAIM" }],
    },
  };
  assert.deepEqual(diffReleases(olderRelease, newerRelease), expected);
});

Deno.test("diffReleases of a release with itself reports no change at any level", () => {
  const diff = diffReleases(olderRelease, olderRelease);
  assert.deepEqual(
    [diff.segments, diff.families, diff.classes, diff.bricks, diff.attributes],
    [noSegmentChanges, noChanges, noChanges, noChanges, noAttributeChanges],
  );
});

/** The sections of a diff other than the two sides, for cases that look at the scope and the changes. */
const changes = (older: GpcRelease, newer: GpcRelease, options?: ReleaseDiffOptions) => {
  const { older: _older, newer: _newer, ...rest } = diffReleases(older, newer, options);
  return rest;
};

const oneBrick = (id: string, familyCode: string, classCode: string, brickTitle: string) =>
  release(id, [
    segment("50000000", "Food/Beverage", [
      family(familyCode, "Family", [gpcClass(classCode, "Class", [brick("10000001", brickTitle)])]),
      family("50990000", "Other", [gpcClass("50991500", "Other Class", [brick("10000099", "Other Brick")])]),
    ]),
  ]);

const restricted: [string, GpcRelease, GpcRelease, ReleaseDiffOptions, ReturnType<typeof changes>][] = [
  [
    "a restriction to one family compares only its segment, classes and bricks",
    olderRelease,
    newerRelease,
    { families: ["50150000"] },
    {
      scope: { families: ["50150000"], familiesInNeither: [] },
      segments: noSegmentChanges,
      families: noChanges,
      classes: noChanges,
      bricks: {
        added: [{ code: "10000042", title: "Oil - Blend", parent: "50151500" }],
        removed: [{ code: "10000041", title: "Oil - Animal", parent: "50151500" }],
        moved: [],
        retitled: [{ code: "10000040", fromTitle: "Oil - Vegetable", toTitle: "Oil - Vegetable or Plant" }],
      },
      attributes: {
        comparable: true,
        typesAdded: [{ brick: "10000040", attributeType: "20000200", title: "Organic Claim" }],
        typesRemoved: [{ brick: "10000040", attributeType: "20000100", title: "Type of Oil" }],
        typesRetitled: [{
          code: "20000056",
          fromTitle: "Diabetic Claim",
          toTitle: "Diabetic Suitability Claim",
        }],
        valuesAdded: [{ brick: "10000040", attributeType: "20000056", value: "30003000", title: "YES" }],
        valuesRemoved: [{
          brick: "10000040",
          attributeType: "20000056",
          value: "30002518",
          title: "UNIDENTIFIED",
        }],
        valuesRetitled: [{ code: "30002960", fromTitle: "NO", toTitle: "NO CLAIM" }],
      },
    },
  ],
  [
    "a class that left the listed family shows as moved, not removed, and its brick stays unchanged",
    olderRelease,
    newerRelease,
    { families: ["50190000"] },
    {
      scope: { families: ["50190000"], familiesInNeither: [] },
      segments: noSegmentChanges,
      families: noChanges,
      classes: {
        added: [{ code: "50193900", title: "Snacks", parent: "50190000" }],
        removed: [],
        moved: [{ code: "50193800", title: "Ready Meals", fromParent: "50190000", toParent: "50180000" }],
        retitled: [],
      },
      bricks: {
        added: [{ code: "10000301", title: "Snacks (Shelf Stable)", parent: "50193900" }],
        removed: [],
        moved: [],
        retitled: [],
      },
      attributes: noAttributeChanges,
    },
  ],
  [
    "a brick that moved out of the listed family to another one shows as moved and retitled",
    oneBrick("v20240101", "50180000", "50181700", "Mixes"),
    oneBrick("v20250101", "50220000", "50221200", "Mixes (Frozen)"),
    { families: ["50180000"] },
    {
      scope: { families: ["50180000"], familiesInNeither: [] },
      segments: noSegmentChanges,
      families: {
        added: [],
        removed: [{ code: "50180000", title: "Family", parent: "50000000" }],
        moved: [],
        retitled: [],
      },
      classes: {
        added: [],
        removed: [{ code: "50181700", title: "Class", parent: "50180000" }],
        moved: [],
        retitled: [],
      },
      bricks: {
        added: [],
        removed: [],
        moved: [{ code: "10000001", title: "Mixes (Frozen)", fromParent: "50181700", toParent: "50221200" }],
        retitled: [{ code: "10000001", fromTitle: "Mixes", toTitle: "Mixes (Frozen)" }],
      },
      attributes: {
        comparable: false,
        sidesWithoutAttributes: ["older", "newer"],
        reason:
          "v20240101 (v20240101.xml) and v20250101 (v20250101.xml) carry no attribute data (no brick has " +
          "an attribute type), so attribute changes cannot be told from the files",
      },
    },
  ],
  [
    "requested families are sorted and deduplicated, and one found in neither release is listed",
    olderRelease,
    olderRelease,
    { families: ["50190000", "50150000", "59990000", "50190000"] },
    {
      scope: { families: ["50150000", "50190000", "59990000"], familiesInNeither: ["59990000"] },
      segments: noSegmentChanges,
      families: noChanges,
      classes: noChanges,
      bricks: noChanges,
      attributes: noAttributeChanges,
    },
  ],
  [
    "an empty family list compares nothing",
    olderRelease,
    newerRelease,
    { families: [] },
    {
      scope: { families: [], familiesInNeither: [] },
      segments: noSegmentChanges,
      families: noChanges,
      classes: noChanges,
      bricks: noChanges,
      attributes: noAttributeChanges,
    },
  ],
];

for (const [name, older, newer, options, expected] of restricted) {
  Deno.test(`diffReleases: ${name}`, () => {
    assert.deepEqual(changes(older, newer, options), expected);
  });
}

Deno.test("diffReleases counts what each side contributes to a restricted comparison", () => {
  const diff = diffReleases(olderRelease, newerRelease, { families: ["50180000"] });
  assert.deepEqual([diff.older.compared, diff.newer.compared], [
    { segments: 1, families: 1, classes: 2, bricks: 3 },
    { segments: 1, families: 1, classes: 3, bricks: 4 },
  ]);
});

const movedFamily = (id: string, segmentCode: string) =>
  release(id, [
    segment(segmentCode, "Segment", [family("50180000", "Bread", [gpcClass("50181900", "Bread", [])])]),
  ]);

Deno.test("diffReleases reports a family under another segment as moved, the segments as added and removed", () => {
  assert.deepEqual(
    changes(movedFamily("v20240101", "50000000"), movedFamily("v20250101", "51000000")),
    {
      scope: { families: null, familiesInNeither: [] },
      segments: {
        added: [{ code: "51000000", title: "Segment", parent: "" }],
        removed: [{ code: "50000000", title: "Segment", parent: "" }],
        retitled: [],
      },
      families: {
        added: [],
        removed: [],
        moved: [{ code: "50180000", title: "Bread", fromParent: "50000000", toParent: "51000000" }],
        retitled: [],
      },
      classes: noChanges,
      bricks: noChanges,
      attributes: {
        comparable: false,
        sidesWithoutAttributes: ["older", "newer"],
        reason:
          "v20240101 (v20240101.xml) and v20250101 (v20250101.xml) carry no attribute data (no brick has " +
          "an attribute type), so attribute changes cannot be told from the files",
      },
    },
  );
});

/** The newer scenario release with every attribute stripped, as a hierarchy-only XLSX reads. */
const hierarchyOnly = (from: GpcRelease, source: string): GpcRelease => ({
  ...from,
  source,
  segments: from.segments.map((s) => ({
    ...s,
    families: s.families.map((f) => ({
      ...f,
      classes: f.classes.map((c) => ({ ...c, bricks: c.bricks.map((b) => ({ ...b, attributes: [] })) })),
    })),
  })),
});

const incomparable: [string, GpcRelease, GpcRelease, unknown][] = [
  [
    "a newer release without attribute data makes attributes not comparable instead of all removed",
    olderRelease,
    hierarchyOnly(newerRelease, "v20250101.xlsx"),
    {
      comparable: false,
      sidesWithoutAttributes: ["newer"],
      reason: "v20250101 (v20250101.xlsx) carries no attribute data (no brick has an attribute type), so " +
        "attribute changes cannot be told from the files",
    },
  ],
  [
    "an older release without attribute data makes attributes not comparable instead of all added",
    hierarchyOnly(olderRelease, "v20240101.xlsx"),
    newerRelease,
    {
      comparable: false,
      sidesWithoutAttributes: ["older"],
      reason: "v20240101 (v20240101.xlsx) carries no attribute data (no brick has an attribute type), so " +
        "attribute changes cannot be told from the files",
    },
  ],
];

for (const [name, older, newer, expected] of incomparable) {
  Deno.test(`diffReleases: ${name}`, () => {
    const diff = diffReleases(older, newer);
    assert.deepEqual(diff.attributes, expected);
    assert.deepEqual(diff.bricks.retitled, [
      { code: "10000040", fromTitle: "Oil - Vegetable", toTitle: "Oil - Vegetable or Plant" },
    ]);
  });
}

Deno.test("diffReleases flags attribute data by the whole release, not by the compared families", () => {
  const diff = diffReleases(olderRelease, newerRelease, { families: ["50190000"] });
  assert.deepEqual([diff.older.hasAttributes, diff.newer.hasAttributes, diff.attributes.comparable], [
    true,
    true,
    true,
  ]);
});

const attributeCases: [string, GpcRelease, GpcRelease, unknown][] = [
  [
    "a brick that lost every attribute type in a release that still has attributes lists each type removed",
    release("v1", [
      segment("50000000", "S", [
        family("50180000", "F", [
          gpcClass("50181700", "C", [
            brick("10000001", "B", [
              attType("20000002", "Second", [value("30000001", "X")]),
              attType("20000001", "First", [value("30000001", "X")]),
            ]),
            brick("10000002", "Kept", [attType("20000001", "First", [value("30000001", "X")])]),
          ]),
        ]),
      ]),
    ]),
    release("v2", [
      segment("50000000", "S", [
        family("50180000", "F", [
          gpcClass("50181700", "C", [
            brick("10000001", "B"),
            brick("10000002", "Kept", [attType("20000001", "First", [value("30000001", "X")])]),
          ]),
        ]),
      ]),
    ]),
    {
      ...noAttributeChanges,
      typesRemoved: [
        { brick: "10000001", attributeType: "20000001", title: "First" },
        { brick: "10000001", attributeType: "20000002", title: "Second" },
      ],
    },
  ],
  [
    "a type added to a brick is listed once, without its values",
    release("v1", [
      segment("50000000", "S", [
        family("50180000", "F", [
          gpcClass("50181700", "C", [brick("10000001", "B", [attType("20000001", "A")])]),
        ]),
      ]),
    ]),
    release("v2", [
      segment("50000000", "S", [
        family("50180000", "F", [
          gpcClass("50181700", "C", [
            brick("10000001", "B", [
              attType("20000001", "A"),
              attType("20000009", "New", [value("30000001", "X"), value("30000002", "Y")]),
            ]),
          ]),
        ]),
      ]),
    ]),
    { ...noAttributeChanges, typesAdded: [{ brick: "10000001", attributeType: "20000009", title: "New" }] },
  ],
];

for (const [name, older, newer, expected] of attributeCases) {
  Deno.test(`diffReleases: ${name}`, () => {
    assert.deepEqual(diffReleases(older, newer).attributes, expected);
  });
}
