/** The shopper answers (best-price, deal-finder, price-drop-alert) as valibot schemas (OpenAPI and tests). */
import * as v from "npm:valibot@1.5.0";
import {
  brandName,
  brandStatus,
  categoryResolvedSchema,
  countSchema,
  metaSchema,
} from "./catalog_schemas.ts";
import { BEST_PRICE_METHOD, DEAL_FINDER_METHOD, PRICE_DROP_ALERT_METHOD } from "./shopper_methods.ts";
import { DIRECTION_CHOICES, SORT_CHOICES, WINDOW_CHOICES } from "./shopper_params.ts";

const decimals = (places: number, what: string) =>
  v.pipe(
    v.number(),
    v.check(
      (x) => Math.abs(x * 10 ** places - Math.round(x * 10 ** places)) < 1e-6,
      `${what}: ${places} decimals`,
    ),
  );
/** Money: 2 decimals. */
const money = decimals(2, "money");
/** A percentage on the 0–100 scale: 1 decimal. */
const percent = decimals(1, "percentage");
const instant = v.pipe(v.string(), v.isoTimestamp());
const productId = v.pipe(
  v.string(),
  v.regex(/^p[0-9a-f]{12}$/),
  v.description("p + 12 hex digits, per country"),
);
const unitPrice = v.pipe(
  v.nullable(v.number()),
  v.description("price per unit_basis (4 decimals below 1, 2 from 1 up); null when the pack size is unknown"),
);
const unitBasis = v.nullable(v.picklist(["kg", "L", "each"]));
const dealFlag = v.pipe(
  v.nullable(v.boolean()),
  v.description("the retailer's own deal flag; null when the source does not say"),
);
const priceBasis = v.pipe(
  v.picklist(["item", "per_measure", "unstated"]),
  v.description(
    "what the price is for: per item, per a stated unit of measure, or unstated (may be per weight)",
  ),
);
const sameDayPrices = v.pipe(
  v.nullable(v.array(money)),
  v.description(
    "the listing's prices that day when it listed several packs not told apart (price: the lowest)",
  ),
);
const validUntil = v.pipe(
  v.nullable(instant),
  v.description("end of the price's validity; null when the source states none (then valid 14 days)"),
);
const size = v.pipe(
  v.strictObject({
    text: v.nullable(v.string()),
    quantity: v.nullable(v.number()),
    basis: v.nullable(v.picklist(["kg", "L", "each"])),
    confidence: v.picklist(["exact", "range", "several", "none"]),
    source: v.nullable(v.picklist(["unit", "name", "source_name"])),
  }),
  v.description("the pack as the texts state it, what it buys and how certain that is"),
);
const productMembers = {
  product_id: productId,
  product: v.string(),
  brand: brandName,
  brand_status: brandStatus,
  size,
};

// A method object: exactly the stated texts, and the outliers left out.
function methodSchema(texts: Readonly<Record<string, string>>) {
  const entries: v.ObjectEntries = {};
  for (const [name, text] of Object.entries(texts)) entries[name] = v.literal(text);
  return v.strictObject({ ...entries, outliers_excluded: countSchema });
}

