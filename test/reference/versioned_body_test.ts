import assert from "node:assert/strict";
import {
  KEYED_BODIES_KEPT,
  singleBody,
  singleKeyedBody,
  versionedBody,
} from "../../src/reference/versioned_body.ts";

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
  const first = singleKeyedBody(store, "first", body("first"));
  assert.equal(first.text, "body first");
  // The same object each time: the pipeline keeps the Response it builds for it (answer.ts).
  assert.equal(singleKeyedBody(store, "first", body("first")), first);
  const other = singleKeyedBody({}, "first", body("first"));
  assert.equal(other.text, "body first");
  assert.notEqual(other, first);
  assert.equal(made, 2);
  for (let i = 1; i < KEYED_BODIES_KEPT; i++) singleKeyedBody(store, `k${i}`, body(`k${i}`));
  assert.equal(made, KEYED_BODIES_KEPT + 1);
  // Full: the next key lets the oldest ("first") go, which is then made again.
  singleKeyedBody(store, "one more", body("one more"));
  singleKeyedBody(store, "k1", body("k1"));
  assert.equal(made, KEYED_BODIES_KEPT + 2);
  const again = singleKeyedBody(store, "first", body("first"));
  assert.equal(made, KEYED_BODIES_KEPT + 3);
  assert.notEqual(again, first);
  assert.equal(again.text, "body first");
});

Deno.test("a record's one-item body is made once and is the same object for every request", () => {
  const record = {};
  let made = 0;
  const kept = singleBody(record, () => (made++, '{"results":[1]}'));
  assert.equal(kept.text, '{"results":[1]}');
  assert.equal(singleBody(record, () => (made++, "other")), kept);
  assert.equal(made, 1);
});
