/**
 * Which address a request comes from, for rate limiting and the log.
 *
 * Without trusted proxies it is the peer address. With TRUST_PROXY = n, the addresses that Forwarded
 * (RFC 7239 `for=`, preferred) or else X-Forwarded-For list are followed by the peer, and the client is the
 * n-th address from the right: each trusted proxy appended the address it saw, and nothing left of those is
 * trustworthy. A chain shorter than n yields its leftmost address.
 */

const FORWARDED_FOR = /(?:^|[;,\s])for\s*=\s*("[^"]*"|[^;,\s]*)/gi;

/** The client address of a request received from `peer` behind `trustedHops` proxies. */
export function clientAddress(request: Request, peer: string, trustedHops: number): string {
  if (trustedHops === 0) return peer;
  const chain = forwardedChain(request.headers);
  if (chain.length === 0) return peer;
  chain.push(peer);
  return chain[Math.max(0, chain.length - 1 - trustedHops)]!;
}

function forwardedChain(headers: Headers): string[] {
  const forwarded = headers.get("forwarded");
  if (forwarded !== null) {
    return [...forwarded.matchAll(FORWARDED_FOR)].map((match) => hostOf(match[1]!.replaceAll('"', "")));
  }
  const xff = headers.get("x-forwarded-for");
  if (xff === null) return [];
  return xff.split(",").map((address) => address.trim()).filter((address) => address !== "");
}

// Forwarded writes IPv6 as "[2001:db8::1]:4711" and IPv4 as "192.0.2.1:4711": drop brackets and port.
function hostOf(node: string): string {
  if (node.startsWith("[")) return node.slice(1, node.indexOf("]") > 0 ? node.indexOf("]") : undefined);
  const colon = node.indexOf(":");
  return colon >= 0 && node.indexOf(":", colon + 1) < 0 ? node.slice(0, colon) : node;
}
