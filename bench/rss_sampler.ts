/**
 * A process's anonymous memory over its start-up: RssAnon read from /proc every ~50 ms from the spawn, so
 * that the peak of loading (indexes built, modules compiled, the first answers) is seen, not only the value
 * once it settled.
 */
import { rssAnon } from "./processes.ts";

/** One reading: milliseconds since the spawn and RssAnon in bytes. */
export interface RssSample {
  readonly ms: number;
  readonly bytes: number;
}

/** Samples being taken. */
export interface RssSampling {
  /** Resolves once `ms` milliseconds have passed since the spawn. */
  until(ms: number): Promise<void>;
  /** Stops sampling; the readings so far, in time order. */
  stop(): RssSample[];
}

/** Reads RssAnon of `pid` now and every `intervalMs` (timed from `spawnedAt`, a `performance.now()`). */
export function sampleRssAnon(pid: number, spawnedAt: number, intervalMs = 50): RssSampling {
  const samples: RssSample[] = [];
  const read = () => {
    try {
      samples.push({ ms: performance.now() - spawnedAt, bytes: rssAnon(pid) });
    } catch {
      // The process is gone (it failed to start, or stopped): the readings end there.
      clearInterval(timer);
    }
  };
  const timer = setInterval(read, intervalMs);
  read();
  return {
    until: (ms) =>
      new Promise((resolve) => setTimeout(resolve, Math.max(0, spawnedAt + ms - performance.now()))),
    stop: () => {
      clearInterval(timer);
      return samples;
    },
  };
}

/** The highest reading within the first `windowMs` (undefined when there is none). */
export function peakWithin(samples: readonly RssSample[], windowMs: number): RssSample | undefined {
  let peak: RssSample | undefined;
  for (const sample of samples) {
    if (sample.ms <= windowMs && (peak === undefined || sample.bytes > peak.bytes)) peak = sample;
  }
  return peak;
}
