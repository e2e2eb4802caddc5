import assert from "node:assert/strict";
import { WorkMemo, workMemo } from "../../src/operation/work_memo.ts";
import type { PaidWork } from "../../src/operation/paid_work.ts";
import { catalogHandler, compileFixture } from "../support/catalog_fixture.ts";

function work(name: string, reusable?: boolean): PaidWork {
  return {
    operation: { operation: name, items: 1 },
    run: () => name,
    ...(reusable === undefined ? {} : { reusable }),
  };
}

Deno.test("a reusable work is kept on its target's second preparation, not its first", () => {
  const memo = new WorkMemo(4);
  const first = work("first", true), second = work("second", true);
  memo.prepared("/a?x=1", first);
  assert.equal(memo.get("/a?x=1"), undefined);
  memo.prepared("/a?x=1", second);
  assert.equal(memo.get("/a?x=1"), second);
  assert.equal(memo.get("/a?x=2"), undefined);
  assert.equal(memo.size, 1);
});

Deno.test("a work that is not reusable is never kept, however often its target is prepared", () => {
  const memo = new WorkMemo(4);
  for (const reusable of [undefined, false, undefined, false]) memo.prepared("/a", work("a", reusable));
  assert.equal(memo.get("/a"), undefined);
  assert.equal(memo.size, 0);
});

Deno.test("the memo keeps at most its limit of works, the oldest going first", () => {
  const memo = new WorkMemo(2);
  const works = ["/a", "/b", "/c"].map((target) => [target, work(target, true)] as const);
  for (const [target, one] of works) {
    memo.prepared(target, one);
    memo.prepared(target, one);
  }
  assert.deepEqual(works.map(([target]) => memo.get(target)?.run()), [undefined, "/b", "/c"]);
  assert.equal(memo.size, 2);
});

Deno.test("each store has a memo of its own", () => {
  const one = {}, other = {};
  assert.equal(workMemo(one), workMemo(one));
  assert.notEqual(workMemo(one), workMemo(other));
});

const compiled = await compileFixture();
const NOW = Date.UTC(2025, 11, 18, 12, 0, 0);
const path = "/v1/marketing/share-of-shelf";

Deno.test("a catalog target asked a third time is answered from its kept work: no lookup of its category, meta on the clock", async () => {
  let now = NOW;
  const { fetch, store } = catalogHandler(compiled, { now: () => now });
  const target = `${path}?country=ca&category=Bakery`;
  const bodies = [];
  for (let i = 0; i < 2; i++) {
    const response = await fetch(target);
    assert.equal(response.status, 200);
    bodies.push(await response.json());
  }
  // The category's resolution is gone: only a kept work can still answer it.
  const lookups = [...store.catalogRecords.keys()].filter((key) => key.startsWith("catalog_lookup:"));
  assert.ok(lookups.length > 0);
  for (const key of lookups) store.catalogRecords.delete(key);
  now += 5_000;
  const kept = await fetch(target);
  assert.equal(kept.status, 200);
  assert.equal(kept.headers.get("x-data-freshness-hours"), "36.0");
  const body = await kept.json();
  assert.equal(body.meta.freshness_seconds, bodies[0].meta.freshness_seconds + 5);
  assert.deepEqual({ ...body, meta: null }, { ...bodies[0], meta: null });
  assert.deepEqual(bodies[1], bodies[0]);
  // Another spelling of the same question is another target: it is resolved, and now finds nothing.
  assert.equal((await fetch(`${path}?category=Bakery&country=ca`)).status, 404);
  // A target that failed validation is never kept: it fails again.
  for (let i = 0; i < 3; i++) assert.equal((await fetch(`${path}?country=xx&category=Bakery`)).status, 400);
});
