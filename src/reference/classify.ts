/**
 * GET /v1/reference/classify: browse node ids or product-type phrases to GPC nodes.
 *
 * Before the payment gate the request is validated and scanned up to its first known id (or first phrase
 * the lexicon carries): a request in which nothing is known answers 404 NO_RESULTS, free. The work after
 * admission continues the scan from there, so no record is decoded twice. One result per input, in order;
 * duplicates are answered in each of their slots.
 */
import { ApiError } from "../operation/api_error.ts";
import type { PaidWork } from "../operation/paid_work.ts";
import { CLASSIFY_OPERATION } from "../operation/operations.ts";
import type { ReferenceStore } from "../store/reference_store.ts";
import { parseQuery, type Query, soleParameter } from "../operation/query.ts";
import { asciiBytes } from "../operation/ascii_bytes.ts";
import { classifyQuery, fastClassify, MAX_ITEMS } from "./request_params.ts";
import { singleKeyedBody, versionedBody } from "./versioned_body.ts";
import { browseResultText } from "../format/browse_result.ts";
import { knownPhraseText, phraseResults, ScannedPhrases, unknownPhraseResult } from "./phrase_results.ts";

/** Validates a classify query and rejects it when nothing in it is known; the rest runs once paid. */
export function prepareClassify(search: Query, store: ReferenceStore): PaidWork {
  const text = soleParameter(search, "browse_id");
  const scanned = text === undefined ? undefined : scannedIds(text);
  if (scanned !== undefined) return prepareBrowseIds(scanned, store);
  const query = parseQuery(classifyQuery, search, fastClassify);
  return query.browse_id !== undefined
    ? prepareBrowseIds(new ListedIds(query.browse_id.split(",")), store)
    : preparePhrases(new ScannedPhrases(query.q!), store);
}

/** A request's browse ids, in order: how many, each one's text and each one's classify result. */
interface BrowseIds {
  readonly count: number;
  id(i: number): string;
  result(i: number, store: ReferenceStore): string | undefined;
}

/** Ids split out of their parameter's text. */
class ListedIds implements BrowseIds {
  constructor(readonly list: readonly string[]) {}
  get count(): number {
    return this.list.length;
  }
  id(i: number): string {
    return this.list[i]!;
  }
  result(i: number, store: ReferenceStore): string | undefined {
    return store.browseResult(this.list[i]!);
  }
}

/**
 * Ids read in place from their parameter's text (`scannedIds`): id i is `text.slice(starts[i], starts[i + 1]
 * - 1)` and its number `values[i]`, so a result made before is found without cutting the id out.
 */
class ScannedIds implements BrowseIds {
  constructor(
    readonly text: string,
    readonly count: number,
    readonly starts: readonly number[],
    readonly values: readonly number[],
  ) {}
  id(i: number): string {
    return this.text.slice(this.starts[i]!, this.starts[i + 1]! - 1);
  }
  result(i: number, store: ReferenceStore): string | undefined {
    return store.browseResultAt(this.text, this.starts[i]!, this.starts[i + 1]! - 1, this.values[i]!);
  }
}

/** The most digits of an id read as a number: every number of up to 15 digits is exact as a double. */
const MAX_SCANNED_DIGITS = 15;
/** The most ids of a batch, each of the most digits, and the commas between them. */
const MAX_SCANNED_CHARS = MAX_ITEMS * (MAX_SCANNED_DIGITS + 1) - 1;
const COMMA = 44, ZERO = 48;

/** Where each id of a batch starts, and each one's number, as `scannedIds` reads them (then copied out). */
const scanStarts = new Int32Array(MAX_ITEMS + 1);
const scanValues = new Float64Array(MAX_ITEMS);

/**
 * A batch's browse ids read in one pass over the parameter's text, which this pass also validates: 2 to 100
 * comma-separated ids of 1 to 15 decimal digits without a leading zero (BROWSE_ID_PATTERN takes them all, and
 * numbers of up to 15 digits are exact). Anything else, valid or not, is undefined and goes the general way:
 * the schema and its messages, the text split into strings. Reading the ids this way in place of the
 * pattern, the split and a probe of the mapped index per id, a batch of 100 ids of the embedded release is
 * prepared and run in 13–15 µs instead of 20–22 µs (in process), and answered at 1.08 times the
 * requests/s (1.09 at full scale; docs/performance.md). The text is read as bytes (`asciiBytes`: a character
 * that is not ASCII is no digit), and the starts and numbers kept in arrays of the batch's size: typed arrays
 * of that size are allocated outside V8's heap, which cost 2.0–2.6 µs a request. Against reading characters
 * into two new typed arrays: 1.09 times the requests/s embedded and 1.15 at full scale, 14–16 % less CPU.
 */
