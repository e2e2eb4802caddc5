import assert from "node:assert/strict";
import { KEYED_BODIES_KEPT, singleKeyedBody, versionedBody } from "../../src/reference/versioned_body.ts";

const versions = { gpc_release: "v20251127", schema_version: "v1", map_version: "m" } as never;

Deno.test("a batch body is the results joined between the opening and the versions", () => {
  assert.equal(
    versionedBody(['{"a":1}', '{"b":2}', '{"c":3}'], versions),
    '{"results":[{"a":1},{"b":2},{"c":3}],"gpc_release":"v20251127","schema_version":"v1"}',
  );
  assert.equal(
    versionedBody(['{"a":1}'], versions),
    '{"results":[{"a":1}],"gpc_release":"v20251127","schema_version":"v1"}',
  );
  assert.equal(versionedBody([], versions), '{"results":[],"gpc_release":"v20251127","schema_version":"v1"}');
});

Deno.test("one-item bodies are made once per store and key, and at most KEYED_BODIES_KEPT are kept", () => {
  const store = {};
  let made = 0;
  const body = (key: string) => () => (made++, `body ${key}`);
  assert.equal(singleKeyedBody(store, "first", body("first")), "body first");
  assert.equal(singleKeyedBody(store, "first", body("first")), "body first");
  assert.equal(singleKeyedBody({}, "first", body("first")), "body first");
  assert.equal(made, 2);
  for (let i = 1; i < KEYED_BODIES_KEPT; i++) singleKeyedBody(store, `k${i}`, body(`k${i}`));
  assert.equal(made, KEYED_BODIES_KEPT + 1);
  // Full: the next key lets the oldest ("first") go, which is then made again.
  singleKeyedBody(store, "one more", body("one more"));
  singleKeyedBody(store, "k1", body("k1"));
  assert.equal(made, KEYED_BODIES_KEPT + 2);
  singleKeyedBody(store, "first", body("first"));
  assert.equal(made, KEYED_BODIES_KEPT + 3);
});
