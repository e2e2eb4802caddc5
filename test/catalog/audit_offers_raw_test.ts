/**
 * The shopper figures of the embedded Calgary flyers rechecked against the raw flyer rows: each expected
 * figure is computed here, from data/catalog/sources/calgary_flyers/seton_grocery_history.csv by the tests'
 * own simple code (test/support/raw_flyers.ts), and compared with what the service answers or holds in its
 * built shards. The audit found expired offers served as current, pack sizes collapsed into price changes,
 * repeated scrapes counted twice, too few unit prices and per-pound prices ranked as the cheapest.
 */
import assert from "node:assert/strict";
import type { ShopperProductRecord } from "../../src/format/shopper_records.ts";
import { EMBEDDED_BASE, embeddedService } from "../support/embedded_service.ts";
import { embeddedCatalogReport, embeddedShard } from "../support/embedded_shards.ts";
import { plain, rawFlyerRows, rawListingDay, rawSize } from "../support/raw_flyers.ts";

const raw = await rawFlyerRows();
const asOf = raw.reduce((latest, row) => (row.date > latest ? row.date : latest), "");
const service = await embeddedService();
// deno-lint-ignore no-explicit-any
const get = async (target: string): Promise<any> => {
  const response = await service.handle(new Request(`${EMBEDDED_BASE}${target}`));
  assert.equal(response.status, 200, target);
  return await response.json();
};
// Every product record the service serves for ca, with its offers and expired offers parsed.
const products = [...(await embeddedShard("shopper_products"))]
  .filter(([key]) => key.startsWith("ca:"))
  .map(([, record]) => record as ShopperProductRecord)
  .map((record) => ({
    head: JSON.parse(`{${record.head}}`),
    offers: record.offers.map((o) => ({ ...JSON.parse(o.best), ...JSON.parse(o.offer) })),
    alerts: record.offers.map((o) => JSON.parse(`{${o.alert}}`)),
    expired: record.expired.map((e) => JSON.parse(e.json)),
  }));

Deno.test("the reference instant is the raw rows' latest date; every answer names it", async () => {
  assert.equal(asOf, "2025-12-17");
  const body = await get("/v1/shopper/best-price?country=ca&q=bread");
  assert.equal(body.meta.as_of, `${asOf}T00:00:00Z`);
  assert.match(body.method.current, /valid at meta\.as_of.*freshness_seconds says how old as_of is/);
});

Deno.test("no offer the service serves as current has expired at as_of (the audit: 1,102 of 4,754)", () => {
  const offers = products.flatMap((p) => p.offers);
  assert.ok(offers.length > 3000);
  const expired = offers.filter((o) =>
    o.valid_until === null
      ? Date.parse(o.observed_at) + 14 * 86_400_000 < Date.parse(`${asOf}T00:00:00Z`)
      : o.valid_until < `${asOf}T00:00:00Z`
  );
  assert.deepEqual(expired, []);
});

Deno.test("every expired offer listed apart is a raw row whose Valid_Until is before as_of", () => {
  const listed = products.flatMap((p) => p.expired);
  assert.ok(listed.length > 10, `${listed.length} expired offers listed`);
  const rawExpired = new Set(
    raw.filter((r) => r.validUntil !== "" && r.validUntil < asOf)
      .map((r) => `${r.store}|${r.price.toFixed(2)}|${r.date}|${r.validUntil}`),
  );
  for (const offer of listed) {
    const key = `${offer.retailer}|${offer.price.toFixed(2)}|${offer.observed_at.slice(0, 10)}|${
      offer.valid_until.slice(0, 10)
    }`;
    assert.ok(rawExpired.has(key), `no expired raw row for ${key}`);
  }
});

Deno.test("chicken breast: Calgary Co-op's 6.49, valid until 2025-12-03, is never a current offer", async () => {
  const coop = raw.filter((r) => r.store === "Calgary Co-op" && plain(r.item) === "chicken breast");
  assert.deepEqual(coop.map((r) => [r.price, r.validUntil]), [[6.49, "2025-12-03"]]);
  const body = await get("/v1/shopper/best-price?country=ca&q=chicken%20breast&limit=50");
  const offered = body.results.flatMap((r: { offers: { retailer: string; price: number }[] }) => r.offers);
  assert.deepEqual(offered.filter((o: { retailer: string }) => o.retailer === "Calgary Co-op"), []);
  // No Frills' 10.00 is "CHICKEN BREAST, 4 pack": another product than an unsized chicken breast.
  const frills = raw.find((r) => r.store === "No Frills" && plain(r.item) === "chicken breast")!;
  const served = body.results.find((r: { best: { retailer: string; price: number } }) =>
    r.best.retailer === "No Frills" && r.best.price === frills.price
  );
  assert.equal(served.size.text, frills.original.split(", ")[1]);
});

