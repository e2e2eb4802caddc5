import assert from "node:assert/strict";
import type { CategoryResolution } from "../../../src/format/catalog_records.ts";
import { compileFixture } from "../../support/catalog_fixture.ts";
import { foldedCategoryKey } from "../../../src/format/category_words.ts";

// Bakery > Bread is linked to the brick Bread (Perishable); "white bread" is a lexicon phrase for it.
const compiled = await compileFixture(undefined, {
  links: { ca: [{ category: "Bakery > Bread", gpc_code: "10000164" }] },
  lexicon: { "white bread": ["10000164"], "frozen dough": ["10000155"] },
});
const lookup = compiled.shards.get("catalog_lookup")!;
const resolution = (input: string) => lookup.get(`ca:category:${input}`) as CategoryResolution | undefined;
const summary = (input: string) => {
  const r = resolution(input);
  return r === undefined ? undefined : {
    matched_by: r.matched_by,
    gpc: r.gpc?.code ?? null,
    codes: r.gpc_codes,
    categories: r.catalog_categories,
    products: r.products,
  };
};

Deno.test("a brick code resolves to the categories linked to it", () => {
  assert.deepEqual(summary("10000164"), {
    matched_by: "gpc_code",
    gpc: "10000164",
    codes: ["10000164"],
    categories: ["Bakery > Bread"],
    products: 3,
  });
});

Deno.test("a class code covers the categories linked to any brick under it", () => {
  assert.deepEqual(summary("50181900")?.categories, ["Bakery > Bread"]);
  assert.equal(summary("50181900")?.matched_by, "gpc_code");
});

Deno.test("a lexicon phrase resolves through its bricks' links before any catalog name", () => {
  assert.deepEqual(summary("white bread"), {
    matched_by: "lexicon",
    gpc: "10000164",
    codes: ["10000164"],
    categories: ["Bakery > Bread"],
    products: 3,
  });
});

Deno.test("a GPC title resolves like its code", () => {
  assert.equal(summary("bread (perishable)")?.matched_by, "gpc_title");
  assert.deepEqual(summary("bread (perishable)")?.categories, ["Bakery > Bread"]);
});

Deno.test("a phrase whose bricks reach no category is not a key (the runtime explains the miss)", () => {
  assert.equal(resolution("frozen dough"), undefined);
  assert.equal(resolution("10000155"), undefined);
});

Deno.test("a catalog category resolves by full path or by the name of its own level", () => {
  assert.deepEqual(summary("bakery"), {
    matched_by: "catalog_category",
    gpc: null,
    codes: [],
    categories: ["Bakery"],
    products: 5,
  });
  assert.deepEqual(summary("bakery > cookies")?.categories, ["Bakery > Cookies"]);
  assert.deepEqual(summary("wine")?.categories, ["Liquor > Wine"]);
});

Deno.test("a linked category asked by its full path answers the GPC node it is linked to", () => {
  assert.deepEqual(summary("bakery > bread"), {
    matched_by: "catalog_category",
    gpc: "10000164",
    codes: ["10000164"],
    categories: ["Bakery > Bread"],
    products: 3,
  });
  const included = JSON.parse(`{${resolution("bakery > bread")!.resolved_json}}`).included;
  assert.deepEqual(included, [
    {
      category: "Bakery > Bread",
      reason: 'its path is "Bakery > Bread", linked to GPC 10000164 Bread (Perishable)',
    },
  ]);
});

Deno.test("inputs reaching the same categories share one target", () => {
  assert.equal(resolution("bread")!.target, resolution("white bread")!.target);
  assert.equal(resolution("bakery > bread")!.target, resolution("10000164")!.target);
  assert.notEqual(resolution("bakery")!.target, resolution("bread")!.target);
});

Deno.test("products are counted per retailer for the retailer filter; a retailer not serving-eligible has none", () => {
  // Bakery: Alpha has Sunny White, Rye, Crunch Cookies; Beta Sunny White, Sunny Whole Wheat, Choco Chips;
  // Delta's Sunny White does not count: Delta is stale, not serving-eligible, so it is left out of every
  // market-wide figure. Retailers are numbered in order of first observation.
  const bakery = resolution("bakery")!;
  assert.deepEqual(bakery.products_by_retailer.slice().sort(), [0, 0, 3, 3]);
});

Deno.test("a resolution says what each covered category was included for", () => {
  const included = (input: string) => JSON.parse(`{${resolution(input)!.resolved_json}}`).included;
  assert.deepEqual(included("white bread"), [
    { category: "Bakery > Bread", reason: "linked to GPC 10000164 Bread (Perishable)" },
  ]);
  // The runtime tries a category input by its folded words last: "cookie" and "cookies" both give "cooki".
  assert.deepEqual(included(foldedCategoryKey("cookie")), [
    { category: "Bakery > Cookies", reason: 'its level "Cookies" is the input' },
  ]);
  assert.deepEqual(included("bakery > cookies"), [
    { category: "Bakery > Cookies", reason: 'its path is "Bakery > Cookies"' },
  ]);
});

Deno.test("a lexicon phrase naming every brick of a class reaches the categories linked to the class", async () => {
  // The Bread class 50181900 holds exactly the three Bread bricks; Bakery > Bread is linked to the class.
  const byClass = await compileFixture(undefined, {
    links: { ca: [{ category: "Bakery > Bread", gpc_code: "50181900" }] },
    lexicon: { "bread": ["10000163", "10000164", "10000165"], "fresh bread": ["10000164"] },
  });
  const at = (input: string) =>
    byClass.shards.get("catalog_lookup")!.get(`ca:category:${input}`) as CategoryResolution | undefined;
  assert.equal(at("bread")!.matched_by, "lexicon");
  assert.deepEqual(at("bread")!.catalog_categories, ["Bakery > Bread"]);
  // One brick of three is not the class: the category may hold frozen or shelf-stable bread too, so the
  // phrase reaches no category (and names no catalog level either).
  assert.equal(at("fresh bread"), undefined);
});
