/**
 * The shopper endpoints on the embedded Calgary flyer snapshot (data/catalog/ca_calgary_flyers.csv), each
 * answer checked by hand against the raw rows named below (file line numbers). Its latest observation is
 * 2025-12-17, so the current window starts 2025-12-03.
 */
import assert from "node:assert/strict";
import * as v from "npm:valibot@1.5.0";
import { bestPriceResponseSchema, priceDropAlertResponseSchema } from "../../src/catalog/shopper_schemas.ts";
import { catalogHandler, compileFixture } from "../support/catalog_fixture.ts";

const compiled = await compileFixture(["data/catalog/ca_calgary_flyers.csv"]);
const NOW = Date.UTC(2025, 11, 18, 0, 0, 0);

// Every product whose name or brand has the word "kraft" and a word starting "singles", with an offer valid at
// as_of 2025-12-17 (a product is a name at one pack size):
// - Kraft Singles (Kraft, no size stated): lines 249 Safeway 4.99 and 270 Sobeys 4.99 (Dec 12, valid to Dec
//   17); older: 3953 Safeway 9.99 (Nov 26), 4948 Safeway 4.97 (Nov 19), 4291 Sobeys 4.44 (Nov 26), 5304
//   Sobeys 9.99 (Nov 19). Median of the two current prices 4.99; Safeway and Sobeys tie, Safeway first.
// - Kraft Singles, 825 g: line 199 No Frills 7.00: its source text "KRAFT SINGLES, 825 g" states the pack,
//   so it is another product, with a unit price 7.00 / 0.825 kg = 8.48.
// - Kraft Cheese Singles (Kraft): 5667 Save-On-Foods 4.49 (Dec 17).
// - Kraft Singles Cheese Slices (Kraft): 6659 and 7604 Save-On-Foods 6.99 (Dec 17; 7604 files it under
//   "Dairy & Eggs" and comes later in the file, so that is the listing's category).
// - Cream Cheese, Kraft Singles Or Cheez Whiz (2168, Real Canadian Superstore 4.49, valid until Dec 10) and
//   Philadelphia Cream Cheese, Kraft Singles, or Cheez Whiz (3043, valid until Dec 10) have expired.
// "singles" is the last word of the first three names (match rank 2), not of the slices (3); within a rank,
// the unit price known first, then by price.
Deno.test("best-price on the embedded Calgary flyers: kraft singles", async () => {
  const { fetch } = catalogHandler(compiled, { now: () => NOW });
  const body = v.parse(
    bestPriceResponseSchema,
    await (await fetch("/v1/shopper/best-price?country=ca&q=Kraft%20Singles")).json(),
  );
  assert.deepEqual(
    body.results.map((
      r,
    ) => [r.product, r.size.text, r.match_rank, r.best.retailer, r.best.price, r.best.unit_price]),
    [
      ["Kraft Singles", "825 g", 2, "No Frills", 7, 8.48],
      ["Kraft Cheese Singles", null, 2, "Save-On-Foods", 4.49, null],
      ["Kraft Singles", null, 2, "Safeway", 4.99, null],
      ["Kraft Singles Cheese Slices", null, 3, "Save-On-Foods", 6.99, null],
    ],
  );
  const singles = body.results[2]!;
  assert.deepEqual(singles.offers.map((o) => [o.retailer, o.price, o.observed_at, o.valid_until]), [
    ["Safeway", 4.99, "2025-12-12T00:00:00Z", "2025-12-17T00:00:00Z"],
    ["Sobeys", 4.99, "2025-12-12T00:00:00Z", "2025-12-17T00:00:00Z"],
  ]);
  assert.deepEqual(singles.savings_vs_median, { amount: 0, pct: 0, median: 4.99, n: 2 });
  assert.deepEqual([singles.best.is_deal, singles.best.valid_until], [true, "2025-12-17T00:00:00Z"]);
  assert.equal(body.results[3]!.category, "Dairy & Eggs");
  assert.equal(body.total, 4);
});

// Kraft Singles at Safeway: 4.97 (Nov 19), 9.99 (Nov 26), 4.99 (Dec 12): −5.00 from 9.99 = −50.1 %. At Sobeys:
// 9.99 (Nov 19), 4.44 (Nov 26), 4.99 (Dec 12): +0.55 on 4.44 = +12.4 %. Both moved on Dec 12.
Deno.test("price-drop-alert on the embedded Calgary flyers: kraft singles, either direction", async () => {
  const { fetch } = catalogHandler(compiled, { now: () => NOW });
  const body = v.parse(
    priceDropAlertResponseSchema,
    await (await fetch("/v1/shopper/price-drop-alert?country=ca&q=kraft%20singles&direction=any")).json(),
  );
  assert.deepEqual(
    body.results.slice(0, 2).map((
      r,
    ) => [
      r.retailer,
      r.price,
      r.previous_price,
      r.previous_observed_at,
      r.change,
      r.change_pct,
      r.changed_at,
    ]),
    [
      ["Safeway", 4.99, 9.99, "2025-11-26T00:00:00Z", -5, -50.1, "2025-12-12T00:00:00Z"],
      ["Sobeys", 4.99, 4.44, "2025-11-26T00:00:00Z", 0.55, 12.4, "2025-12-12T00:00:00Z"],
    ],
  );
  // 5 listings: Kraft Singles at 2 retailers, each other product at one; only the two moves trigger.
  assert.deepEqual([body.total, body.triggered], [5, 2]);
  assert.deepEqual(body.results.slice(2).map((r) => r.change), [null, null, null]);
});
