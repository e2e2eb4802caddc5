import assert from "node:assert/strict";
import type { AnswerRecord, CategoryResolution } from "../../../src/format/catalog_records.ts";
import { compileFixture, fragmentObject } from "../../support/catalog_fixture.ts";

const compiled = await compileFixture();
const target = (input: string) =>
  (compiled.shards.get("catalog_lookup")!.get(`ca:category:${input}`) as CategoryResolution).target;
const answer = (input: string) =>
  compiled.shards.get("marketing_share")!.get(`ca:${target(input)}`) as AnswerRecord;
const parsed = (fragment: string | null | undefined) => fragmentObject(compiled, "marketing_share", fragment);

// Current listings under Bakery: Alpha Mart: Sunny White (Sunny), Rye Loaf (unbranded), Crunch Cookies
// (Crunch); Beta Foods: Sunny White (Sunny), Choco Chips (Crunch, its 9.50 outlier out, 3.00 of Dec 5 is
// current). Sunny Whole Wheat (Nov 20) and Delta Stale (Dec 1) are older than the 14-day window.
Deno.test("share of shelf counts each brand's current listings over all current listings", () => {
  const body = parsed(answer("bakery").json);
  assert.equal(body.listings, 5);
  assert.deepEqual(body.shares, [
    { brand: "Crunch", listings: 2, share: 0.4 },
    { brand: "Sunny", listings: 2, share: 0.4 },
    { brand: null, listings: 1, share: 0.2 },
  ]);
});

Deno.test("share of shelf per retailer (by name) and balanced across retailers (mean of the retailers' shares)", () => {
  const body = parsed(answer("bakery").json);
  assert.deepEqual(body.by_retailer, [
    {
      retailer: "Alpha Mart",
      listings: 3,
      shares: [
        { brand: "Crunch", listings: 1, share: 0.3333 },
        { brand: "Sunny", listings: 1, share: 0.3333 },
        { brand: null, listings: 1, share: 0.3333 },
      ],
    },
    {
      retailer: "Beta Foods",
      listings: 2,
      shares: [{ brand: "Crunch", listings: 1, share: 0.5 }, { brand: "Sunny", listings: 1, share: 0.5 }],
    },
  ]);
  // Crunch and Sunny (1/2 + 1/3) / 2 = 5/12; unbranded (0 + 1/3) / 2 = 1/6.
  assert.deepEqual(body.balanced, [
    { brand: "Crunch", share: 0.4167 },
    { brand: "Sunny", share: 0.4167 },
    { brand: null, share: 0.1667 },
  ]);
  assert.equal(body.method.share, "listing_share");
  assert.match(body.method.search_rank_share, /^not available: .*search-rank data/);
  assert.equal(body.method.outliers_excluded, 1);
});

Deno.test("a retailer's fragment answers the shares within that retailer; a retailer with nothing current gets zero", () => {
  const retailers = compiled.countries[0]!.catalog.retailers.map((r) => r.name);
  const at = (name: string) => answer("bakery").by_retailer[retailers.indexOf(name)]!;
  const beta = parsed(at("Beta Foods"));
  assert.equal(beta.listings, 2);
  assert.deepEqual(beta.balanced, [{ brand: "Crunch", share: 0.5 }, { brand: "Sunny", share: 0.5 }]);
  const delta = parsed(at("Delta Stale"));
  assert.deepEqual([delta.listings, delta.shares, delta.balanced], [0, [], []]);
  assert.equal(answer("bakery").by_retailer[retailers.indexOf("Gamma Liquor")], null);
});
