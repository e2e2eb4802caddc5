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
import type { BrowseRecord, GpcNodeView, LexiconRecord } from "../format/shard_records.ts";
import { jsonOf, singleBody, versionedBody } from "./versioned_body.ts";
import { flat } from "../operation/flat_text.ts";

/** Validates a classify query and rejects it when nothing in it is known; the rest runs once paid. */
export function prepareClassify(search: Query, store: ReferenceStore): PaidWork {
  const query = parseQuery(classifyQuery, search, fastClassify);
  return query.browse_id !== undefined
    ? prepareBrowseIds(query.browse_id.split(","), store)
    : preparePhrases(query.q!.split(","), store);
}

function prepareBrowseIds(ids: readonly string[], store: ReferenceStore): PaidWork {
  let first = 0;
  let firstRecord: BrowseRecord | undefined;
  while (first < ids.length && (firstRecord = store.browse(ids[first]!)) === undefined) first++;
  if (firstRecord === undefined) {
    throw new ApiError(
      404,
      "NO_RESULTS",
      ids.length === 1
        ? `browse_id ${ids[0]} is not a node of the browse tree`
        : `none of the ${ids.length} browse_id values is a node of the browse tree`,
      { parameter: "browse_id", unknown: ids },
    );
  }
  const known = firstRecord;
  return {
    operation: { operation: CLASSIFY_OPERATION, items: ids.length },
    run: () => {
      if (ids.length === 1) {
        return singleBody(known, () => versionedBody([browseResult(ids[0]!, known)], store.versions));
      }
      const results = new Array<string>(ids.length);
      // Ids before the first known one were looked up before the gate and are misses.
      for (let i = 0; i < first; i++) results[i] = browseResult(ids[i]!, undefined);
      results[first] = browseResult(ids[first]!, known);
      for (let i = first + 1; i < ids.length; i++) results[i] = browseResult(ids[i]!, store.browse(ids[i]!));
      return versionedBody(results, store.versions);
    },
  };
}

const UNMAPPED_FIELDS = `"gpc":null,"match_precision":null,"match_source":null,"inherited_from":null,` +
  `"assurance_state":null,"attribute_count":0,"attribute_schema":null}`;

/** The record's fields in published order as JSON text without the opening brace. */
function fieldsOf(record: BrowseRecord): string {
  return JSON.stringify({
    gpc: record.gpc,
    match_precision: record.match_precision,
    match_source: record.match_source,
    inherited_from: record.inherited_from,
    assurance_state: record.assurance_state,
    attribute_count: record.attribute_count,
    // Dists built before schemas had states held published schemas only.
    attribute_schema: record.attribute_schema ?? (record.gpc?.level === "brick" ? "published" : null),
  }).slice(1);
}

const resultTexts = new WeakMap<BrowseRecord, { readonly id: string; readonly text: string }>();

/**
 * A browse_id result's JSON: the id, then the record's fields in published order; nulls for an unknown id.
 * Made once per record and kept, with the id it was made for (a record is its id's: the shard's key).
 */
function browseResult(browse_id: string, record: BrowseRecord | undefined): string {
  // browse_id is validated as 1 to 20 ASCII digits, so it needs no escaping.
  if (record === undefined) return `{"browse_id":"${browse_id}",${UNMAPPED_FIELDS}`;
  const kept = resultTexts.get(record);
  if (kept !== undefined && kept.id === browse_id) return kept.text;
  // Flat once: a batch's join then copies it instead of walking a rope on every answer.
  const text = flat(`{"browse_id":"${browse_id}",${fieldsOf(record)}`);
  resultTexts.set(record, { id: browse_id, text });
  return text;
}

const NO_NODES: readonly GpcNodeView[] = [];

/** A q result's JSON: the phrase as given, then its bricks. */
function phraseResult(q: string, nodes: readonly GpcNodeView[]): string {
  return `{"q":${JSON.stringify(q)},"gpc":${jsonOf(nodes)}}`;
}

function bricksOf(record: LexiconRecord | undefined): readonly GpcNodeView[] {
  return record === undefined ? NO_NODES : record.gpc;
}

function preparePhrases(phrases: readonly string[], store: ReferenceStore): PaidWork {
  let first = 0;
  let firstNodes = NO_NODES;
  while (
    first < phrases.length &&
    (firstNodes = bricksOf(store.phrase(normalisePhrase(phrases[first]!)))).length === 0
  ) {
    first++;
  }
  if (firstNodes.length === 0) {
    throw new ApiError(
      404,
      "NO_RESULTS",
      phrases.length === 1
        ? `the lexicon does not carry the phrase ${JSON.stringify(phrases[0])}`
        : `the lexicon carries none of the ${phrases.length} phrases`,
      { parameter: "q", unknown: phrases },
    );
  }
  const known = firstNodes;
  return {
    operation: { operation: CLASSIFY_OPERATION, items: phrases.length },
    run: () => {
      const results = new Array<string>(phrases.length);
      for (let i = 0; i < first; i++) results[i] = phraseResult(phrases[i]!, NO_NODES);
      results[first] = phraseResult(phrases[first]!, known);
      for (let i = first + 1; i < phrases.length; i++) {
        results[i] = phraseResult(phrases[i]!, bricksOf(store.phrase(normalisePhrase(phrases[i]!))));
      }
      return versionedBody(results, store.versions);
    },
  };
}
