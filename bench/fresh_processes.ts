/**
 * Fresh processes, each started alone once nothing else runs: start-up (spawn → first classify answered),
 * the peak of RssAnon read every ~50 ms from the spawn over the first 5 s (and until the first answer), and
 * the settled RssAnon: after random classify lookups, once that window is over.
 */
import { rssAnon, sendRequests, type ServerSpec, startServer } from "./processes.ts";
import { peakWithin, type RssSampling, sampleRssAnon } from "./rss_sampler.ts";

/** The start-up window the peak is taken over, from the spawn (longer when the first answer comes later). */
export const PEAK_WINDOW_MS = 5_000;

/** A fresh process's start-up and anonymous memory. */
export interface Footprint {
  readonly name: "ours" | "sqlite" | "maps";
  /** Spawn → first classify answered; ours: the median of one fresh start per round. */
  readonly startMs: number;
  /** The highest RssAnon read within the window, and when. */
  readonly peakRssAnonBytes: number;
  readonly peakAtMs: number;
  /** PEAK_WINDOW_MS, or spawn → first answer when that took longer. */
  readonly windowMs: number;
  /** Readings taken within the window. */
  readonly samples: number;
  /** RssAnon after the lookups, read once the window is over. */
  readonly settledRssAnonBytes: number;
}

/** The middle value (the lower of the two middle ones for an even count). */
export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

/** Each server started alone, measured (ours: its start-up timed once per round). */
export async function freshProcesses(
  alone: Partial<Record<Footprint["name"], ServerSpec>>,
  lookups: readonly string[],
  count: number,
  rounds: number,
  log: (line: string) => void,
): Promise<Footprint[]> {
  const footprints: Footprint[] = [];
  for (const [name, spec] of Object.entries(alone) as [Footprint["name"], ServerSpec][]) {
    const first = await measured(name, spec, lookups, count);
    const starts = [first.startMs];
    for (let round = 1; name === "ours" && round < rounds; round++) {
      const server = await startServer(spec);
      starts.push(server.startMs);
      await server.stop();
    }
    const footprint = { ...first, startMs: median(starts) };
    footprints.push(footprint);
    log(
      `${name} alone: start-up ${footprint.startMs.toFixed(0)} ms, RssAnon peak ${
        mb(footprint.peakRssAnonBytes)
      } MB (first ${(footprint.windowMs / 1000).toFixed(1)} s), settled ${
        mb(footprint.settledRssAnonBytes)
      } MB`,
    );
  }
  return footprints;
}

/** One fresh start: sampled from the spawn, sent `count` lookups, read again once the window is over. */
async function measured(
  name: Footprint["name"],
  spec: ServerSpec,
  lookups: readonly string[],
  count: number,
): Promise<Footprint> {
  const sampling: RssSampling[] = [];
  const server = await startServer(spec, (pid, spawnedAt) => sampling.push(sampleRssAnon(pid, spawnedAt)));
  const sampler = sampling[0]!;
  try {
    await sendRequests(server.base, lookups, count, 200);
    const windowMs = Math.max(PEAK_WINDOW_MS, server.startMs);
    await sampler.until(windowMs);
    const settledRssAnonBytes = rssAnon(server.pid);
    const samples = sampler.stop().filter((sample) => sample.ms <= windowMs);
    const peak = peakWithin(samples, windowMs);
    if (peak === undefined) throw new Error(`${name}: no RssAnon reading within ${windowMs} ms of the spawn`);
    return {
      name,
      startMs: server.startMs,
      peakRssAnonBytes: peak.bytes,
      peakAtMs: peak.ms,
      windowMs,
      samples: samples.length,
      settledRssAnonBytes,
    };
  } finally {
    sampler.stop();
    await server.stop();
  }
}
