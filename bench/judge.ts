/**
 * A scenario's figures judged: ours against the plain replay, the reading replay, the hello (requests/s
 * ratios) and the reading replay's p99 (latency ratio), and whether its targets are met on this data set.
 *
 * A ratio is taken in each round, between servers measured seconds apart, and the median of those is judged.
 * On this shared machine the same server measured 15,100 to 25,800 requests/s within an hour: a ratio of two
 * medians, each over rounds minutes apart, moves with that drift, and a ratio within one round does not.
 */
import { median } from "./fresh_processes.ts";
import { type Limit, P99_LIMIT, type Scale, type Target } from "./scenarios.ts";

/** A server's figures in a scenario: of one round, or each the median over rounds. */
export interface Figures {
  readonly rps: number;
  /** The latency distribution, in milliseconds: median, 90th and 99th percentile. */
  readonly p50Ms: number;
  readonly p90Ms: number;
  readonly p99Ms: number;
}

/** Who answers in a scenario. */
export type Column = "ours" | Limit | "hello" | "sqlite" | "maps";

/** Our figures divided by another server's. */
export interface Ratios {
  /** Requests/s: ours ÷ the plain replay's. */
  readonly plain?: number;
  /** Requests/s: ours ÷ the reading replay's. */
  readonly reading?: number;
  /** p50: ours ÷ the reading replay's (lower is better; shown beside the p99 ratio, not judged). */
  readonly p50?: number;
  /** p99: ours ÷ the reading replay's (lower is better). */
  readonly p99?: number;
  /** Requests/s: ours ÷ the hello's. */
  readonly hello?: number;
}

/** A scenario's targets on one data set, and whether they are met. */
export interface Verdict {
  /** The least requests/s ratio to `against`, when the scenario has one. */
  readonly throughput?: { readonly against: Limit; readonly least: number; readonly met: boolean };
  /** Our p99 at most `most` × the reading replay's. */
  readonly p99?: { readonly most: number; readonly met: boolean };
}

const divided = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined || b === 0 ? undefined : a / b;

/** Our figures against the others'; `hello` stands in when the scenario measured none (--short). */
export function ratiosOf(figures: Partial<Record<Column, Figures>>, hello?: Figures): Ratios {
  const ours = figures.ours;
  const entries: [keyof Ratios, number | undefined][] = [
    ["plain", divided(ours?.rps, figures.plain?.rps)],
    ["reading", divided(ours?.rps, figures.reading?.rps)],
    ["p50", divided(ours?.p50Ms, figures.reading?.p50Ms)],
    ["p99", divided(ours?.p99Ms, figures.reading?.p99Ms)],
    ["hello", divided(ours?.rps, (figures.hello ?? hello)?.rps)],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
}

/** Each server's figures in each round, in the order the rounds ran. */
export type Rounds = Partial<Record<Column, readonly Figures[]>>;

/**
 * The median over rounds of our figures ÷ another server's in the same round; the hello's ratio is of the
 * medians (`figures`, `hello`), since --short measures it in one scenario only.
 */
export function pairedRatiosOf(
  rounds: Rounds,
  figures: Partial<Record<Column, Figures>>,
  hello?: Figures,
): Ratios {
  const ours = rounds.ours ?? [];
  const paired = (other: Column, of: (f: Figures) => number) => {
    const theirs = rounds[other] ?? [];
    const each = ours.flatMap((f, i) => {
      const ratio = divided(of(f), theirs[i] === undefined ? undefined : of(theirs[i]!));
      return ratio === undefined ? [] : [ratio];
    });
    return each.length === 0 ? undefined : median(each);
  };
  const entries: [keyof Ratios, number | undefined][] = [
    ["plain", paired("plain", (f) => f.rps)],
    ["reading", paired("reading", (f) => f.rps)],
    ["p50", paired("reading", (f) => f.p50Ms)],
    ["p99", paired("reading", (f) => f.p99Ms)],
    ["hello", ratiosOf(figures, hello).hello],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
}

/** Our requests/s ÷ the reading replay's in each round, in the order the rounds ran. */
export function roundRatios(rounds: Rounds): number[] {
  const reading = rounds.reading ?? [];
  return (rounds.ours ?? []).flatMap((f, i) => {
    const ratio = divided(f.rps, reading[i]?.rps);
    return ratio === undefined ? [] : [ratio];
  });
}

/** The scenario's targets on the `scale` data set, judged by `ratios`. */
export function verdictOf(target: Target | undefined, scale: Scale, ratios: Ratios): Verdict {
  const judged = target === undefined ? undefined : ratios[target.against];
  return {
    ...(target === undefined || judged === undefined ? {} : {
      throughput: { against: target.against, least: target[scale], met: judged >= target[scale] },
    }),
    ...(ratios.p99 === undefined ? {} : { p99: { most: P99_LIMIT, met: ratios.p99 <= P99_LIMIT } }),
  };
}

/** At full scale, our RssAnon at most this many MB (1e6 bytes): the peak of the start-up window, settled. */
export const MEMORY_LIMIT_MB = { peak: 200, settled: 150 } as const;
