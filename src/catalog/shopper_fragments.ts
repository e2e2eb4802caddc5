/**
 * Best-price results and price-drop-alert rows, concatenated from a product record's fragments (see
 * src/format/shopper_records.ts): the runtime never serialises a product, it only adds the per-request
 * members (`match_rank`, `triggered`, `trigger`).
 */
import type { ShopperProductRecord } from "../format/shopper_records.ts";

/** Which alert rule fired: the change, the target, both, or none. */
export type Trigger = "change" | "target" | "change_and_target" | null;

/**
 * The best-price result of `record` at every retailer (`retailer` null: the cheapest offer is best, every
 * offer listed) or at one retailer (its offer alone); undefined when that retailer has no current offer.
 */
export function bestPriceResult(
  record: ShopperProductRecord,
  retailer: number | null,
  rank: number,
): string | undefined {
  const best = retailer === null ? record.offers[0] : record.offers.find((o) => o.retailer === retailer);
  if (best === undefined) return undefined;
  const offers = retailer === null ? record.offers.map((o) => o.offer).join(",") : best.offer;
  const expired = (retailer === null ? record.expired : record.expired.filter((e) => e.retailer === retailer))
    .map((e) => e.json).join(",");
  return `{${record.head},"category":${best.category},"match_rank":${rank},"best":${best.best},` +
    `"offers":[${offers}],"expired_offers":[${expired}],"savings_vs_median":${best.savings}}`;
}

/** The price-drop-alert row of `record`'s listing at `retailer`, or undefined when it has no current price. */
export function alertRow(
  record: ShopperProductRecord,
  retailer: number,
  trigger: Trigger,
): { json: string; outliers: number } | undefined {
  const offer = record.offers.find((o) => o.retailer === retailer);
  if (offer === undefined) return undefined;
  return {
    json: `{${record.head},${offer.alert},"triggered":${trigger !== null},"trigger":${
      JSON.stringify(trigger)
    }}`,
    outliers: offer.alert_outliers,
  };
}