Deno.test("No Frills' four turkeys of 2025-12-12 are four products, one per weight class", async () => {
  const rows = raw.filter((r) =>
    r.store === "No Frills" && plain(r.item) === "turkey" && r.date === "2025-12-12"
  );
  const expected = rows.map((r) => [r.original.split(", ")[1]!.toLowerCase(), r.price])
    .sort((a, b) => (a[1] as number) - (b[1] as number));
  assert.equal(expected.length, 4);
  const body = await get("/v1/shopper/best-price?country=ca&q=turkey&retailer=No%20Frills&limit=50");
  const served = body.results.filter((r: { product: string }) => r.product === "Turkey")
    .map((
      r: { size: { text: string }; best: { price: number } },
    ) => [r.size.text.toLowerCase(), r.best.price]);
  assert.deepEqual(served, expected);
});

Deno.test("no price change compares two prices of one day (the audit: 49 of 362 alerts of 5 % or more)", () => {
  const changes = products.flatMap((p) => p.alerts).filter((a) => a.previous_price !== null);
  assert.ok(changes.length > 100);
  const sameDay = changes.filter((a) => a.previous_observed_at.slice(0, 10) === a.observed_at.slice(0, 10));
  assert.deepEqual(sameDay, []);
  // Each side of a change is a raw row of that retailer on that day at that price.
  const rawPrices = new Set(raw.map((r) => `${r.store}|${r.date}|${r.price.toFixed(2)}`));
  for (const a of changes) {
    assert.ok(
      rawPrices.has(`${a.retailer}|${a.previous_observed_at.slice(0, 10)}|${a.previous_price.toFixed(2)}`),
    );
    assert.ok(rawPrices.has(`${a.retailer}|${a.observed_at.slice(0, 10)}|${a.price.toFixed(2)}`));
  }
});

Deno.test("Sobeys' Van Houtte Coffee of 2025-12-10: one offer at the lowest price, the day's prices beside it", async () => {
  const day = raw.filter((r) =>
    r.store === "Sobeys" && plain(r.item) === "van houtte coffee" && r.date === "2025-12-10"
  );
  const prices = [...new Set(day.map((r) => r.price))].sort((a, b) => a - b);
  assert.deepEqual(prices, [11.99, 25.99]);
  const body = await get("/v1/shopper/best-price?country=ca&q=van%20houtte%20coffee");
  const coffee = body.results.find((r: { product: string; size: { text: null } }) =>
    r.product === "Van Houtte Coffee" && r.size.text === null
  );
  const sobeys = coffee.offers.find((o: { retailer: string }) => o.retailer === "Sobeys");
  assert.deepEqual([sobeys.price, sobeys.same_day_prices], [prices[0], prices]);
  assert.deepEqual([coffee.best.retailer, coffee.best.price], ["Sobeys", prices[0]]);
});

Deno.test("a repeated scrape counts once: observations.total is the raw rows less the repeats", async () => {
  const seen = new Set<string>();
  let repeats = 0;
  for (const row of raw) {
    const key = `${rawListingDay(row)}\u001f${row.price}`;
    if (seen.has(key)) repeats++;
    seen.add(key);
  }
  // The generated us snapshot has one row per observation: its data lines.
  const us = (await Deno.readTextFile("data/catalog/us_generated_2022.csv")).trim().split("\n")
    .filter((line) => !line.startsWith("#")).length - 1;
  assert.deepEqual([raw.length, repeats, us], [8360, 764, 18839]);
  const stats = await get("/v1/public/stats");
  assert.equal(stats.observations.total, raw.length - repeats + us);
  assert.deepEqual(stats.generated, {
    observations: us,
    share: Math.round((us / stats.observations.total) * 1e4) / 1e4,
    countries: ["us"],
  });
});

