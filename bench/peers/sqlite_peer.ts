/**
 * Peer (a): SQLite (node:sqlite) queried per request with prepared statements, answers built and
 * stringified per request.
 * `deno run --allow-all bench/peers/sqlite_peer.ts PORT peer.sqlite headers.json` (Deno opens an SQLite URI
 * such as `?immutable=1` only with every permission)
 */
import { DatabaseSync } from "node:sqlite";
import type { AttributeSchemaSource, GpcNodeView } from "../../src/format/shard_records.ts";
import { readHeaders, servePeer } from "./peer_server.ts";

const [port, dbFile, headersFile] = Deno.args;
// immutable=1: the file never changes while served, so SQLite skips the lock and change-counter checks it
// otherwise makes around every statement (4 fcntl, 2 stat, 1 pread each: 3–4 times slower lookups).
const url = new URL("file:///");
url.pathname = Deno.realPathSync(dbFile!);
url.search = "immutable=1";
const db = new DatabaseSync(url, { readOnly: true });
const NODE = "n.code, n.title, n.level, n.segment, n.family, n.class, n.brick";
const browse = db.prepare(
  `SELECT b.match_precision, b.match_source, b.inherited_from, b.assurance_state, b.attribute_count,
     b.attribute_schema, ${NODE}
   FROM browse b LEFT JOIN nodes n ON n.code = b.gpc_code WHERE b.id = ?`,
);
const phrase = db.prepare(
  `SELECT ${NODE} FROM lexicon l JOIN nodes n ON n.code = l.gpc_code WHERE l.phrase = ? ORDER BY l.ord`,
);
const brickNode = db.prepare(`SELECT ${NODE} FROM nodes n WHERE n.code = ? AND n.level = 'brick'`);
const attributes = db.prepare(
  "SELECT name, allowed_values, value_count FROM attributes WHERE brick = ? ORDER BY ord",
);
const schema = db.prepare("SELECT state, release FROM schemas WHERE brick = ?");
const meta = db.prepare("SELECT value FROM meta WHERE key = ?");
const versions = JSON.parse(meta.get("versions")!.value as string);

type Row = Record<string, string | number | null>;
const node = (r: Row): GpcNodeView => ({
  code: r.code as string,
  title: r.title as string,
  level: r.level as GpcNodeView["level"],
  segment: r.segment as string | null,
  family: r.family as string | null,
  class: r.class as string | null,
  brick: r.brick as string | null,
});

servePeer(
  {
    versions: { gpc_release: versions.gpc_release, schema_version: versions.schema_version },
    browse(id) {
      const r = browse.get(id) as Row | undefined;
      if (r === undefined) return undefined;
      return {
        gpc: r.code === null ? null : node(r),
        match_precision: r.match_precision as string | null,
        match_source: r.match_source as string | null,
        inherited_from: r.inherited_from as string | null,
        assurance_state: r.assurance_state as string | null,
        attribute_count: r.attribute_count as number,
        attribute_schema: r.attribute_schema as string | null,
      };
    },
    phrase(normalised) {
      const rows = phrase.all(normalised) as Row[];
      return rows.length === 0 ? undefined : rows.map(node);
    },
    brick(code) {
      const r = brickNode.get(code) as Row | undefined;
      if (r === undefined) return undefined;
      const { level: _, ...gpc } = node(r);
      const list = (attributes.all(code) as Row[]).map((a) => ({
        name: a.name as string,
        allowed_values: JSON.parse(a.allowed_values as string),
        value_count: a.value_count as number,
      }));
      const source = schema.get(code) as Row;
      return {
        gpc,
        attributes: list,
        attribute_schema: {
          state: source.state as AttributeSchemaSource["state"],
          release: source.release as string | null,
        },
      };
    },
    stats: () => JSON.parse(meta.get("stats")!.value as string),
  },
  Number(port),
  readHeaders(headersFile!),
);
