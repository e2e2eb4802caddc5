/**
 * Parsed queries kept by their text: a query asked again, spelled the same, is not split and decoded again
 * (best-price, whose searches are percent-encoded, answered 1.13–1.15 times the requests/s of parsing each
 * time, docs/performance.md). Kept frozen, every request that asks it sharing one object, from the text's
 * second parse on (DoorkeptMap); a text longer than QUERY_KEPT_CHARS, a batch's, is parsed each time:
 * batches are seldom asked twice.
 */
import { DoorkeptMap } from "../format/doorkept_map.ts";
import { parseRawQuery, type Query } from "./query.ts";

/** Queries kept at most (the oldest goes first). */
export const QUERIES_KEPT = 16_384;
/** The longest query text kept. */
export const QUERY_KEPT_CHARS = 256;

/** The queries of one handler. */
export class QueryMemo {
  readonly #queries = new DoorkeptMap<Query>(QUERIES_KEPT);

  /** `parseRawQuery(raw)`, frozen when it is kept. */
  parse(raw: string): Query {
    if (raw.length > QUERY_KEPT_CHARS) return parseRawQuery(raw);
    let query = this.#queries.get(raw);
    if (query === undefined) {
      query = parseRawQuery(raw);
      for (const value of Object.values(query)) if (Array.isArray(value)) Object.freeze(value);
      this.#queries.offer(raw, Object.freeze(query));
    }
    return query;
  }

  /** Queries kept. */
  get size(): number {
    return this.#queries.size;
  }
}
