import assert from "node:assert/strict";
import { reviewMarkers } from "../../../build/content/curation_review.ts";
import { BuildError } from "../../../build/input/build_error.ts";

const read = (note: string) => [...reviewMarkers(note, "table.csv", 7)];

const markers: [string, string, [string, string][]][] = [
  ["a note without a marker reviews nothing", "Includes croissants", []],
  [
    "a marker's reason runs to the end of the note",
    "Includes scones. reviewed placement_mismatch: GS1 calls it bread",
    [
      ["placement_mismatch", "GS1 calls it bread"],
    ],
  ],
  [
    "two markers each run to the next one, without the separator",
    "reviewed close_match_on_type: mixes too; reviewed placement_partial: frozen only",
    [["close_match_on_type", "mixes too"], ["placement_partial", "frozen only"]],
  ],
  ["a capital R is a marker too", "Reviewed coarse_target: the node spans both classes", [
    ["coarse_target", "the node spans both classes"],
  ]],
  ["prose that says reviewed is not a marker", "reviewed by the lead: fine; reviewed the brick", []],
];
for (const [name, note, expected] of markers) {
  Deno.test(`review markers: ${name}`, () => {
    assert.deepEqual(read(note), expected);
  });
}

const errors: [string, string, string][] = [
  [
    "a marker naming no kind stops the build with the file and line",
    "reviewed placment_mismatch: typo",
    'table.csv: line 7: "reviewed placment_mismatch:" names no flag kind (placement_mismatch, placement_partial, ' +
    "close_match_on_type, exact_match_on_broad_brick, coarse_target, content_outside_target)",
  ],
  [
    "a kind reviewed twice is an error",
    "reviewed coarse_target: a; reviewed coarse_target: b",
    "table.csv: line 7: coarse_target is reviewed twice",
  ],
  [
    "a marker without a reason is an error",
    "reviewed coarse_target: ; reviewed placement_partial: x",
    'table.csv: line 7: "reviewed coarse_target:" gives no reason',
  ],
];
for (const [name, note, message] of errors) {
  Deno.test(`review markers: ${name}`, () => {
    assert.throws(
      () => read(note),
      (error: unknown) => error instanceof BuildError && error.message === message,
    );
  });
}
