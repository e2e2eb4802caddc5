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
import { normalisePhrase } from "../format/phrase_normalise.ts";
import type { ReferenceStore } from "../store/reference_store.ts";
import { parseQuery, type Query } from "../operation/query.ts";
import { classifyQuery, fastClassify } from "./request_params.ts";
import type { GpcNodeView, LexiconRecord } from "../format/shard_records.ts";
import { jsonOf, singleKeyedBody, versionedBody } from "./versioned_body.ts";
import { browseResultText } from "../format/browse_result.ts";
import { FifoMap } from "../format/fifo_map.ts";
import { flat } from "../format/flat_text.ts";

/** Validates a classify query and rejects it when nothing in it is known; the rest runs once paid. */
export function prepareClassify(search: Query, store: ReferenceStore): PaidWork {
  const query = parseQuery(classifyQuery, search, fastClassify);
  return query.browse_id !== undefined
    ? prepareBrowseIds(query.browse_id.split(","), store)
    : preparePhrases(query.q!.split(","), store);
}

function prepareBrowseIds(ids: readonly string[], store: ReferenceStore): PaidWork {
  let first = 0;
  let firstResult: string | undefined;
  while (first < ids.length && (firstResult = store.browseResult(ids[first]!)) === undefined) first++;
  if (firstResult === undefined) {
    throw new ApiError(
      404,
      "NO_RESULTS",
      ids.length === 1
        ? `browse_id ${ids[0]} is not a node of the browse tree`
        : `none of the ${ids.length} browse_id values is a node of the browse tree`,
      { parameter: "browse_id", unknown: ids },
    );
  }
  const known = firstResult;
  return {
    operation: { operation: CLASSIFY_OPERATION, items: ids.length },
    // One id's answer is kept whole (singleKeyedBody); a batch is seldom asked twice: its work is not kept.
    reusable: ids.length === 1,
    run: () => {
      if (ids.length === 1) {
        return singleKeyedBody(store, ids[0]!, () => versionedBody([known], store.versions));
      }
      const results = new Array<string>(ids.length);
      // Ids before the first known one were looked up before the gate and are misses.
      for (let i = 0; i < first; i++) results[i] = browseResultText(ids[i]!, undefined);
      results[first] = known;
      for (let i = first + 1; i < ids.length; i++) {
        results[i] = store.browseResult(ids[i]!) ?? browseResultText(ids[i]!, undefined);
      }
      return versionedBody(results, store.versions);
    },
  };
}

const NO_NODES: readonly GpcNodeView[] = [];

/** A q result's JSON: the phrase as given (`quoted`, its JSON text), then its bricks. */
function phraseResult(quoted: string, nodes: readonly GpcNodeView[]): string {
  return `{"q":${quoted},"gpc":${jsonOf(nodes)}}`;
}

function bricksOf(record: LexiconRecord | undefined): readonly GpcNodeView[] {
  return record === undefined ? NO_NODES : record.gpc;
}

const phraseTexts = new WeakMap<ReferenceStore, FifoMap<string, string>>();
/** Result texts of known phrases kept per store, at most (the oldest goes first): about 20 MB. */
export const PHRASE_TEXTS_KEPT = 65_536;

/**
 * The result text of `q` (`quoted`: its JSON text) from `store` when its lexicon carries the phrase, else
 * undefined. Made once per store and phrase as given (its case and spaces are echoed) and kept flat, at most
 * PHRASE_TEXTS_KEPT per store; kept under the phrase's JSON text, a new string, so that no kept key holds a
 * request's query alive.
 */
function knownPhraseText(store: ReferenceStore, q: string, quoted = JSON.stringify(q)): string | undefined {
  let kept = phraseTexts.get(store);
  if (kept === undefined) phraseTexts.set(store, kept = new FifoMap(PHRASE_TEXTS_KEPT));
  let text = kept.get(quoted);
  if (text === undefined) {
    const nodes = bricksOf(store.phrase(normalisePhrase(q)));
    if (nodes.length === 0) return undefined;
    text = flat(phraseResult(quoted, nodes));
    kept.set(quoted, text);
  }
  return text;
}

function preparePhrases(phrases: readonly string[], store: ReferenceStore): PaidWork {
  let first = 0;
  let firstText: string | undefined;
  while (first < phrases.length && (firstText = knownPhraseText(store, phrases[first]!)) === undefined) {
    first++;
  }
  if (firstText === undefined) {
    throw new ApiError(
      404,
      "NO_RESULTS",
      phrases.length === 1
        ? `the lexicon does not carry the phrase ${JSON.stringify(phrases[0])}`
        : `the lexicon carries none of the ${phrases.length} phrases`,
      { parameter: "q", unknown: phrases },
    );
  }
  const known = firstText;
  return {
    operation: { operation: CLASSIFY_OPERATION, items: phrases.length },
    reusable: phrases.length === 1,
    run: () => {
      const results = new Array<string>(phrases.length);
      // Phrases before the first known one were looked up before the gate and are misses.
      for (let i = 0; i < first; i++) results[i] = phraseResult(JSON.stringify(phrases[i]!), NO_NODES);
      results[first] = known;
      for (let i = first + 1; i < phrases.length; i++) {
        // Quoted once: a phrase the lexicon lacks is answered with the same JSON text of it.
        const quoted = JSON.stringify(phrases[i]!);
        results[i] = knownPhraseText(store, phrases[i]!, quoted) ?? phraseResult(quoted, NO_NODES);
      }
      return versionedBody(results, store.versions);
    },
  };
}
