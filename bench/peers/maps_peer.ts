/**
 * Peer (b): the data loaded from one JSON file into Maps at start-up, answers built and stringified per
 * request. `deno run --allow-read --allow-net bench/peers/maps_peer.ts PORT peer-data.json headers.json`
 */
import type { GpcNodeView } from "../../src/format/shard_records.ts";
import type { BrowseRow, PeerData } from "./peer_data.ts";
import { readHeaders, servePeer } from "./peer_server.ts";

const [port, dataFile, headersFile] = Deno.args;
const data: PeerData = JSON.parse(Deno.readTextFileSync(dataFile!));
const nodes = new Map<string, GpcNodeView>(Object.entries(data.nodes));
const browse = new Map<string, BrowseRow>(Object.entries(data.browse));
const lexicon = new Map<string, string[]>(Object.entries(data.lexicon));
const bricks = new Map(Object.entries(data.bricks));
const schemas = new Map(Object.entries(data.schemas));

servePeer(
  {
    versions: { gpc_release: data.versions.gpc_release, schema_version: data.versions.schema_version },
    browse(id) {
      const row = browse.get(id);
      if (row === undefined) return undefined;
      const [code, match_precision, match_source, inherited_from, assurance_state, attribute_count, schema] =
        row;
      const gpc = code === null ? null : nodes.get(code)!;
      return {
        gpc,
        match_precision,
        match_source,
        inherited_from,
        assurance_state,
        attribute_count,
        attribute_schema: schema,
      };
    },
    phrase: (normalised) => lexicon.get(normalised)?.map((code) => nodes.get(code)!),
    brick(code) {
      const attributes = bricks.get(code);
      const node = nodes.get(code);
      if (attributes === undefined || node === undefined) return undefined;
      const { level: _, ...gpc } = node;
      return { gpc, attributes, attribute_schema: schemas.get(code)! };
    },
    stats: () => data.stats,
  },
  Number(port),
  readHeaders(headersFile!),
);
