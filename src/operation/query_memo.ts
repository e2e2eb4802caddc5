/**
 * Parsed queries kept by their request target (path and query, as sent): a query asked again, spelled the
 * same, is not split and decoded again (best-price, whose searches are percent-encoded, answered 1.13–1.15
 * times the requests/s of parsing each time, docs/performance.md). Kept frozen, every request that asks it
 * sharing one object, from the target's second parse on (DoorkeptMap, under the hash the target carries); a
 * query longer than QUERY_KEPT_CHARS, a batch's, is parsed each time: batches are seldom asked twice.
 */
import { DoorkeptMap } from "../format/doorkept_map.ts";
import { parseRawQuery, type Query } from "./query.ts";
import type { RequestTarget } from "./request_target.ts";

/** Queries kept at most (the oldest goes first). */
export const QUERIES_KEPT = 16_384;
/** The longest query text kept. */
export const QUERY_KEPT_CHARS = 256;

/** The queries of one handler. */
export class QueryMemo {
  readonly #queries = new DoorkeptMap<Query>(QUERIES_KEPT);

  /** `parseRawQuery(target.query)`, frozen when it is kept. */
  parse(target: RequestTarget): Query {
    const raw = target.query;
    if (raw.length > QUERY_KEPT_CHARS) return parseRawQuery(raw);
    let query = this.#queries.get(target.instance, target.hash);
    if (query === undefined) {
      query = parseRawQuery(raw);
      for (const value of Object.values(query)) if (Array.isArray(value)) Object.freeze(value);
      this.#queries.offer(target.instance, Object.freeze(query), target.hash);
    }
    return query;
  }

  /** Queries kept. */
  get size(): number {
    return this.#queries.size;
  }
}
