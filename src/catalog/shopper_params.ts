/**
 * The query parameters of the shopper operations (best-price, deal-finder, price-drop-alert), as valibot
 * schemas: the one definition that validates every request before any payment challenge and that the
 * OpenAPI document publishes.
 */
import * as v from "npm:valibot@1.5.0";
import { searchTokens } from "../format/search_tokens.ts";
import {
  catalogQuery,
  categoryParam,
  choiceParam,
  decimalParam,
  integerParam,
  MAX_VALUE_CHARS,
  searchParam,
} from "./catalog_params.ts";

/** Most terms a `q` may hold. */
export const MAX_TERMS = 10;

/** Says what is wrong with the terms of a non-blank `q`, or undefined when it has 1 to MAX_TERMS. */
function termsProblem(q: string): string | undefined {
  // Blank or too long: textParam says so, once.
  if (!/\S/u.test(q) || [...q].length > MAX_VALUE_CHARS) return undefined;
  const terms = searchTokens(q).length;
  if (terms === 0) return `q ${JSON.stringify(q)} holds no letter or digit to search for`;
  return terms > MAX_TERMS ? `q has ${terms} terms; at most ${MAX_TERMS} are allowed` : undefined;
}

/** q: 1 to 10 terms (words of letters and digits; the last one matches as a prefix). */
export const termsParam = v.pipe(
  searchParam,
  v.description(
    "Product search: 1 to 10 terms, cut like names (case, accents, ®/™ ignored; split on anything not a " +
      "letter or digit). Every term must match a word of the product's name or brand, the last one as a " +
      "prefix.",
  ),
  v.check((q) => termsProblem(q) === undefined, (issue) => termsProblem(String(issue.input))!),
);

/** target: a price greater than 0 (and at most 1,000,000,000). */
export const targetParam = decimalParam(
  "target",
  { exclusiveMinimum: 0, maximum: 1_000_000_000 },
  "greater than 0 and at most 1000000000",
  "Trigger also when the current price is at or below this price (> 0, same currency).",
);

/** The best-price query. */
export const bestPriceQuery = catalogQuery({
  q: termsParam,
  limit: integerParam("limit", 1, 50, "Most results to answer, 1 to 50 (default 10)."),
});

/** The deal-finder windows a request may name (absent: the whole snapshot). */
export const WINDOW_CHOICES = ["7d", "31d", "90d"] as const;
/** The deal-finder sort orders. */
export const SORT_CHOICES = ["pct", "abs", "recency"] as const;

/** The deal-finder query. */
export const dealFinderQuery = catalogQuery({
  category: categoryParam,
  min_discount: decimalParam(
    "min_discount",
    { minimum: 0, maximum: 90 },
    "between 0 and 90",
    "Least discount_pct a deal must have, 0 to 90 (default 10); every deal has a discount above 0.",
  ),
  window: choiceParam(
    "window",
    WINDOW_CHOICES,
    "Observations the reference price is taken over: the last 7, 31 or 90 days up to the country's latest " +
      "observation (absent: the whole snapshot).",
  ),
  sort: choiceParam(
    "sort",
    SORT_CHOICES,
    "pct: discount_pct descending (default); abs: discount_abs descending; recency: newest current price first.",
  ),
  limit: integerParam("limit", 1, 100, "Most results to answer, 1 to 100 (default 20)."),
});

/** The price-drop-alert directions. */
export const DIRECTION_CHOICES = ["down", "up", "any"] as const;

/** The price-drop-alert query. */
export const priceDropAlertQuery = catalogQuery({
  q: termsParam,
  threshold_pct: decimalParam(
    "threshold_pct",
    { minimum: 0, maximum: 100 },
    "between 0 and 100",
    "Trigger when the change from the previous different price is at least this many percent in the asked " +
      "direction, 0 to 100 (default 5).",
  ),
  target: targetParam,
  direction: choiceParam(
    "direction",
    DIRECTION_CHOICES,
    "down (default): price drops; up: rises; any: either.",
  ),
  limit: integerParam("limit", 1, 100, "Most results to answer, 1 to 100 (default 20)."),
});
