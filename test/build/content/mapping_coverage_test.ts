import assert from "node:assert/strict";
import { mappingCoverage } from "../../../build/content/mapping_coverage.ts";
import { inheritanceScenario } from "./mapping_test_support.ts";

Deno.test("mapping coverage: the inheritance scenario counts 7 self, 12 inherited, 5 unmapped of 24", () => {
  const { compiled } = inheritanceScenario();
  assert.deepEqual(mappingCoverage(compiled.records, compiled.stale_rows), {
    nodes: 24,
    self: 7,
    inherited: 12,
    unmapped: 5,
    resolved_ratio: 0.7917,
    by_level: { brick: 5, class: 9, family: 3, segment: 2 },
    by_precision: { exactMatch: 3, narrowerThan: 8, broaderThan: 1, closeMatch: 2, inherited: 5 },
    by_state: { verified: 11, provisional: 4, stale: 4 },
    stale_rows: [
      { browse_id: "80", gpc_code: "10000156", reason: "inactive", line: 10 },
      { browse_id: "90", gpc_code: "99999999", reason: "absent", line: 11 },
      { browse_id: "92", gpc_code: "20000056", reason: "attribute_type", line: 12 },
      { browse_id: "93", gpc_code: "30002960", reason: "attribute_value", line: 13 },
    ],
  });
});

Deno.test("mapping coverage: an empty tree has ratio 0 and zero counts", () => {
  assert.deepEqual(mappingCoverage(new Map(), []), {
    nodes: 0,
    self: 0,
    inherited: 0,
    unmapped: 0,
    resolved_ratio: 0,
    by_level: { brick: 0, class: 0, family: 0, segment: 0 },
    by_precision: { exactMatch: 0, narrowerThan: 0, broaderThan: 0, closeMatch: 0, inherited: 0 },
    by_state: { verified: 0, provisional: 0, stale: 0 },
    stale_rows: [],
  });
});