export function scannedIds(text: string): ScannedIds | undefined {
  const length = text.length;
  if (length > MAX_SCANNED_CHARS || text.indexOf(",") < 0) return undefined;
  const bytes = asciiBytes(text);
  if (bytes === undefined) return undefined;
  let count = 0, start = 0, value = 0;
  for (let i = 0; i <= length; i++) {
    const code = i < length ? bytes[i]! : COMMA;
    if (code === COMMA) {
      const digits = i - start;
      if (digits === 0 || digits > MAX_SCANNED_DIGITS || count === MAX_ITEMS) return undefined;
      if (digits > 1 && bytes[start] === ZERO) return undefined;
      scanStarts[count] = start;
      scanValues[count++] = value;
      start = i + 1;
      value = 0;
    } else {
      const digit = code - ZERO;
      if (digit < 0 || digit > 9) return undefined;
      value = value * 10 + digit;
    }
  }
  if (count < 2) return undefined;
  const starts = new Array<number>(count + 1);
  const values = new Array<number>(count);
  for (let i = 0; i < count; i++) {
    starts[i] = scanStarts[i]!;
    values[i] = scanValues[i]!;
  }
  starts[count] = length + 1;
  return new ScannedIds(text, count, starts, values);
}

function prepareBrowseIds(ids: BrowseIds, store: ReferenceStore): PaidWork {
  const count = ids.count;
  let first = 0;
  let firstResult: string | undefined;
  while (first < count && (firstResult = ids.result(first, store)) === undefined) first++;
  if (firstResult === undefined) {
    const unknown = Array.from({ length: count }, (_, i) => ids.id(i));
    throw new ApiError(
      404,
      "NO_RESULTS",
      count === 1
        ? `browse_id ${unknown[0]} is not a node of the browse tree`
        : `none of the ${count} browse_id values is a node of the browse tree`,
      { parameter: "browse_id", unknown },
    );
  }
  const known = firstResult;
  return {
    operation: { operation: CLASSIFY_OPERATION, items: count },
    // One id's answer is kept whole (singleKeyedBody); a batch is seldom asked twice: its work is not kept.
    reusable: count === 1,
    run: () => {
      if (count === 1) {
        return singleKeyedBody(store, ids.id(0), () => versionedBody([known], store.versions));
      }
      const results = new Array<string>(count);
      // Ids before the first known one were looked up before the gate and are misses.
      for (let i = 0; i < first; i++) results[i] = browseResultText(ids.id(i), undefined);
      results[first] = known;
      for (let i = first + 1; i < count; i++) {
        results[i] = ids.result(i, store) ?? browseResultText(ids.id(i), undefined);
      }
      return versionedBody(results, store.versions);
    },
  };
}

function preparePhrases(phrases: ScannedPhrases, store: ReferenceStore): PaidWork {
  const count = phrases.count;
  let first = 0;
  let firstText: string | undefined;
  while (first < count && (firstText = knownPhraseText(store, phrases, first)) === undefined) first++;
  if (firstText === undefined) {
    const unknown = Array.from({ length: count }, (_, i) => phrases.phrase(i));
    throw new ApiError(
      404,
      "NO_RESULTS",
      count === 1
        ? `the lexicon does not carry the phrase ${JSON.stringify(unknown[0])}`
        : `the lexicon carries none of the ${count} phrases`,
      { parameter: "q", unknown },
    );
  }
  const known = firstText;
  return {
    operation: { operation: CLASSIFY_OPERATION, items: count },
    reusable: count === 1,
    run: () => {
      const results = new Array<string>(count);
      // Phrases before the first known one were looked up before the gate and are misses.
      for (let i = 0; i < first; i++) results[i] = unknownPhraseResult(phrases.phrase(i));
      results[first] = known;
      phraseResults(store, phrases, first + 1, results);
      return versionedBody(results, store.versions);
    },
  };
}
