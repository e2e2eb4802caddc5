/**
 * What is current, and what one product is, on a hand-made flyer snapshot whose rows repeat the Calgary
 * source's troubles: offers past their end date, several prices of one listing on one day, sizes stated only
 * in the retailer's own text, a repeated scrape, and meat priced without a pack (its basis unstated). As of
 * the latest observation, 2025-12-17.
 */
import assert from "node:assert/strict";
import * as v from "npm:valibot@1.5.0";
import {
  bestPriceResponseSchema,
  dealFinderResponseSchema,
  priceDropAlertResponseSchema,
} from "../../src/catalog/shopper_schemas.ts";
import { catalogHandler, compileFixture } from "../support/catalog_fixture.ts";
import { tempDir } from "../support/temp_dir.ts";

const SNAPSHOT = `# snapshot_version: 2
# country: ca
# currency: CAD
# source: hand-made flyer rows for the current-offer tests
observation_id,product,brand,retailer,country,category,price,currency,observed_at,unit,is_deal,valid_until,source_name
c-01,Chicken Breast,,Co-op,ca,Meat & Seafood > Chicken,6.49,CAD,2025-12-03,,false,2025-12-03,
c-02,Chicken Breast,,Frills,ca,Meat & Seafood > Chicken,10.00,CAD,2025-12-12,,true,2025-12-17,"CHICKEN BREAST, 4 pack"
c-03,Van Houtte Coffee,Van Houtte,Sobeys,ca,Pantry > Coffee,10.99,CAD,2025-12-03,,false,2025-12-10,
c-04,Van Houtte Coffee,Van Houtte,Sobeys,ca,Pantry > Coffee,11.99,CAD,2025-12-10,,false,2025-12-17,
c-05,Van Houtte Coffee,Van Houtte,Sobeys,ca,Pantry > Coffee,25.99,CAD,2025-12-10,,false,2025-12-17,
c-06,Van Houtte Coffee,Van Houtte,Safeway,ca,Pantry > Coffee,14.49,CAD,2025-12-10,,false,2025-12-17,
c-07,Van Houtte Coffee,Van Houtte,Co-op,ca,Pantry > Coffee,9.99,CAD,2025-12-05,,true,2025-12-10,
c-08,Turkey,,Frills,ca,Meat & Seafood > Turkey,18.00,CAD,2025-12-12,,true,2025-12-17,"TURKEY, 3-5 kg"
c-09,Turkey,,Frills,ca,Meat & Seafood > Turkey,35.00,CAD,2025-12-12,,true,2025-12-17,"TURKEY, 9-11 KG"
c-10,Turkey,,Frills,ca,Meat & Seafood > Turkey,35.00,CAD,2025-12-17,,true,2025-12-24,"TURKEY, 9-11 KG"
c-11,Turkey,,Frills,ca,Meat & Seafood > Turkey,35.00,CAD,2025-12-17,,true,2025-12-24,"TURKEY, 9-11 KG"
c-12,Frozen Turkeys,,Co-op,ca,Meat & Seafood > Turkey,1.99,CAD,2025-12-12,,true,2025-12-17,Frozen Canada Grade A Turkeys
c-13,Lactantia Butter,Lactantia,Frills,ca,Dairy & Eggs > Butter,5.99,CAD,2025-12-12,,true,2025-12-17,"LACTANTIA BUTTER, 454 g"
c-14,Milk 2 L,,Co-op,ca,Dairy > Milk,4.99,CAD,2025-12-01,,,,
c-15,Milk 2 L,,Frills,ca,Dairy > Milk,4.49,CAD,2025-12-05,,,,
c-16,Van Houtte Coffee,Van Houtte,Safeway,ca,Pantry > Coffee,12.99,CAD,2025-12-03,,false,2025-12-10,
`;

const file = `${await tempDir("current-offers-")}/current_ca.csv`;
await Deno.writeTextFile(file, SNAPSHOT);
// Every retailer serving-eligible: the thresholds are for the fixture's few rows.
const compiled = await compileFixture([file], {
  thresholds: { stale_after_days: 7, sparse_below_observations: 1, sparse_below_category_share: 0 },
});
const NOW = Date.UTC(2025, 11, 18);
const get = async <const S extends v.GenericSchema>(schema: S, target: string) => {
  const response = await catalogHandler(compiled, { now: () => NOW }).fetch(target);
  assert.equal(response.status, 200);
  return v.parse(schema, await response.json());
};
const best = (q: string) => get(bestPriceResponseSchema, `/v1/shopper/best-price?country=ca&q=${q}&limit=50`);

