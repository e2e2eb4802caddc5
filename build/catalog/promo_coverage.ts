/**
 * Whether a source's deal flag means the same thing across the snapshot. A scraper that starts reading the
 * flag one day makes promotions "jump" from none to most rows: on the Calgary flyers `Is_Deal` is true on
 * 0.07 % of rows through 2025-12-11 and on 94.1 % from 2025-12-12. A trend of promotions across such a jump
 * measures the scraper, not the retailers.
 *
 * Rule: over the days with at least JUMP_MIN_DAY_FLAGS known flags (serving-eligible listings), the share of
 * rows flagged as deals before a day and from that day on is compared for every day; the day with the
 * largest difference is a coverage jump when that difference is at least JUMP_MIN_CHANGE. Promotion figures
 * then use only observations from the jump on (`promoFrom`) and are never compared across it; without a
 * jump they use the whole snapshot.
 */
import type { CountryCatalog } from "./catalog_model.ts";
import { DAY_MS } from "./catalog_model.ts";
import { rate } from "./catalog_figures.ts";
import { formatUtc } from "./catalog_observed_at.ts";

/** Known flags a day needs to take part. */
export const JUMP_MIN_DAY_FLAGS = 20;
/** Difference of the deal share before and after a day that makes it a coverage jump. */
export const JUMP_MIN_CHANGE = 0.5;

/** The deal flag's coverage over a country's snapshot. */
export interface PromoCoverage {
  /** First instant promotion figures use: the jump's day, or -Infinity without a jump. */
  readonly promoFrom: number;
  /** The jump, when there is one: its day and the deal shares before and from it. */
  readonly jump: { readonly day: string; readonly before: number; readonly after: number } | null;
}

/** The deal flag's coverage of `catalog` by the rule above. */
export function promoCoverage(catalog: CountryCatalog): PromoCoverage {
  const { obs, listings } = catalog;
  const days = new Map<number, { known: number; deals: number }>();
  for (const listing of listings) {
    if (!listing.eligible) continue;
    for (const i of listing.observations) {
      if (obs.deal[i] === -1) continue;
      const day = Math.floor(obs.time[i]! / DAY_MS);
      const tally = days.get(day) ?? { known: 0, deals: 0 };
      tally.known++;
      if (obs.deal[i] === 1) tally.deals++;
      days.set(day, tally);
    }
  }
  const kept = [...days].filter(([, t]) => t.known >= JUMP_MIN_DAY_FLAGS).sort(([a], [b]) => a - b);
  const total = kept.reduce((sum, [, t]) => ({ known: sum.known + t.known, deals: sum.deals + t.deals }), {
    known: 0,
    deals: 0,
  });
  let best: { day: number; before: number; after: number } | null = null;
  let known = 0, deals = 0;
  for (const [day, tally] of kept) {
    if (known > 0) {
      const before = deals / known, after = (total.deals - deals) / (total.known - known);
      if (best === null || Math.abs(after - before) > Math.abs(best.after - best.before)) {
        best = { day, before, after };
      }
    }
    known += tally.known;
    deals += tally.deals;
  }
  if (best === null || Math.abs(best.after - best.before) < JUMP_MIN_CHANGE) {
    return { promoFrom: -Infinity, jump: null };
  }
  return {
    promoFrom: best.day * DAY_MS,
    jump: {
      day: formatUtc(best.day * DAY_MS).slice(0, 10),
      before: rate(best.before)!,
      after: rate(best.after)!,
    },
  };
}

/** The sentence an answer's method states about the deal flag's coverage. */
export function promoCoverageText(coverage: PromoCoverage): string {
  if (coverage.jump === null) {
    return "the source's deal flag covers the whole snapshot alike (no coverage jump): promotion figures " +
      "use every observation";
  }
  const { day, before, after } = coverage.jump;
  return `the source's deal flag jumps on ${day} from ${pctText(before)} to ${
    pctText(after)
  } of observations ` +
    "(how the source records it changed, not promotions): promotion figures use only observations from " +
    `${day} on and are never compared across that day`;
}

function pctText(share: number): string {
  return `${Math.round(share * 1000) / 10} %`;
}
