/**
 * A full-scale catalog: 1,000,000 generated observations, half per country, from 10 retailers per country
 * (20 in all) over 26 weekly rounds. Products are branded, sit in categories named after GPC family > class >
 * brick titles, and most state a pack size; each listing (a product at a retailer) is priced every week at
 * its base price × the retailer's level × a slow drift, with promotions (a lower price, is_deal, valid for
 * the week) and a few permanent price steps, and misses a week now and then. Written as two catalog
 * snapshots marked `generated`.
 */
import type { CatalogCountry } from "../catalog/catalog_snapshot_reader.ts";
import { formatSnapshot, type SnapshotRow } from "../catalog/catalog_snapshot_writer.ts";
import { form, pick, words } from "./scale_words.ts";
import { DAY_MS } from "../catalog/catalog_model.ts";

/** Observations per country. */
export const OBSERVATIONS_PER_COUNTRY = 500_000;
/** Retailers per country. */
export const RETAILERS_PER_COUNTRY = 10;
/** Weekly rounds. */
export const WEEKS = 26;
/** Products per country. */
export const PRODUCTS_PER_COUNTRY = 8_000;
/** Categories (bricks) per country. */
export const CATEGORIES_PER_COUNTRY = 300;
/** Monday of the first round. */
export const FIRST_WEEK = Date.UTC(2025, 5, 16);

const SIZES = [
  "150 g",
  "250 g",
  "400 g",
  "500 g",
  "750 g",
  "1 kg",
  "355 mL",
  "500 mL",
  "1 L",
  "2 L",
  "6 x 355 mL",
  "12 pk",
];
const CURRENCY: Record<CatalogCountry, string> = { us: "USD", ca: "CAD" };

/** A brick with its ancestry titles, to name categories after. */
export interface BrickPath {
  readonly family: string;
  readonly class: string;
  readonly brick: string;
}

/** The snapshot text of `country`, with `observations` rows. */
export function scaleSnapshot(
  random: () => number,
  country: CatalogCountry,
  bricks: readonly BrickPath[],
  observations = OBSERVATIONS_PER_COUNTRY,
): string {
  const prefix = country === "us" ? "Scale Mart" : "Scale Foods";
  const retailers = Array.from({ length: RETAILERS_PER_COUNTRY }, (_, r) => ({
    name: `${prefix} ${String(r + 1).padStart(2, "0")}`,
    level: 0.9 + random() * 0.2,
    weekday: Math.floor(random() * 7),
  }));
  const categories = Array.from({ length: CATEGORIES_PER_COUNTRY }, () => {
    const b = pick(random, bricks);
    return { path: [b.family, b.class, b.brick], base: 2 + random() * 14 };
  });
  const brands = Array.from({ length: 400 }, () => words(random, 2));
  const rows: SnapshotRow[] = [];
  let product = 0;
  while (rows.length < observations) {
    const category = categories[product % categories.length]!;
    const brand = random() < 0.9 ? pick(random, brands) : "";
    const size = random() < 0.7 ? `, ${pick(random, SIZES)}` : "";
    const name = `${brand === "" ? words(random, 1) : brand} ${words(random, 1)} ${
      form(random)
    }${size} #${product}`;
    const base = category.base * (0.5 + random());
    const carriers = retailers.filter(() => random() < 0.24);
    if (carriers.length === 0) carriers.push(pick(random, retailers));
    for (const retailer of carriers) {
      let price = base * retailer.level;
      for (let week = 0; week < WEEKS && rows.length < observations; week++) {
        if (random() < 0.01) price *= random() < 0.5 ? 0.92 : 1.1;
        if (random() < 0.04) continue;
        const deal = random() < 0.12;
        const day = FIRST_WEEK + (week * 7 + retailer.weekday) * DAY_MS;
        const drift = 1 + 0.04 * (week / WEEKS);
        rows.push({
          observation_id: `scale-${country}-${String(rows.length + 1).padStart(7, "0")}`,
          product: name,
          brand,
          retailer: retailer.name,
          country,
          category: category.path,
          price: (price * drift * (deal ? 0.75 : 1)).toFixed(2),
          currency: CURRENCY[country],
          observed_at: isoDate(day),
          unit: "",
          is_deal: deal,
          valid_until: deal ? isoDate(day + 6 * DAY_MS) : "",
        });
      }
    }
    product++;
  }
  return formatSnapshot(
    {
      country,
      currency: CURRENCY[country],
      source: `build/scale/scale_catalog.ts: ${observations} observations for benchmarks`,
      generated:
        "by build/scale/scale_catalog.ts (seeded, no clock); retailers, brands, products and prices are fictitious",
    },
    rows,
  );
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