/** The 200 body of GET /v1/shopper/best-price. */
export const bestPriceResponseSchema = v.strictObject({
  meta: metaSchema,
  query: v.strictObject({
    q: v.string(),
    terms: v.array(v.string()),
    retailer: v.nullable(v.string()),
    limit: countSchema,
  }),
  results: v.array(v.strictObject({
    ...productMembers,
    category: v.pipe(v.string(), v.description("the category the best offer's retailer files it under")),
    match_rank: v.pipe(
      v.picklist([1, 2, 3, 4, 5]),
      v.description(
        "1: the terms are the kind the product's category names; 2: the last term is the name's last word; " +
          "3: every term is a word of the name; 4: the last term only begins a word of the name; 5: a term " +
          "is only in the brand",
      ),
    ),
    best: v.strictObject({
      retailer: v.string(),
      price: money,
      currency: v.picklist(["USD", "CAD"]),
      price_basis: priceBasis,
      same_day_prices: sameDayPrices,
      unit_price: unitPrice,
      unit_basis: unitBasis,
      unit_conversion: v.picklist(["exact", "derived", "unknown"]),
      observed_at: instant,
      valid_until: validUntil,
      is_deal: dealFlag,
    }),
    offers: v.pipe(
      v.array(v.strictObject({
        retailer: v.string(),
        price: money,
        price_basis: priceBasis,
        same_day_prices: sameDayPrices,
        unit_price: unitPrice,
        unit_basis: unitBasis,
        observed_at: instant,
        valid_until: validUntil,
        is_deal: dealFlag,
      })),
      v.description("one per retailer with a current price (with retailer: that one), by price"),
    ),
    expired_offers: v.pipe(
      v.array(v.strictObject({
        retailer: v.string(),
        price: money,
        observed_at: instant,
        valid_until: instant,
        expired: v.literal(true),
      })),
      v.description("offers of the last 14 days whose validity ended before meta.as_of: never current"),
    ),
    savings_vs_median: v.strictObject({
      amount: money,
      pct: percent,
      median: money,
      n: countSchema,
    }),
  })),
  total: v.pipe(countSchema, v.description("matching products with a current price")),
  method: methodSchema(BEST_PRICE_METHOD),
});

/** The 200 body of GET /v1/shopper/deal-finder. */
export const dealFinderResponseSchema = v.strictObject({
  meta: metaSchema,
  resolved: categoryResolvedSchema,
  query: v.strictObject({
    retailer: v.nullable(v.string()),
    min_discount: v.number(),
    window: v.nullable(v.picklist(WINDOW_CHOICES)),
    window_from: v.pipe(
      v.nullable(instant),
      v.description("first instant of the window; null: whole snapshot"),
    ),
    sort: v.picklist(SORT_CHOICES),
    limit: countSchema,
  }),
  results: v.array(v.strictObject({
    ...productMembers,
    category: v.string(),
    retailer: v.string(),
    price: money,
    unit_price: unitPrice,
    unit_basis: unitBasis,
    reference_price: money,
    discount_pct: percent,
    discount_abs: money,
    is_lowest_in_window: v.boolean(),
    promo: dealFlag,
    valid_until: validUntil,
    observed_at: instant,
    n_obs: countSchema,
  })),
  total: v.pipe(countSchema, v.description("deals at or above min_discount")),
  method: methodSchema(DEAL_FINDER_METHOD),
});

/** The 200 body of GET /v1/shopper/price-drop-alert. */
export const priceDropAlertResponseSchema = v.strictObject({
  meta: metaSchema,
  query: v.strictObject({
    q: v.string(),
    terms: v.array(v.string()),
    retailer: v.nullable(v.string()),
    threshold_pct: v.number(),
    target: v.nullable(v.number()),
    direction: v.picklist(DIRECTION_CHOICES),
    limit: countSchema,
  }),
  results: v.array(v.strictObject({
    ...productMembers,
    retailer: v.string(),
    price: money,
    previous_price: v.nullable(money),
    previous_observed_at: v.pipe(v.nullable(instant), v.description("when previous_price was observed")),
    change: v.nullable(money),
    change_pct: v.nullable(percent),
    changed_at: v.nullable(instant),
    observed_at: instant,
    valid_until: validUntil,
    is_deal: dealFlag,
    n_obs: countSchema,
    triggered: v.boolean(),
    trigger: v.nullable(v.picklist(["change", "target", "change_and_target"])),
  })),
  total: v.pipe(countSchema, v.description("matching listings with a current price")),
  triggered: v.pipe(countSchema, v.description("how many of them trigger")),
  method: methodSchema(PRICE_DROP_ALERT_METHOD),
});
