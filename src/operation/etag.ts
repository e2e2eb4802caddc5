/**
 * Strong entity tags for bodies fixed for the life of a dist (stats), and the If-None-Match check (RFC 9110
 * §13.1.2: weak comparison, `*` matches any current representation).
 */
import { sha256Hex } from "../format/sha256.ts";

/** A strong ETag for `body`: the first 32 hex digits of its sha256, quoted. */
export async function strongEtag(body: string): Promise<string> {
  return `"${(await sha256Hex(new TextEncoder().encode(body))).slice(0, 32)}"`;
}

/** True when an If-None-Match header value names `etag`. */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (header === null) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
