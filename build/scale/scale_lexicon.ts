/**
 * A full-scale phrase lexicon: 50,000 distinct phrases, every brick's own title (those without a comma,
 * which a comma-separated `q` could never send) and generated product-type phrases, each mapped to one
 * brick or, for one phrase in seven, to two bricks of one class. Written in the lexicon format the build
 * reads.
 */
import { normalisePhrase } from "../../src/format/phrase_normalise.ts";
import { form, pick, words } from "./scale_words.ts";

/** Phrases of the scale lexicon. */
export const LEXICON_PHRASES = 50_000;

/** A brick and its class, to map phrases onto. */
export interface BrickRef {
  readonly code: string;
  readonly title: string;
  readonly classCode: string;
}

/** The lexicon's CSV text over `bricks`. */
export function scaleLexicon(random: () => number, bricks: readonly BrickRef[]): string {
  const byClass = new Map<string, BrickRef[]>();
  for (const brick of bricks) byClass.set(brick.classCode, [...byClass.get(brick.classCode) ?? [], brick]);
  const seen = new Set<string>();
  const lines = ["# lexicon_version: scale.1", "# gpc_release: v20251127", "phrase,gpc_codes,note"];
  const add = (phrase: string, codes: readonly string[]) => {
    const key = normalisePhrase(phrase);
    if (key === "" || seen.has(key) || /[,"]/.test(phrase)) return;
    seen.add(key);
    lines.push(`${phrase},${codes.join(";")},generated scale phrase`);
  };
  for (const brick of bricks) add(brick.title.toLowerCase(), [brick.code]);
  while (seen.size < LEXICON_PHRASES) {
    const brick = pick(random, bricks);
    const siblings = byClass.get(brick.classCode)!;
    const other = pick(random, siblings);
    const codes = random() < 1 / 7 && other.code !== brick.code
      ? [brick.code, other.code].sort()
      : [brick.code];
    add(`${words(random, 2)} ${form(random)}`.toLowerCase(), codes);
  }
  return `${lines.join("\n")}\n`;
}
