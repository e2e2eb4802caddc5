/**
 * The marketing and analyst figures of the embedded Calgary flyers rechecked against the raw flyer rows
 * (test/support/raw_flyers.ts computes every expected figure from the source file, not from the project's
 * code): index links on too few items, categories narrowed silently, unknown brands read as "unbranded",
 * two retailers repeating one flyer counted as two price setters, a deal flag whose coverage jumps, a
 * retailer refused alone but counted in the market, and generated data not flagged.
 */
import assert from "node:assert/strict";
import { EMBEDDED_BASE, embeddedService } from "../support/embedded_service.ts";
import { plain, rawFlyerRows, rawSize, rawWeek } from "../support/raw_flyers.ts";

const raw = await rawFlyerRows();
const service = await embeddedService();
// deno-lint-ignore no-explicit-any
const get = async (target: string): Promise<any> => {
  const response = await service.handle(new Request(`${EMBEDDED_BASE}${target}`));
  assert.equal(response.status, 200, target);
  return await response.json();
};
const weekOf = (label: string) => {
  // "2025-W50" → the week number of its Monday.
  const [year, week] = label.split("-W").map(Number) as [number, number];
  const jan4 = Date.UTC(year, 0, 4), monday = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * 86_400_000;
  return rawWeek(new Date(monday + (week - 1) * 7 * 86_400_000).toISOString().slice(0, 10));
};
// The most listings (store, item) of `rows` priced both in week w − 1 and week w: an upper bound of the
// matched listings of an index link (packs and same-day prices only ever split or drop a listing).
const matchedAtMost = (rows: typeof raw, w: number) => {
  const weeks = new Map<string, Set<number>>();
  for (const r of rows) {
    const key = `${r.store}|${plain(r.item)}`;
    weeks.set(key, (weeks.get(key) ?? new Set()).add(rawWeek(r.date)));
  }
  return [...weeks.values()].filter((set) => set.has(w) && set.has(w - 1)).length;
};

Deno.test("an index link on fewer than 5 matched listings is no value (the audit: coffee +22.9 % on 4)", async () => {
  const body = await get("/v1/analyst/inflation?country=ca&category=coffee");
  const coffee = raw.filter((r) => r.subCategory.includes("coffee") || r.category === "Coffee");
  let checked = 0;
  for (const row of body.index.slice(1)) {
    assert.ok(row.n_matched <= matchedAtMost(coffee, weekOf(row.period)));
    if (matchedAtMost(coffee, weekOf(row.period)) < 5) {
      assert.deepEqual([row.value, row.link, row.imputed], [null, null, true], row.period);
      checked++;
    }
  }
  // The audit's week: coffee's W50 link rested on 4 listings, one of them a pack mix.
  assert.ok(checked >= 3);
  assert.equal(body.index.find((row: { period: string }) => row.period === "2025-W50").value, null);
  assert.equal(body.method.minimum_sample.startsWith("a link needs at least 5 matched listings"), true);
  assert.deepEqual(Object.keys(body.coverage), ["listings", "matched_listings", "share"]);
});

Deno.test("a retailer's index on too few items is no value (the audit: Sobeys coffee 172.79 from one)", async () => {
  for (
    const [category, filter] of [
      ["coffee", (r: (typeof raw)[number]) => r.subCategory.includes("coffee") || r.category === "Coffee"],
      ["dairy%20%26%20eggs", (r: (typeof raw)[number]) => r.category === "Dairy & Eggs"],
    ] as const
  ) {
    const body = await get(`/v1/analyst/inflation?country=ca&category=${category}`);
    let nulls = 0;
    for (const retailer of body.by_retailer) {
      const rows = raw.filter((r) => r.store === retailer.retailer && filter(r));
      for (const row of retailer.index.slice(1)) {
        if (matchedAtMost(rows, weekOf(row.period)) < 5) {
          assert.equal(row.value, null, `${retailer.retailer} ${row.period}`);
          nulls++;
        }
      }
    }
    assert.ok(nulls > 0);
  }
});

