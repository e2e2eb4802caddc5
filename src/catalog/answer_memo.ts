/**
 * Answers to repeated searches, kept per build. A best-price answer is a function of its country's build and
 * of the validated query alone, but for `meta`, which is measured at the moment of the answer; agents ask the
 * same products again and again, and a search walks every match (a broad term has thousands) to rank them.
 * So an answer's text after `meta` is kept once made and the next identical query is answered from it: the
 * search, the ranking and the fragments are skipped, and only `meta` is made anew.
 *
 * Kept per country record: a new build (a live swap) has new records, so an answer made from one build is
 * never served from another, and a build's memo goes when its records do. Bounded in answers and in
 * characters; the least recently used answer goes first. A query that matches nothing is not kept (its free
 * 404 is as cheap as the lookup).
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

/** Kept answer texts by query key, least recently used first. */
export class AnswerMemo {
  readonly #texts = new Map<string, string>();
  #chars = 0;

  constructor(readonly limits: AnswerMemoLimits = ANSWER_MEMO_LIMITS) {}

  /** The text kept for `key`, now the most recently used; undefined when none is kept. */
  get(key: string): string | undefined {
    const text = this.#texts.get(key);
    if (text !== undefined && this.#texts.size > 1) {
      this.#texts.delete(key);
      this.#texts.set(key, text);
    }
    return text;
  }

  /** Keeps `text` for `key` (flattened once), letting the least recently used go past the limits. */
  set(key: string, text: string): void {
    const before = this.#texts.get(key);
    if (before !== undefined) {
      this.#texts.delete(key);
      this.#chars -= before.length;
    }
    if (text.length > this.limits.chars || this.limits.answers < 1) return;
    this.#texts.set(key, flat(text));
    this.#chars += text.length;
    for (const [oldest, kept] of this.#texts) {
      if (this.#texts.size <= this.limits.answers && this.#chars <= this.limits.chars) break;
      this.#texts.delete(oldest);
      this.#chars -= kept.length;
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
