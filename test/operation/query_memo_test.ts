import assert from "node:assert/strict";
import { QUERY_KEPT_CHARS, QueryMemo } from "../../src/operation/query_memo.ts";

Deno.test("a query text parsed a second time is kept, frozen, and given to every later request as it is", () => {
  const memo = new QueryMemo();
  const raw = "country=ca&q=peanut%20butter&q=jam";
  const first = memo.parse(raw);
  assert.equal(memo.size, 0);
  const second = memo.parse(raw);
  assert.notEqual(second, first);
  assert.deepEqual({ ...second }, { country: "ca", q: ["peanut butter", "jam"] });
  assert.equal(memo.parse(raw), second);
  assert.ok(Object.isFrozen(second) && Object.isFrozen(second.q));
  assert.equal(memo.size, 1);
  // Another spelling is another text.
  assert.notEqual(memo.parse("q=peanut%20butter&q=jam&country=ca"), second);
});

Deno.test("a query text longer than the kept length is parsed each time and never kept", () => {
  const memo = new QueryMemo();
  const raw = `browse_id=${"1".repeat(QUERY_KEPT_CHARS)}`;
  const answers = [memo.parse(raw), memo.parse(raw), memo.parse(raw)];
  assert.equal(new Set(answers).size, 3);
  assert.equal(answers[2]!.browse_id, "1".repeat(QUERY_KEPT_CHARS));
  assert.equal(memo.size, 0);
});
