/**
 * The runtime of an operation whose answer is precomputed per category target (competitive landscape,
 * share of shelf, inflation, price dispersion) or per brand (brand tracker): validate, settle country and
 * retailer, resolve the input (all free on failure), then, once paid, concatenate the meta block, the
 * resolved block and the precomputed fragment (the retailer's own when a retailer is given).
 */
import type { PaidWork } from "../operation/paid_work.ts";
import { flat } from "../format/flat_text.ts";
import { parseQuery, type Query } from "../operation/query.ts";
import type { CatalogOperation } from "../operation/operations.ts";
import type { ReferenceStore } from "../store/reference_store.ts";
import { type AnswerRecord, SHARED_TEXT_KEY, withSharedText } from "../format/catalog_records.ts";
import type { ShardName } from "../format/manifest.ts";
import { nameKey } from "../format/name_key.ts";
import { catalogContext, resolveBrand, resolveCategory } from "./catalog_context.ts";
import { metaJson } from "./catalog_meta.ts";
import { brandParam, catalogQuery, categoryParam } from "./catalog_params.ts";

/** Prepares one request of a catalog operation: the free checks now, the work once paid. */
export type CatalogPrepare = (search: Query, store: ReferenceStore, now: () => number) => PaidWork;

/** The query of a category operation: country, retailer, category. */
export const categoryQuery = catalogQuery({ category: categoryParam });
/** The query of a brand operation: country, retailer, brand. */
export const brandQuery = catalogQuery({ brand: brandParam });

/** An operation answered from `shard`, keyed by the category's target. */
export function categoryAnswer(operation: CatalogOperation, shard: ShardName): CatalogPrepare {
  return (search, store, now) => {
    const query = parseQuery(categoryQuery, search);
    const context = catalogContext(query, store);
    const category = resolveCategory(context, query.category, store);
    const key = `${context.country}:${category.resolution.target}`;
    return answerWork(
      operation,
      shard,
      key,
      store,
      now,
      context.record,
      category.json,
      context.retailer?.index,
    );
  };
}

/** An operation answered from `shard`, keyed by the brand. */
export function brandAnswer(operation: CatalogOperation, shard: ShardName): CatalogPrepare {
  return (search, store, now) => {
    const query = parseQuery(brandQuery, search);
    const context = catalogContext(query, store);
    const brand = resolveBrand(context, query.brand, store);
    const key = `${context.country}:${nameKey(brand.brand)}`;
    return answerWork(operation, shard, key, store, now, context.record, brand.json, context.retailer?.index);
  };
}

function answerWork(
  operation: CatalogOperation,
  shard: ShardName,
  key: string,
  store: ReferenceStore,
  now: () => number,
  record: Parameters<typeof metaJson>[0],
  resolved: string,
  retailer: number | undefined,
): PaidWork {
  // Everything after `meta`, made on the first run and kept with the work (a kept work answers its target
  // again: work_memo.ts); only `meta` is made for each answer. Not flattened: a few pieces around the
  // fragment, which many targets share, so that a kept work holds no copy of it.
  let rest: string | undefined;
  return {
    operation: { operation, items: 1 },
    reusable: true,
    run: () => {
      if (rest === undefined) {
        const answer = store.catalog<AnswerRecord>(shard, key);
        const fragment = retailer === undefined ? answer?.json : answer?.by_retailer[retailer];
        // The lookup shard said the input resolves; a missing answer is a broken dist, not a miss.
        if (fragment === undefined || fragment === null) {
          throw new Error(`${shard} holds no answer for ${key}`);
        }
        const text = expanded(
          answer!,
          retailer,
          fragment,
          () => store.catalog<readonly string[]>(shard, `${record.country}:${SHARED_TEXT_KEY}`),
        );
        rest = `,"resolved":${resolved},${text}}`;
      }
      return `{"meta":${metaJson(record, now())}${rest}`;
    },
  };
}

/** Each answer record's fragments with their shared texts in place: the whole one first, then per retailer. */
const expandedTexts = new WeakMap<AnswerRecord, (string | undefined)[]>();

/**
 * `fragment` (the whole answer's or retailer `retailer`'s) of `answer` with the shard's shared texts in
 * place, made once per record and kept flat: a record and its shard's shared texts never change.
 */
function expanded(
  answer: AnswerRecord,
  retailer: number | undefined,
  fragment: string,
  shared: () => readonly string[] | undefined,
): string {
  let texts = expandedTexts.get(answer);
  if (texts === undefined) expandedTexts.set(answer, texts = []);
  const slot = retailer === undefined ? 0 : retailer + 1;
  let text = texts[slot];
  if (text === undefined) {
    text = flat(withSharedText(fragment, shared(), answer.common));
    texts[slot] = text;
  }
  return text;
}
