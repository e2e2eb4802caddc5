import assert from "node:assert/strict";
import type { AnswerRecord, CategoryResolution } from "../../../src/format/catalog_records.ts";
import { compileFixture, fragmentObject } from "../../support/catalog_fixture.ts";

const compiled = await compileFixture();
const target = (input: string) =>
  (compiled.shards.get("catalog_lookup")!.get(`ca:category:${input}`) as CategoryResolution).target;
const answer = (input: string) =>
  compiled.shards.get("marketing_share")!.get(`ca:${target(input)}`) as AnswerRecord;
const parsed = (fragment: string | null | undefined) => fragmentObject(compiled, "marketing_share", fragment);

// Current listings under Bakery: Alpha Mart: Sunny White (Sunny), Rye Loaf (brand unknown), Crunch Cookies
// (Crunch); Beta Foods: Sunny White (Sunny), Choco Chips (Crunch, its 9.50 outlier out, 3.00 of Dec 5 is
// current: without an end date it is valid 14 days). Sunny Whole Wheat (Nov 20) is no longer valid, and Delta
// Stale is not serving-eligible.
Deno.test("share of shelf counts each known brand's current listings over all current listings, the unknown apart", () => {
  const body = parsed(answer("bakery").json);
  assert.equal(body.listings, 5);
  assert.deepEqual(body.shares, [
    { brand: "Crunch", listings: 2, share: 0.4 },
    { brand: "Sunny", listings: 2, share: 0.4 },
  ]);
  assert.deepEqual(body.unknown_brand, { listings: 1, share: 0.2 });
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
      ],
      unknown_brand: { listings: 1, share: 0.3333 },
      reason: null,
    },
    {
      retailer: "Beta Foods",
      listings: 2,
      shares: [{ brand: "Crunch", listings: 1, share: 0.5 }, { brand: "Sunny", listings: 1, share: 0.5 }],
      unknown_brand: { listings: 0, share: 0 },
      reason: null,
    },
  ]);
  // Crunch and Sunny (1/2 + 1/3) / 2 = 5/12; the unknown brand (0 + 1/3) / 2 = 1/6, apart.
  assert.deepEqual(body.balanced, [{ brand: "Crunch", share: 0.4167 }, { brand: "Sunny", share: 0.4167 }]);
  assert.deepEqual([body.balanced_unknown_brand, body.balanced_over], [0.1667, 2]);
  assert.equal(body.method.share, "listing_share");
  assert.match(body.method.search_rank_share, /^not available: .*search-rank data/);
  assert.equal(body.method.outliers_excluded, 1);
});

Deno.test("a retailer's fragment answers the shares within that retailer; one not serving-eligible has none", () => {
  const retailers = compiled.countries[0]!.catalog.retailers.map((r) => r.name);
  const at = (name: string) => answer("bakery").by_retailer[retailers.indexOf(name)]!;
  const beta = parsed(at("Beta Foods"));
  assert.equal(beta.listings, 2);
  assert.deepEqual(beta.balanced, [{ brand: "Crunch", share: 0.5 }, { brand: "Sunny", share: 0.5 }]);
  // Delta Stale (stale) and Gamma Liquor (sparse) are refused by the runtime: their listings count nowhere.
  assert.equal(answer("bakery").by_retailer[retailers.indexOf("Delta Stale")], null);
  assert.equal(answer("bakery").by_retailer[retailers.indexOf("Gamma Liquor")], null);
});

Deno.test("with the minimum sample of 5, a retailer with fewer current listings gets no shares, and says why", async () => {
  const strict = await compileFixture(undefined, { minSample: 5 });
  const key = (strict.shards.get("catalog_lookup")!.get("ca:category:bakery") as CategoryResolution).target;
  const body = fragmentObject(
    strict,
    "marketing_share",
    (strict.shards.get("marketing_share")!.get(`ca:${key}`) as AnswerRecord).json,
  );
  assert.deepEqual(body.by_retailer[0], {
    retailer: "Alpha Mart",
    listings: 3,
    shares: null,
    unknown_brand: null,
    reason: "3 current listings, below the minimum sample of 5",
  });
  // No retailer reaches 5 listings: nothing to balance over. The market's own shares rest on 5 listings.
  assert.deepEqual([body.balanced, body.balanced_unknown_brand, body.balanced_over], [[], null, 0]);
  assert.equal(body.shares.length, 2);
});
