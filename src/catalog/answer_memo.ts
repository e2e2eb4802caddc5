/**
 * Answers to repeated searches, kept per build. A best-price answer is a function of its country's build and
 * of the validated query alone, but for `meta`, which is measured at the moment of the answer; agents ask the
 * same products again and again, and a search walks every match (a broad term has thousands) to rank them.
 * So an answer's text after `meta` is kept once made and the next identical query is answered from it: the
 * search, the ranking and the fragments are skipped, and only `meta` is made anew.
 *
 * Kept per country record: a new build (a live swap) has new records, so an answer made from one build is
 * never served from another, and a build's memo goes when its records do. Bounded in answers and in
 * characters. A query that matches nothing is not kept (its free 404 is as cheap as the lookup).
 *
 * What goes first past the bounds is the oldest answer not asked since it was kept (a second chance, the
 * "clock" approximation of least recently used): an answer asked is marked, and the eviction walk moves a
 * marked one to the newest end, its mark cleared, instead of dropping it. A hit writes one mark and nothing
 * else. Moving each asked answer to the newest end at once (delete and set) made the Map build its table
 * anew every few thousand hits, and those tables lived long enough to be promoted: the old generation filled
 * at 125 bytes a request of best-price load, a mark-compact every few seconds, one source of that row's p99
 * tail (docs/performance.md, "The catalog rows' tail").
 */
import { flat } from "../format/flat_text.ts";

/** How much one build's memo keeps. */
export interface AnswerMemoLimits {
  readonly answers: number;
  /** Characters of kept text, all answers together (the texts are ASCII or Latin-1: a byte each). */
  readonly chars: number;
}

/** The default bounds: 4,096 answers, 16 MiB of text. */
export const ANSWER_MEMO_LIMITS: AnswerMemoLimits = Object.freeze({ answers: 4096, chars: 16 * 1024 * 1024 });

/** A kept answer text, and whether it was asked since it was kept or last passed over. */
interface Kept {
  readonly text: string;
  asked: boolean;
}

/** Kept answer texts by query key, oldest first. */
export class AnswerMemo {
  readonly #texts = new Map<string, Kept>();
  #chars = 0;

  constructor(readonly limits: AnswerMemoLimits = ANSWER_MEMO_LIMITS) {}

  /** The text kept for `key`, marked as asked; undefined when none is kept. */
  get(key: string): string | undefined {
    const kept = this.#texts.get(key);
    if (kept === undefined) return undefined;
    kept.asked = true;
    return kept.text;
  }

  /**
   * Keeps `text` for `key` (flattened once). Past the limits, walks from the oldest: an answer asked since
   * it was kept or last passed over goes to the newest end, unmarked; the first one not asked goes (never
   * `key`).
   */
  set(key: string, text: string): void {
    const before = this.#texts.get(key);
    if (before !== undefined) {
      this.#texts.delete(key);
      this.#chars -= before.text.length;
    }
    if (text.length > this.limits.chars || this.limits.answers < 1) return;
    this.#texts.set(key, { text: flat(text), asked: false });
    this.#chars += text.length;
    // A Map's iteration visits what is set during it: a passed-over answer comes round again, unmarked. The
    // answer just kept is never the one to go (alone it fits), or every answer asked would push it out.
    for (const [oldest, kept] of this.#texts) {
      if (this.#texts.size <= this.limits.answers && this.#chars <= this.limits.chars) break;
      if (oldest === key) continue;
      this.#texts.delete(oldest);
      if (kept.asked) {
        kept.asked = false;
        this.#texts.set(oldest, kept);
      } else {
        this.#chars -= kept.text.length;
      }
    }
  }

  /** Answers kept. */
  get size(): number {
    return this.#texts.size;
  }

  /** Characters kept, all answers together. */
  get chars(): number {
    return this.#chars;
  }
}

const memos = new WeakMap<object, AnswerMemo>();

/** The memo of the build `record` belongs to (one per record identity, made on first use). */
export function answerMemo(record: object): AnswerMemo {
  let memo = memos.get(record);
  if (memo === undefined) memos.set(record, memo = new AnswerMemo());
  return memo;
}
