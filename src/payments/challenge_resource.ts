/**
 * The resource a payment challenge names: where the service is reached (PUBLIC_URL, never the request's
 * Host or X-Forwarded-* headers, which the client chooses), the operation's path, and the request's query.
 *
 * The canonical query is the request's parameters sorted by name, each written `name=value` and joined by
 * `&`, names and values percent-encoded as JavaScript's encodeURIComponent does (UTF-8; every byte outside
 * `A-Z a-z 0-9 - _ . ! ~ * ' ( )` as upper-case %XX) except that `,` stays as it is. `resource.url` is
 * PUBLIC_URL + path + `?` + canonical query when that is at most MAX_RESOURCE_URL_CHARS characters;
 * otherwise it is PUBLIC_URL + path, and `resource.description` ends with `; query sha256=<hex>`, the
 * lower-case hex SHA-256 of the canonical query's bytes (ASCII). Either way the PAYMENT-REQUIRED header
 * stays a few kilobytes whatever the query (reverse proxies refuse answers with larger headers).
 */

/** Longest resource.url that carries the query itself (a longer query is named by its digest). */
export const MAX_RESOURCE_URL_CHARS = 512;

/** The resource member of a challenge. */
export interface ChallengeResource {
  readonly url: string;
  readonly description: string;
  readonly mimeType: "application/json";
}

// A query that is one parameter of characters that encodeURIComponent keeps (plus ",") is canonical as it
// stands: the common short request is described without decoding or hashing anything.
const CANONICAL_AS_IS = /^[a-z_]+=[0-9A-Za-z,._~-]*$/;

/** The development PUBLIC_URL: the listen address, with the any-address shown as the loopback one. */
export function listenUrl(host: string, port: number): string {
  const shown = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return `http://${shown.includes(":") ? `[${shown}]` : shown}:${port}`;
}

/** The canonical query of a raw query string (without "?"; see the module comment); "" without parameters. */
export function canonicalQuery(query: string): string {
  if (CANONICAL_AS_IS.test(query)) return query;
  return [...new URLSearchParams(query)]
    .sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .join("&");
}

/**
 * The challenge's resource for a request to `path` with the raw query `rawQuery` (without "?"), reached at
 * `publicUrl`; `summary` describes the call.
 */
export async function challengeResource(
  publicUrl: string,
  path: string,
  rawQuery: string,
  summary: string,
): Promise<ChallengeResource> {
  const query = canonicalQuery(rawQuery);
  const full = query === "" ? publicUrl + path : `${publicUrl}${path}?${query}`;
  if (full.length <= MAX_RESOURCE_URL_CHARS) {
    return { url: full, description: summary, mimeType: "application/json" };
  }
  return {
    url: publicUrl + path,
    description: `${summary}; query sha256=${await sha256Hex(query)}`,
    mimeType: "application/json",
  };
}

function encode(text: string): string {
  return encodeURIComponent(text).replaceAll("%2C", ",");
}

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
