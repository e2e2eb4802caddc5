import assert from "node:assert/strict";
import { QUERY_KEPT_CHARS, QueryMemo } from "../../src/operation/query_memo.ts";
import { requestTarget } from "../../src/operation/request_target.ts";

/** The target of a GET of `path` with the query `raw`. */
const target = (raw: string, path = "/v1/shopper/best-price") => requestTarget(`http://h:1${path}?${raw}`);

Deno.test("a query parsed a second time is kept, frozen, and given to every later request as it is", () => {
  const memo = new QueryMemo();
  const raw = "country=ca&q=peanut%20butter&q=jam";
  const first = memo.parse(target(raw));
  assert.equal(memo.size, 0);
  const second = memo.parse(target(raw));
  assert.notEqual(second, first);
  assert.deepEqual({ ...second }, { country: "ca", q: ["peanut butter", "jam"] });
  assert.equal(memo.parse(target(raw)), second);
  assert.ok(Object.isFrozen(second) && Object.isFrozen(second.q));
  assert.equal(memo.size, 1);
  // Another spelling is another target, and so is the same query on another path.
  assert.notEqual(memo.parse(target("q=peanut%20butter&q=jam&country=ca")), second);
  assert.notEqual(memo.parse(target(raw, "/v1/shopper/deals")), second);
});

Deno.test("a query text longer than the kept length is parsed each time and never kept", () => {
  const memo = new QueryMemo();
  const raw = `browse_id=${"1".repeat(QUERY_KEPT_CHARS)}`;
  const answers = [memo.parse(target(raw)), memo.parse(target(raw)), memo.parse(target(raw))];
  assert.equal(new Set(answers).size, 3);
  assert.equal(answers[2]!.browse_id, "1".repeat(QUERY_KEPT_CHARS));
  assert.equal(memo.size, 0);
});
