/**
 * The path and query of a request, read from `request.url` without building a URL object (which costs
 * about a fifth of the whole cost of answering "hello"). Deno hands the handler an absolute URL whose host
 * part holds no slash: the path starts at the first "/" after "://". A path that is not plainly one of the
 * service's (percent-escapes, dot segments) is normalised by the URL parser, so an odd spelling of a known
 * path still finds it, as before.
 */
import { textHash } from "../format/doorkept_map.ts";

/** A request target: the path, the raw query (without "?", "" when none), and the whole path + query. */
export interface RequestTarget {
  readonly path: string;
  readonly query: string;
  /** Path and query as the client sent them, for problem documents' `instance`. */
  readonly instance: string;
  /**
   * `textHash(instance)`: what the memos keyed by the target (its query, its work, its kept answer) find it
   * by, computed once a request and from the URL's own characters; 0 for a target of more than
   * KEPT_TARGET_CHARS, which no memo keeps (a batch: its query is parsed and its work made each time).
   */
  readonly hash: number;
}

/** The longest target the memos keep (query_memo.ts keeps queries of at most 256 characters). */
export const KEPT_TARGET_CHARS = 512;

const NEEDS_PARSER = /[%.\\]/;

/** The target of `url` (an absolute http(s) URL). */
export function requestTarget(url: string): RequestTarget {
  const scheme = url.indexOf("://");
  const start = url.indexOf("/", scheme + 3);
  if (scheme < 0 || start < 0) return parsed(url);
  const mark = url.indexOf("?", start);
  const hash = url.indexOf("#", start);
  const end = mark < 0 ? (hash < 0 ? url.length : hash) : mark;
  const path = url.slice(start, end);
  if (NEEDS_PARSER.test(path) || (hash >= 0 && (mark < 0 || hash > mark))) return parsed(url);
  const query = mark < 0 ? "" : url.slice(mark + 1);
  if (query === "") return { path, query, instance: path, hash: hashOf(url, start, end) };
  return { path, query, instance: url.slice(start), hash: hashOf(url, start, url.length) };
}

/** The hash of the target `text.slice(start, end)`, 0 when no memo keeps a target that long. */
function hashOf(text: string, start: number, end: number): number {
  return end - start > KEPT_TARGET_CHARS ? 0 : textHash(text, start, end);
}

function parsed(url: string): RequestTarget {
  const parsedUrl = new URL(url);
  const query = parsedUrl.search.slice(1);
  const instance = parsedUrl.pathname + parsedUrl.search;
  return { path: parsedUrl.pathname, query, instance, hash: hashOf(instance, 0, instance.length) };
}
