import assert from "node:assert/strict";
import { AnswerMemo, answerMemo } from "../../src/catalog/answer_memo.ts";
import type { ShopperProductRecord } from "../../src/format/shopper_records.ts";
import { catalogHandler } from "../support/catalog_fixture.ts";
import { compileShopperFixture, SHOPPER_NOW } from "../support/shopper_fixture.ts";

Deno.test("the memo lets the oldest answer not asked since it was kept go first once it keeps too many", () => {
  const memo = new AnswerMemo({ answers: 2, chars: 100 });
  memo.set("a", "AAA");
  memo.set("b", "BBB");
  assert.equal(memo.get("a"), "AAA");
  memo.set("c", "CCC");
  assert.deepEqual([memo.get("a"), memo.get("b"), memo.get("c")], ["AAA", undefined, "CCC"]);
  assert.equal(memo.size, 2);
  assert.equal(memo.chars, 6);
});

Deno.test("an asked answer is passed over once, unmarked: the next to go is the oldest not asked since", () => {
  const memo = new AnswerMemo({ answers: 3, chars: 100 });
  for (const key of ["a", "b", "c"]) memo.set(key, key.toUpperCase());
  assert.deepEqual([memo.get("a"), memo.get("b")], ["A", "B"]);
  // a and b asked: c goes, a and b move behind d unmarked.
  memo.set("d", "D");
  assert.equal(memo.get("c"), undefined);
  assert.deepEqual([memo.size, memo.chars], [3, 3]);
  // Nothing asked since: the oldest, d, goes (strict least recently used would drop a).
  memo.set("e", "E");
  assert.deepEqual(["a", "b", "d", "e"].map((key) => memo.get(key)), ["A", "B", undefined, "E"]);
  // All three asked (just above): each is passed over once, then the oldest of them goes, never f itself.
  memo.set("f", "F");
  assert.deepEqual(["a", "b", "e", "f"].map((key) => memo.get(key)), [undefined, "B", "E", "F"]);
  assert.deepEqual([memo.size, memo.chars], [3, 3]);
});

Deno.test("the memo keeps at most its characters; a text longer than all of them is not kept", () => {
  const memo = new AnswerMemo({ answers: 10, chars: 10 });
  memo.set("a", "12345");
  memo.set("b", "123456");
  assert.deepEqual([memo.get("a"), memo.get("b")], [undefined, "123456"]);
  assert.equal(memo.chars, 6);
  memo.set("c", "12345678901");
  assert.equal(memo.get("c"), undefined);
  assert.deepEqual([memo.size, memo.chars], [1, 6]);
  memo.set("b", "1234");
  assert.deepEqual([memo.get("b"), memo.size, memo.chars], ["1234", 1, 4]);
});

Deno.test("a memo belongs to one build's record: another record, another memo", () => {
  const one = {}, other = {};
  assert.equal(answerMemo(one), answerMemo(one));
  assert.notEqual(answerMemo(one), answerMemo(other));
});

const path = "/v1/shopper/best-price";

async function bodyOf(fetch: (target: string) => Promise<Response>, query: string): Promise<string> {
  const response = await fetch(`${path}?${query}`);
  assert.equal(response.status, 200);
  return await response.text();
}

Deno.test("a repeated best-price query is answered from the kept text; q's case, limit and retailer are other queries", async () => {
  const compiled = await compileShopperFixture();
  const { fetch, store } = catalogHandler(compiled, { now: () => SHOPPER_NOW });
  // A country record of its own, so that no other test's answers are in this memo.
  const country = { ...store.catalogRecords.get("catalog:country:ca") as object };
  store.catalogRecords.set("catalog:country:ca", country);
  const queries = [
    "country=ca&q=bread",
    "country=ca&q=BREAD",
    "country=ca&q=bread&limit=2",
    "country=ca&q=bread&retailer=beta%20foods",
  ];
  const first = [];
  for (const query of queries) first.push(await bodyOf(fetch, query));
  assert.equal(answerMemo(country).size, 4);
  assert.equal(new Set(first).size, 4);
  // The products are gone from the store: only the kept texts can answer now, exactly as the first time.
  for (const key of [...store.catalogRecords.keys()]) {
    if (key.startsWith("shopper_products:")) store.catalogRecords.delete(key);
  }
  for (const [at, query] of queries.entries()) assert.equal(await bodyOf(fetch, query), first[at]);
  assert.deepEqual(JSON.parse(first[2]!).results.map((r: { product: string }) => r.product), [
    "Bread Sticks 12'S",
    "Bread Rolls 6'S",
  ]);
});

Deno.test("meta is made for each answer, not kept: its freshness follows the clock", async () => {
  const compiled = await compileShopperFixture();
  let now = SHOPPER_NOW;
  const { fetch, store } = catalogHandler(compiled, { now: () => now });
  store.catalogRecords.set("catalog:country:ca", {
    ...store.catalogRecords.get("catalog:country:ca") as object,
  });
  const before = JSON.parse(await bodyOf(fetch, "country=ca&q=bread"));
  now += 3_600_000;
  const after = JSON.parse(await bodyOf(fetch, "country=ca&q=bread"));
  assert.equal(after.meta.freshness_seconds, before.meta.freshness_seconds + 3600);
  assert.deepEqual({ ...after, meta: null }, { ...before, meta: null });
});

Deno.test("a new build's answers are its own: a swapped country record is asked afresh", async () => {
  const compiled = await compileShopperFixture();
  const { fetch, store } = catalogHandler(compiled, { now: () => SHOPPER_NOW });
  store.catalogRecords.set("catalog:country:ca", {
    ...store.catalogRecords.get("catalog:country:ca") as object,
  });
  const before = JSON.parse(await bodyOf(fetch, "country=ca&q=bread&limit=1"));
  assert.equal(before.results[0].product, "Bread Sticks 12'S");
  // The next build: a new country record, and the same product under a new name.
  const [key, record] = [...store.catalogRecords].find(([key, record]) =>
    key.startsWith("shopper_products:ca:") &&
    (record as ShopperProductRecord).head.includes(`"product":"Bread Sticks 12'S"`)
  )! as [string, ShopperProductRecord];
  store.catalogRecords.set(key, {
    ...record,
    head: record.head.replace("Bread Sticks 12'S", "Bread Sticks 12-pack"),
  });
  store.catalogRecords.set("catalog:country:ca", {
    ...store.catalogRecords.get("catalog:country:ca") as object,
  });
  const after = JSON.parse(await bodyOf(fetch, "country=ca&q=bread&limit=1"));
  assert.equal(after.results[0].product, "Bread Sticks 12-pack");
});
