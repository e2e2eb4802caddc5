/**
 * The numbers every catalog analytic computes the same way, so that one figure means one thing in every
 * answer: median, quartiles by linear interpolation (Hyndman and Fan method 7, the default of R and of
 * numpy), geometric mean of ratios, and the rounding of money (2 decimals), percentages (1 decimal), rates
 * and shares (4 decimals) and indexes (2 decimals); the minimum sample of a figure.
 */
import { MIN_SAMPLE } from "../../src/format/catalog_records.ts";

/** The median of `values` (NaN for none); does not reorder its argument. */
export function median(values: readonly number[]): number {
  return quantile([...values].sort((a, b) => a - b), 0.5);
}

/** The `p` quantile (0–1) of ascending `sorted` values, R-7: linear between closest ranks; NaN for none. */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const below = sorted[lo]!, above = sorted[Math.min(lo + 1, sorted.length - 1)]!;
  return below + (h - lo) * (above - below);
}

/** exp(mean ln(x)) of positive values (NaN for none). */
export function geometricMean(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  let sum = 0;
  for (const value of values) sum += Math.log(value);
  return Math.exp(sum / values.length);
}

/** Rounds half away from zero to `decimals`, exact for decimal inputs such as 2.675 → 2.68. */
export function round(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const scaled = Number(`${Math.abs(value)}e${decimals}`);
  return Math.sign(value) * Number(`${Math.round(scaled)}e-${decimals}`);
}

/** Money: 2 decimals; null for NaN. */
export const money = (value: number): number | null => (Number.isNaN(value) ? null : round(value, 2));
/** A percentage on the 0–100 scale: 1 decimal; null for NaN. */
export const pct = (value: number): number | null => (Number.isNaN(value) ? null : round(value, 1));
/** A rate or share on the 0–1 scale: 4 decimals; null for NaN. */
export const rate = (value: number): number | null => (Number.isNaN(value) ? null : round(value, 4));
/** An index (base 100): 2 decimals; null for NaN. */
export const index = (value: number): number | null => (Number.isNaN(value) ? null : round(value, 2));
/** A unit price: 4 decimals below 1, 2 decimals from 1 up; null for NaN. */
export const unitPrice = (value: number): number | null =>
  Number.isNaN(value) ? null : round(value, Math.abs(value) < 1 ? 4 : 2);

// The build uses MIN_SAMPLE for every country (a test may compile a small fixture with a smaller minimum,
// as it does with the quality thresholds).
export { MIN_SAMPLE };

/** Why a figure over `n` `items` is null, or null when n reaches `min`. */
export function sampleReason(n: number, items: string, min = MIN_SAMPLE): string | null {
  return n >= min ? null : `${n} ${items}, below the minimum sample of ${min}`;
}

/** `value` when `n` reaches `min`, else null. */
export function sampled<T>(n: number, value: T, min = MIN_SAMPLE): T | null {
  return n >= min ? value : null;
}
