/**
 * What both peers share: the HTTP face a user would write over their own store. Each request parses its
 * URL, looks every item up in the peer's source, builds the answer object and stringifies it, and sends
 * the headers ours sends (captured, with a fresh X-Request-Id per answer).
 */
import type { AttributeSchemaSource, AttributeView, GpcNodeView } from "../../src/format/shard_records.ts";
import { normalisePhrase } from "../../src/format/phrase_normalise.ts";

/** A browse node's answer fields, after the id. */
export interface BrowseView {
  readonly gpc: GpcNodeView | null;
  readonly match_precision: string | null;
  readonly match_source: string | null;
  readonly inherited_from: string | null;
  readonly assurance_state: string | null;
  readonly attribute_count: number;
  readonly attribute_schema: string | null;
}

/** A brick's answer fields, after the code. */
export interface BrickView {
  readonly gpc: Omit<GpcNodeView, "level">;
  readonly attributes: AttributeView[];
  readonly attribute_schema: AttributeSchemaSource;
}

/** Where a peer reads its data from. */
export interface PeerSource {
  readonly versions: { readonly gpc_release: string; readonly schema_version: string };
  browse(id: string): BrowseView | undefined;
  phrase(normalised: string): GpcNodeView[] | undefined;
  brick(code: string): BrickView | undefined;
  stats(): unknown;
}

const UNKNOWN: BrowseView = {
  gpc: null,
  match_precision: null,
  match_source: null,
  inherited_from: null,
  assurance_state: null,
  attribute_count: 0,
  attribute_schema: null,
};
const BROWSE_IDS = /^[0-9]{1,20}(?:,[0-9]{1,20}){0,99}$/;
const GPC_CODES = /^[0-9]{8}(?:,[0-9]{8}){0,99}$/;

function answer(source: PeerSource, url: URL): unknown {
  const params = url.searchParams;
  const versioned = (results: unknown[]) => ({ results, ...source.versions });
  switch (url.pathname) {
    case "/v1/reference/classify": {
      const ids = params.get("browse_id");
      if (ids !== null && BROWSE_IDS.test(ids)) {
        return versioned(ids.split(",").map((id) => ({ browse_id: id, ...(source.browse(id) ?? UNKNOWN) })));
      }
      const q = params.get("q");
      if (q === null || q === "") return undefined;
      return versioned(
        q.split(",").map((phrase) => ({ q: phrase, gpc: source.phrase(normalisePhrase(phrase)) ?? [] })),
      );
    }
    case "/v1/reference/brick-attributes": {
      const codes = params.get("gpc_code");
      if (codes === null || !GPC_CODES.test(codes)) return undefined;
      return versioned(
        codes.split(",").map((code) => {
          const brick = source.brick(code);
          return brick === undefined
            ? { gpc_code: code, gpc: null, attributes: [], attribute_schema: null }
            : { gpc_code: code, ...brick };
        }),
      );
    }
    case "/v1/public/stats":
      return source.stats();
  }
  return undefined;
}

/** Serves `source` on 127.0.0.1:`port` with the captured `headers` of each path. */
export function servePeer(
  source: PeerSource,
  port: number,
  headers: Readonly<Record<string, readonly (readonly [string, string])[]>>,
): void {
  Deno.serve({ hostname: "127.0.0.1", port, onListen: () => {} }, (request) => {
    const url = new URL(request.url);
    const body = answer(source, url);
    if (body === undefined) return new Response('{"error":"bad request"}', { status: 400 });
    const answerHeaders = new Headers(headers[url.pathname] as [string, string][] ?? []);
    answerHeaders.set("x-request-id", crypto.randomUUID());
    return new Response(JSON.stringify(body), { headers: answerHeaders });
  });
}

/** The captured headers file of a peer's command line, without the X-Request-Id it makes itself. */
export function readHeaders(file: string): Record<string, [string, string][]> {
  return JSON.parse(Deno.readTextFileSync(file));
}
