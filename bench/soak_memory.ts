/**
 * The soak's memory figures: RssAnon samples (anonymous resident memory: the heap and what the process
 * allocated; the mapped shards are file pages and do not count), and the least-squares slope over the
 * samples after the warm-up, in KiB per minute: a leak shows as a steady positive slope.
 */

/** One RssAnon sample. */
export interface Sample {
  /** Seconds since the load began. */
  readonly at_s: number;
  readonly rss_anon_kib: number;
}

/** First, last and largest sample, and the slope after the warm-up. */
export interface MemorySummary {
  readonly first_kib: number;
  readonly last_kib: number;
  readonly max_kib: number;
  /** The least and largest sample from `from_s` on (after the warm-up: the garbage collector's sawtooth). */
  readonly late_min_kib: number;
  readonly late_max_kib: number;
  /** The samples the slope is fitted to: those from `from_s` on. */
  readonly from_s: number;
  readonly fitted: number;
  /** Least-squares slope over the fitted samples, KiB per minute (null with fewer than two). */
  readonly slope_kib_per_min: number | null;
}

/** The least-squares slope of `y` over `x` (null with fewer than two distinct x). */
export function leastSquaresSlope(points: readonly (readonly [number, number])[]): number | null {
  const n = points.length;
  if (n < 2) return null;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of points) {
    sxy += (x - meanX) * (y - meanY);
    sxx += (x - meanX) ** 2;
  }
  return sxx === 0 ? null : sxy / sxx;
}

/** The summary of `samples`, the slope fitted to those taken from `fromS` seconds on. */
export function summariseMemory(samples: readonly Sample[], fromS: number): MemorySummary {
  if (samples.length === 0) throw new Error("no RssAnon sample");
  const late = samples.filter((sample) => sample.at_s >= fromS);
  const perSecond = leastSquaresSlope(late.map((sample) => [sample.at_s, sample.rss_anon_kib]));
  return {
    first_kib: samples[0]!.rss_anon_kib,
    last_kib: samples.at(-1)!.rss_anon_kib,
    max_kib: Math.max(...samples.map((sample) => sample.rss_anon_kib)),
    late_min_kib: Math.min(...late.map((sample) => sample.rss_anon_kib)),
    late_max_kib: Math.max(...late.map((sample) => sample.rss_anon_kib)),
    from_s: fromS,
    fitted: late.length,
    slope_kib_per_min: perSecond === null ? null : Math.round(perSecond * 60 * 10) / 10,
  };
}
