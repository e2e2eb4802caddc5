/**
 * The classify results of q phrases: the phrases read in place from the parameter's text, and the result
 * texts of known phrases kept per store, found by each phrase's hash.
 *
 * A batch of 100 phrases spent half its time finding its kept texts while they were kept in a Map by the
 * phrase (docs/performance.md): a phrase cut from a request is a slice of the parameter's text, never an
 * internalized string, and the Map first looked it up in V8's table of internalized strings; each character
 * read from a slice costs more than from a flat text; and each kept entry was three objects apart in the
 * heap (entry, key, text), reads that miss the CPU caches one after another. Here each phrase's hash is read
 * from the flat parameter text, the kept text alone is kept under it (in a `FifoTable`, typed arrays where a
 * batch's lookups overlap: fifo_table.ts), and the text is its own key: it starts with the phrase's JSON
 * text, which is the phrase between quotes when the phrase is plain (no quote, backslash, control character
 * or surrogate, which JSON would escape), the only phrases kept.
 */
import type { GpcNodeView, LexiconRecord } from "../format/shard_records.ts";
import type { ReferenceStore } from "../store/reference_store.ts";
import { FifoTable } from "../format/fifo_table.ts";
import { flat } from "../format/flat_text.ts";
import { jsonOf } from "./versioned_body.ts";
import { normalisePhrase } from "../format/phrase_normalise.ts";
import { asciiBytes } from "../operation/ascii_bytes.ts";

/** A q result's JSON: the phrase as given (`quoted`, its JSON text), then its bricks. */
function phraseResult(quoted: string, nodes: readonly GpcNodeView[]): string {
  return `${RESULT_HEAD}${quoted},"gpc":${jsonOf(nodes)}}`;
}
const RESULT_HEAD = `{"q":`;
/** Where a plain phrase starts in its result text: after `{"q":"`. */
const PHRASE_AT = RESULT_HEAD.length + 1;
const QUOTE = 34, BACKSLASH = 92, COMMA = 44, SPACE = 32;
/** FNV-1a's 32-bit offset basis and prime, as `textHash` (src/format/doorkept_map.ts) uses them. */
const FNV_OFFSET = 0x811c9dc5, FNV_PRIME = 0x01000193;
/** The offset basis as the 32-bit integer the hashes are kept as (the hash's first step reads it so). */
const FNV_OFFSET_INT32 = FNV_OFFSET | 0;

const NO_NODES: readonly GpcNodeView[] = [];

function bricksOf(record: LexiconRecord | undefined): readonly GpcNodeView[] {
  return record === undefined ? NO_NODES : record.gpc;
}

/**
 * The phrases of a q parameter, read in one pass over its text (already validated: 1 to 100 phrases):
 * phrase i is `text.slice(starts[i], starts[i + 1] - 1)`, and `hashes[i]` is its FNV-1a hash (`textHash`, as
 * a 32-bit integer), or 0 when it is not plain (such a phrase is answered but never kept). A text of ASCII
 * characters is read as bytes (`asciiBytes`); the starts and hashes are kept in arrays of the text's phrase
 * count, where typed arrays of that size would be allocated outside V8's heap (100 phrases: 3–4 % more
 * requests/s and 5–7 % less CPU a request, docs/performance.md).
 */
export class ScannedPhrases {
  readonly count: number;
  readonly starts: readonly number[];
  readonly hashes: readonly number[];

  constructor(readonly text: string) {
    const length = text.length;
    let count = 1;
    for (let i = text.indexOf(","); i >= 0; i = text.indexOf(",", i + 1)) count++;
    const starts = new Array<number>(count + 1);
    const hashes = new Array<number>(count);
    starts[0] = 0;
    const bytes = asciiBytes(text);
    let n = 0, hash = FNV_OFFSET_INT32, plain = true;
    for (let i = 0; i <= length; i++) {
      const code = i === length ? COMMA : bytes !== undefined ? bytes[i]! : text.charCodeAt(i);
      if (code === COMMA) {
        hashes[n++] = plain ? (hash === 0 ? 1 : hash) : 0;
        starts[n] = i + 1;
        hash = FNV_OFFSET_INT32;
        plain = true;
        continue;
      }
      if (code < SPACE || code === QUOTE || code === BACKSLASH || (code & 0xf800) === 0xd800) plain = false;
      hash = Math.imul(hash ^ code, FNV_PRIME);
    }
    this.count = count;
    this.starts = starts;
    this.hashes = hashes;
  }