Deno.test("at least 600 ca rows get a unit price: a size stated in the item or the original name", async () => {
  const metric = /(?<![\d.\-/])(\d+(?:\.\d+)?)\s*(g|kg|ml|l)(?![a-z])/gi;
  const oneSize = raw.filter((r) => {
    const text = [...r.item.matchAll(metric)].length > 0 ? r.item : r.original;
    const sizes = new Set([...text.matchAll(metric)].map((m) => m[0].toLowerCase().replace(/\s/g, "")));
    return sizes.size === 1 && !/\d\s*(?:-|\/|or)\s*\d/i.test(text);
  }).length;
  const report = await embeddedCatalogReport() as {
    files: { file: string; unit_conversion: { exact: number } }[];
  };
  const exact = report.files.find((f) => f.file.endsWith("ca_calgary_flyers.csv"))!.unit_conversion.exact;
  assert.ok(oneSize >= 600, `${oneSize} raw rows state one metric size`);
  assert.ok(exact >= oneSize, `${exact} exact unit prices for ${oneSize} rows with one metric size`);
  const butter = raw.find((r) => r.original === "LACTANTIA BUTTER, 454 g")!;
  const body = await get("/v1/shopper/best-price?country=ca&q=lactantia%20butter");
  const served = body.results.find((r: { size: { text: string } }) => r.size.text === "454 g");
  assert.deepEqual([served.best.price, served.best.unit_price], [
    butter.price,
    Math.round(butter.price / 0.454 * 100) / 100,
  ]);
});

Deno.test("a turkey priced without any stated size ranks after every turkey priced per item", async () => {
  const unsized = raw.filter((r) => plain(r.item).includes("turkeys") && rawSize(r) === "" && r.price < 3);
  assert.ok(unsized.some((r) => r.price === 2.19));
  const body = await get("/v1/shopper/best-price?country=ca&q=turkey&limit=50");
  const bases = body.results.map((r: { best: { price_basis: string } }) => r.best.price_basis);
  const firstUnstated = bases.indexOf("unstated");
  assert.ok(firstUnstated > 0);
  // Within each match rank, the unstated prices come after the prices per item and per unit.
  for (let at = 1; at < body.results.length; at++) {
    const [a, b] = [body.results[at - 1], body.results[at]];
    if (a.match_rank === b.match_rank && a.best.price_basis === "unstated") {
      assert.equal(b.best.price_basis, "unstated", `${b.product} after an unstated price`);
    }
  }
  const hayters = body.results.find((r: { best: { price: number } }) => r.best.price === 2.19);
  assert.equal(hayters.best.price_basis, "unstated");
});

Deno.test("search folds apostrophes: kelloggs, lays and hellmanns find the raw rows' Kellogg'S, Lay'S, Hellmann'S", async () => {
  for (const [q, word] of [["kelloggs", "kellogg's"], ["lays", "lay's"], ["hellmanns", "hellmann's"]]) {
    assert.ok(raw.some((r) => plain(r.item).includes(word!)));
    const body = await get(`/v1/shopper/best-price?country=ca&q=${q}&limit=50`);
    assert.ok(body.total > 0);
    for (const r of body.results) {
      assert.ok(plain(`${r.brand ?? ""} ${r.product}`).includes(word!), r.product);
    }
  }
  const farmers = await get("/v1/shopper/best-price?country=ca&q=farmers%20market&limit=50");
  assert.ok(
    farmers.results.every((r: { product: string; brand: string | null }) =>
      plain(`${r.brand ?? ""} ${r.product}`).includes("farmer")
    ),
  );
  assert.ok(farmers.total > 0);
});

Deno.test("q=butter ranks the raw rows filed as butter first, peanut butter and Butterball after", async () => {
  const body = await get("/v1/shopper/best-price?country=ca&q=butter&limit=50");
  const butterItems = new Set(raw.filter((r) => r.subCategory === "butter").map((r) => plain(r.item)));
  const first = body.results.filter((r: { match_rank: number }) => r.match_rank === 1);
  assert.ok(first.length > 0);
  for (const r of first) assert.ok(butterItems.has(plain(r.product)), `${r.product} is not filed as butter`);
  const rankOf = (name: string) =>
    body.results.find((r: { product: string }) => plain(r.product).includes(name))?.match_rank;
  assert.ok(rankOf("peanut butter") > 1);
  assert.ok(rankOf("butterball") > rankOf("peanut butter"));
});