// The category of each raw listing (store, item, stated size): that of its latest row (by date, then file
// order), as the catalog files a listing.
const latestCategories = new Set<string>();
{
  const latest = new Map<string, string>();
  for (const r of [...raw].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))) {
    latest.set(
      `${r.store}|${plain(r.item)}|${rawSize(r)}`,
      [r.category, r.subCategory].filter((x) => x !== "").join(" > "),
    );
  }
  for (const path of latest.values()) latestCategories.add(path.replace(/_/g, " "));
}

// Every category of a raw listing whose path holds the input word is either covered by the answer
// (included, or under an included category) or listed as left out, with a reason: nothing is narrowed
// silently.
for (const input of ["pasta", "cheese", "dessert", "snack"]) {
  Deno.test(`category=${input}s covers or names every raw category that mentions ${input}`, async () => {
    const body = await get(`/v1/marketing/share-of-shelf?country=ca&category=${input}s`);
    const { included, left_out, left_out_total } = body.resolved;
    assert.equal(left_out.length, left_out_total);
    const covered = (path: string) =>
      included.some((c: { category: string }) => path === c.category || path.startsWith(`${c.category} > `));
    const named = (path: string) => left_out.some((c: { category: string }) => c.category === path);
    const mentioning = [...latestCategories].filter((path) => path.toLowerCase().includes(input));
    assert.ok(mentioning.length > 3);
    for (const path of mentioning) {
      const display = path.replace(/(^|\s)(\p{Ll})/gu, (_, s: string, c: string) => s + c.toUpperCase());
      assert.ok(covered(display) || named(display), `${display} is neither covered nor left out`);
    }
    for (const c of [...included, ...left_out]) assert.ok(c.reason.length > 10);
  });
}

Deno.test("pasta covers the raw rows filed as pasta, and leaves pasta sauce out, saying why", async () => {
  const body = await get("/v1/marketing/share-of-shelf?country=ca&category=pasta");
  const asOf = "2025-12-17";
  // Current raw listings whose sub-category is pasta: valid at as_of, latest row of the listing.
  const latest = new Map<string, (typeof raw)[number]>();
  for (const r of raw) {
    const key = `${r.store}|${plain(r.item)}`;
    if (!latest.has(key) || latest.get(key)!.date <= r.date) latest.set(key, r);
  }
  const pasta = [...latest.values()].filter((r) => r.subCategory === "pasta" && r.validUntil >= asOf);
  assert.ok(pasta.length >= 20);
  assert.ok(
    body.listings >= pasta.length,
    `${body.listings} listings for ${pasta.length} raw pasta listings`,
  );
  const sauce = body.resolved.left_out.find((c: { category: string }) =>
    c.category === "Pantry > Pasta Sauce"
  );
  assert.match(sauce.reason, /modifier of "sauce"/);
});

Deno.test("an unknown brand is counted apart, never a brand; bread's unknown share is at most 40 %", async () => {
  const body = await get("/v1/marketing/share-of-shelf?country=ca&category=bread");
  assert.ok(body.shares.every((s: { brand: string | null }) => s.brand !== null));
  assert.ok(body.unknown_brand.share <= 0.4, `unknown share ${body.unknown_brand.share}`);
  // Raw bread rows whose item starts with Wonder, Country Harvest or Byblos have their brand read.
  for (const brand of ["Wonder", "Country Harvest", "Byblos"]) {
    const row = raw.find((r) => r.item.startsWith(brand) && /bread|pita|bagel/i.test(r.item))!;
    const found = await get(
      `/v1/shopper/best-price?country=ca&q=${encodeURIComponent(plain(row.item))}&limit=50`,
    );
    const served = found.results.find((r: { product: string }) => plain(r.product) === plain(row.item));
    if (served !== undefined) assert.deepEqual([served.brand, served.brand_status], [brand, "known"]);
  }
  const tracker = await get("/v1/marketing/brand-tracker?country=ca&brand=PC");
  assert.match(tracker.method.price_index, /a listing of unknown brand is never another brand/);
});