  /** Phrase i as a string of its own. */
  phrase(i: number): string {
    return this.text.slice(this.starts[i]!, this.starts[i + 1]! - 1);
  }
}

const keptTexts = new WeakMap<ReferenceStore, FifoTable<string>>();
/** Result texts of known phrases kept per store, at most (the oldest goes first): about 20 MB. */
export const PHRASE_TEXTS_KEPT = 65_536;

function keptOf(store: ReferenceStore): FifoTable<string> {
  let kept = keptTexts.get(store);
  if (kept === undefined) keptTexts.set(store, kept = new FifoTable(PHRASE_TEXTS_KEPT));
  return kept;
}

/**
 * The text kept under phrase i's hash when its phrase is as long as phrase i (the quote that ends it is where
 * phrase i's would be), else undefined: the first read of the text, the one that misses the CPU caches.
 */
function candidate(kept: FifoTable<string>, phrases: ScannedPhrases, i: number): string | undefined {
  const hash = phrases.hashes[i]!;
  if (hash === 0) return undefined;
  const text = kept.get(hash >>> 2);
  const after = PHRASE_AT + phrases.starts[i + 1]! - 1 - phrases.starts[i]!;
  return text !== undefined && text.charCodeAt(after) === QUOTE ? text : undefined;
}

/** `candidate` when its phrase is phrase i (the phrase of a kept text is plain: its first quote ends it). */
function resultOf(candidate: string | undefined, phrases: ScannedPhrases, i: number): string | undefined {
  if (candidate === undefined) return undefined;
  const start = phrases.starts[i]!, end = phrases.starts[i + 1]! - 1;
  return candidate.slice(PHRASE_AT, PHRASE_AT + end - start) === phrases.text.slice(start, end)
    ? candidate
    : undefined;
}

/**
 * The result text of phrase i from `store` when its lexicon carries the phrase, else undefined. Made once per
 * store and phrase as given (its case and spaces are echoed) and kept flat, at most PHRASE_TEXTS_KEPT per
 * store, under the phrase's hash (two phrases of one hash take turns).
 */
export function knownPhraseText(
  store: ReferenceStore,
  phrases: ScannedPhrases,
  i: number,
): string | undefined {
  return knownText(store, phrases, i, candidate(keptOf(store), phrases, i));
}

/** `knownPhraseText`, given phrase i's `candidate`. */
function knownText(
  store: ReferenceStore,
  phrases: ScannedPhrases,
  i: number,
  kept: string | undefined,
): string | undefined {
  const found = resultOf(kept, phrases, i);
  if (found !== undefined) return found;
  const phrase = phrases.phrase(i);
  const nodes = bricksOf(store.phrase(normalisePhrase(phrase)));
  if (nodes.length === 0) return undefined;
  const text = flat(phraseResult(JSON.stringify(phrase), nodes));
  const hash = phrases.hashes[i]!;
  if (hash !== 0) keptOf(store).set(hash >>> 2, text);
  return text;
}

/**
 * The results of phrases `from` to the last, into `results`. The kept texts are looked up in a loop of their
 * own before any is read, so that their reads, which miss the CPU caches, are waited for together.
 */
export function phraseResults(
  store: ReferenceStore,
  phrases: ScannedPhrases,
  from: number,
  results: string[],
): void {
  const kept = keptOf(store);
  const found = new Array<string | undefined>(phrases.count);
  for (let i = from; i < phrases.count; i++) found[i] = candidate(kept, phrases, i);
  for (let i = from; i < phrases.count; i++) {
    results[i] = knownText(store, phrases, i, found[i]) ?? unknownPhraseResult(phrases.phrase(i));
  }
}

/** The result of a phrase the lexicon lacks. */
export function unknownPhraseResult(phrase: string): string {
  return phraseResult(JSON.stringify(phrase), NO_NODES);
}
