/**
 * Answers kept whole by request target (path and query as sent): a GET whose answer was a shared answer (a
 * one-item classify or brick-attributes body, stats, the releases list) that nothing but its target (and,
 * while the rate limit is on, the client's count) decided is kept on the target's second answer (the
 * doorkeeper, doorkept_map.ts) and, from its third request on, answered as a copy of the same Response with
 * its own X-Request-Id (and its own RateLimit headers), and logged; the route, the query, the release, the
 * kept work and the answer are not looked up again. Its bytes are those of the whole pipeline
 * (test/http/kept_targets_test.ts compares them).
 *
 * What else could decide an answer rules a request out, both when the answer is kept and when it is used:
 * a method other than GET (HEAD has its own Content-Length), an MCP tool call, an `Origin` (CORS headers),
 * an `X-GPC-Release` (the release chosen), an `If-None-Match` (a 304), or a paid route while payments are on
 * (the gate decides every time; a kept 402 would answer a paid retry). Only the answers of routes the rate
 * limit counts are kept (every route with a shared answer is one), and each use is counted while the limit is
 * on: the handler takes the client's token before it copies the answer, and a refused request (429) or a
 * count that needs a turn of the event loop (a shared state store) goes on through the pipeline with that
 * one count (handler.ts). A handler serves one dist (a swapped-in dist gets a new handler, and so new kept
 * answers), and a kept answer is not used once a shard has failed a check. The host a request names changes
 * no answer: it is not in the key. On classify of one id of the embedded release: 1.18–1.24 times the
 * requests/s of the whole pipeline (docs/performance.md).
 */
import { DoorkeptMap } from "../format/doorkept_map.ts";
import { RELEASE_HEADER } from "../contract/release_header.ts";
import { copyWith } from "./answer.ts";
import type { RequestTarget } from "../operation/request_target.ts";

/** Targets whose answer is kept, at most (the oldest goes first); each holds a Response shared with answer.ts. */
export const TARGETS_KEPT = 16_384;

/**
 * The answers one handler keeps by target: each its Response with every header but X-Request-Id and the rate
 * limit's, shared with answer.ts and never sent itself.
 */
export class KeptTargets {
  readonly #kept: DoorkeptMap<Response>;
  /** Requests answered from a kept answer. */
  served = 0;

  /** `usable()` false (a shard failed a check) stops every kept answer from being used. */
  constructor(readonly usable: () => boolean, limit: number = TARGETS_KEPT) {
    this.#kept = new DoorkeptMap(limit);
  }

  /**
   * The kept answer of a GET of `target` with `headers`, when one is kept and no header of the request could
   * change it; else undefined.
   */
  find(target: RequestTarget, headers: Headers): Response | undefined {
    const kept = this.#kept.get(target.instance, target.hash);
    if (kept === undefined || !usableWith(headers) || !this.usable()) return undefined;
    return kept;
  }

  /** The Response of `kept` (`find`'s) for one request: a copy with `added` (X-Request-Id first) after its headers. */
  answer(kept: Response, added: readonly [string, string][]): Response {
    this.served++;
    return copyWith(kept, added);
  }

  /**
   * Offers the answer the pipeline gave a GET of `target` with `headers` (the caller checked the route, the
   * method and that nothing was added but X-Request-Id and the rate limit's headers): `response` is the shared
   * answer's Response without them, never sent itself. Kept from its target's second offer on.
   */
  offer(target: RequestTarget, headers: Headers, response: Response): void {
    if (usableWith(headers)) this.#kept.offer(target.instance, response, target.hash);
  }
}

/** Whether no header of a request changes the answer of its URL. */
function usableWith(headers: Headers): boolean {
  return !headers.has("origin") && !headers.has(PIN) && !headers.has("if-none-match");
}

const PIN = RELEASE_HEADER.toLowerCase();