Deno.test("Safeway and Sobeys repeat one flyer: one price source, counted once", async () => {
  // Same item, same day at both: how often at the same price.
  const at = (store: string) =>
    new Map(raw.filter((r) => r.store === store).map((r) => [`${plain(r.item)}|${r.date}`, r.price]));
  const [safeway, sobeys] = [at("Safeway"), at("Sobeys")];
  const common = [...safeway.keys()].filter((key) => sobeys.has(key));
  const identical = common.filter((key) => safeway.get(key) === sobeys.get(key)).length;
  assert.ok(common.length > 500 && identical / common.length > 0.9);
  const retailers = await get("/v1/public/retailers?country=ca");
  const source = (name: string) =>
    retailers.retailers.find((r: { name: string }) => r.name === name).price_source;
  assert.deepEqual([source("Safeway"), source("Sobeys"), source("No Frills")], [
    "Safeway + Sobeys",
    "Safeway + Sobeys",
    "No Frills",
  ]);
  const meat = await get("/v1/analyst/price-dispersion?country=ca&category=meat%20%26%20seafood");
  assert.deepEqual(meat.price_sources.map((s: { name: string }) => s.name), ["Safeway + Sobeys"]);
  // A product only Safeway and Sobeys sell is one price source: never within-product dispersion.
  assert.ok(meat.within_product.sample.n <= 2 * meat.within_product.products + meat.within_product.products);
});

Deno.test("the deal flag's coverage jump is found where the raw rows jump, and promotions never cross it", async () => {
  const days = new Map<string, { known: number; deals: number }>();
  for (const r of raw) {
    if (r.deal === "" || r.store === "Sobeys & Safeway Liquor") continue;
    const day = days.get(r.date) ?? { known: 0, deals: 0 };
    day.known++;
    if (r.deal === "true") day.deals++;
    days.set(r.date, day);
  }
  const share = (d: string) => days.get(d)!.deals / days.get(d)!.known;
  const jump = [...days.keys()].sort().find((d) => days.get(d)!.known >= 20 && share(d) >= 0.5)!;
  assert.equal(jump, "2025-12-12");
  assert.ok(
    [...days.keys()].filter((d) => d < jump && days.get(d)!.known >= 20).every((d) => share(d) < 0.01),
  );
  const tracker = await get("/v1/marketing/brand-tracker?country=ca&brand=PC");
  assert.match(tracker.method.promo_coverage, new RegExp(`jumps on ${jump}`));
  assert.deepEqual([tracker.period.previous_promo_rate, tracker.period.change_promo_rate], [null, null]);
});

Deno.test("a retailer refused as not serving-eligible is in no market-wide figure", async () => {
  const liquor = "Sobeys & Safeway Liquor";
  assert.ok(raw.filter((r) => r.store === liquor).length < 200);
  const retailers = await get("/v1/public/retailers?country=ca");
  assert.equal(retailers.retailers.find((r: { name: string }) => r.name === liquor).serving_eligible, false);
  for (const path of ["marketing/competitive-landscape", "marketing/share-of-shelf"]) {
    const body = await get(`/v1/${path}?country=ca&category=beverages`);
    assert.ok(!JSON.stringify(body.retailers ?? body.by_retailer).includes(liquor), path);
  }
  const inflation = await get("/v1/analyst/inflation?country=ca&category=beverages");
  assert.ok(!inflation.by_retailer.some((r: { retailer: string }) => r.retailer === liquor));
});

Deno.test("generated data is flagged in stats and in the retailers of us", async () => {
  const us = (await Deno.readTextFile("data/catalog/us_generated_2022.csv")).split("\n");
  assert.ok(us.some((line) => line.startsWith("# generated:")));
  const stats = await get("/v1/public/stats");
  assert.equal(stats.generated.observations, us.filter((l) => l !== "" && !l.startsWith("#")).length - 1);
  assert.deepEqual(stats.generated.countries, ["us"]);
  const retailers = await get("/v1/public/retailers?country=us");
  assert.equal(retailers.generated, true);
  assert.ok(retailers.retailers.every((r: { generated: boolean }) => r.generated));
  assert.equal((await get("/v1/public/retailers?country=ca")).generated, false);
});