Deno.test("an offer past its valid_until is not current: listed apart as expired, never best", async () => {
  const body = await best("van%20houtte");
  const coffee = body.results.find((r) => r.product === "Van Houtte Coffee")!;
  // Co-op's 9.99 (c-07) ended on Dec 10: cheaper, but expired.
  assert.deepEqual(coffee.offers.map((o) => [o.retailer, o.price, o.valid_until]), [
    ["Sobeys", 11.99, "2025-12-17T00:00:00Z"],
    ["Safeway", 14.49, "2025-12-17T00:00:00Z"],
  ]);
  assert.deepEqual(coffee.expired_offers, [{
    retailer: "Co-op",
    price: 9.99,
    observed_at: "2025-12-05T00:00:00Z",
    valid_until: "2025-12-10T00:00:00Z",
    expired: true,
  }]);
  assert.equal(body.meta.as_of, "2025-12-17T00:00:00Z");
});

Deno.test("an offer without an end date stays current for 14 days after it was observed", async () => {
  // Co-op's milk of Dec 1 is past Dec 15; Frills' of Dec 5 is valid until Dec 19.
  const milk = (await best("milk")).results[0]!;
  assert.deepEqual(milk.offers.map((o) => [o.retailer, o.price, o.valid_until]), [["Frills", 4.49, null]]);
  assert.deepEqual(milk.expired_offers, []);
});

Deno.test("several prices of one listing on one day: one offer, the lowest, with the day's prices", async () => {
  const coffee = (await best("van%20houtte")).results.find((r) => r.product === "Van Houtte Coffee")!;
  assert.deepEqual([coffee.best.retailer, coffee.best.price, coffee.best.same_day_prices], [
    "Sobeys",
    11.99,
    [11.99, 25.99],
  ]);
  assert.equal(coffee.offers[1]!.same_day_prices, null);
});

Deno.test("a day with several prices of a listing is never one side of a price change or a deal", async () => {
  const alerts = await get(
    priceDropAlertResponseSchema,
    "/v1/shopper/price-drop-alert?country=ca&q=van%20houtte&direction=any&threshold_pct=0",
  );
  // Sobeys went 10.99 (Dec 3) → 11.99 and 25.99 (Dec 10): which pack changed is unknown. Safeway went
  // 12.99 → 14.49: a change between two days of one price each.
  assert.deepEqual(
    alerts.results.map((r) => [r.retailer, r.price, r.previous_price, r.previous_observed_at, r.change_pct]),
    [["Safeway", 14.49, 12.99, "2025-12-03T00:00:00Z", 11.5], ["Sobeys", 11.99, null, null, null]],
  );
  const deals = await get(
    dealFinderResponseSchema,
    "/v1/shopper/deal-finder?country=ca&category=coffee&min_discount=0",
  );
  assert.deepEqual(deals.results, []);
});

Deno.test("a size stated only in the retailer's text makes the pack: one product per pack size", async () => {
  const turkeys = (await best("turkey")).results;
  assert.deepEqual(
    turkeys.map((r) => [r.product, r.size.text, r.size.confidence, r.best.retailer, r.best.price]),
    [
      ["Turkey", "3-5 kg", "range", "Frills", 18],
      ["Turkey", "9-11 kg", "range", "Frills", 35],
      ["Frozen Turkeys", null, "none", "Co-op", 1.99],
    ],
  );
  const butter = (await best("butter")).results[0]!;
  assert.deepEqual(butter.size, {
    text: "454 g",
    quantity: 0.454,
    basis: "kg",
    confidence: "exact",
    source: "source_name",
  });
  // 5.99 / 0.454 kg.
  assert.deepEqual([butter.best.unit_price, butter.best.unit_basis, butter.best.unit_conversion], [
    13.19,
    "kg",
    "exact",
  ]);
  const chicken = (await best("chicken%20breast")).results;
  assert.deepEqual(chicken.map((r) => [r.size.text, r.best.retailer, r.best.unit_price, r.best.unit_basis]), [
    ["4 pack", "Frills", 2.5, "each"],
  ]);
});

Deno.test("meat priced without a pack has an unstated basis and ranks after every price per item", async () => {
  const turkeys = (await best("turkey")).results;
  const frozen = turkeys.at(-1)!;
  assert.deepEqual([frozen.product, frozen.best.price_basis, frozen.best.unit_price], [
    "Frozen Turkeys",
    "unstated",
    null,
  ]);
  assert.deepEqual(turkeys.slice(0, 2).map((r) => r.best.price_basis), ["item", "item"]);
});

Deno.test("a repeated scrape counts once: the 9-11 kg turkey has two observations, not three", async () => {
  const alerts = await get(
    priceDropAlertResponseSchema,
    "/v1/shopper/price-drop-alert?country=ca&q=turkey&direction=any&threshold_pct=0",
  );
  const heavy = alerts.results.find((r) => r.size.text === "9-11 kg")!;
  assert.deepEqual([heavy.price, heavy.n_obs, heavy.previous_price], [35, 2, null]);
  assert.equal(compiled.countries[0]!.catalog.duplicates, 1);
  assert.equal(compiled.countries[0]!.catalog.ambiguous, 2);
});
