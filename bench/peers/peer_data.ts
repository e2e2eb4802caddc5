/**
 * The data the peers serve, exported from a compiled dist the way a user would load it into their own
 * store: normalised tables of GPC nodes, browse nodes (a node code and the mapping's fields), lexicon
 * phrases (node codes), brick attributes, the catalog statistics and the versions. Written as one JSON file
 * (the JSON+Maps peer) and as an SQLite database (the SQLite peer).
 * `deno run -A bench/peers/peer_data.ts DIST OUT_DIR` writes OUT_DIR/peer-data.json and OUT_DIR/peer.sqlite.
 */
import { DatabaseSync } from "node:sqlite";
import type {
  AttributeSchemaSource,
  AttributeView,
  BrickRecord,
  CodeRecord,
  GpcNodeView,
  LexiconRecord,
} from "../../src/format/shard_records.ts";
import { DistKeys } from "../pools.ts";
import { browseRecordOf, type StoredBrowse } from "../../src/format/browse_result.ts";
import { type Manifest, MANIFEST_FILE } from "../../src/format/manifest.ts";

/** Version of what this file exports (raise it when the export changes: exports are cached by build). */
export const PEER_DATA_FORMAT = "peers3";

/** A browse node: the node code and the mapping's fields, in the answer's order. */
export type BrowseRow = [
  code: string | null,
  match_precision: string | null,
  match_source: string | null,
  inherited_from: string | null,
  assurance_state: string | null,
  attribute_count: number,
  attribute_schema: string | null,
];

/** What both peers serve. */
export interface PeerData {
  readonly versions: { gpc_release: string; schema_version: string; map_version: string };
  readonly nodes: Record<string, GpcNodeView>;
  readonly browse: Record<string, BrowseRow>;
  readonly lexicon: Record<string, string[]>;
  readonly bricks: Record<string, AttributeView[]>;
  /** Where each brick's attributes come from (published, carried, unknown). */
  readonly schemas: Record<string, AttributeSchemaSource>;
  readonly stats: unknown;
}

/** Reads the peers' data out of the dist's shards. */
export function exportPeerData(distDir: string): PeerData {
  const keys = new DistKeys(distDir);
  const manifest: Manifest = JSON.parse(Deno.readTextFileSync(`${keys.directory}/${MANIFEST_FILE}`));
  // The peers serve the default (newest) release, as ours does for a request without X-GPC-Release.
  const release = manifest.releases[0]!;
  const nodes: Record<string, GpcNodeView> = {};
  const codes = keys.reader("codes");
  for (const code of keys.keys("codes")) {
    const node = codes.get<CodeRecord>(code)?.node;
    if (node) nodes[code] = node;
  }
  const browse: Record<string, BrowseRow> = {};
  const browseReader = keys.reader("browse");
  for (const id of keys.keys("browse")) {
    const r = browseRecordOf(browseReader.get<StoredBrowse>(id)!);
    browse[id] = [
      r.gpc?.code ?? null,
      r.match_precision,
      r.match_source,
      r.inherited_from,
      r.assurance_state,
      r.attribute_count,
      r.attribute_schema ?? null,
    ];
  }
  const lexicon: Record<string, string[]> = {};
  const phrases = keys.reader("lexicon");
  for (const phrase of keys.keys("lexicon")) {
    lexicon[phrase] = phrases.get<LexiconRecord>(phrase)!.gpc.map((n) => n.code);
  }
  const bricks: Record<string, AttributeView[]> = {};
  const schemas: Record<string, AttributeSchemaSource> = {};
  const brickReader = keys.reader("bricks");
  for (const code of keys.keys("bricks")) {
    const record = brickReader.get<BrickRecord>(code)!;
    bricks[code] = [...record.attributes];
    schemas[code] = record.attribute_schema ?? { state: "published", release: release.gpc_release };
  }
  return {
    versions: {
      gpc_release: release.gpc_release,
      schema_version: manifest.schema_version,
      map_version: release.map_version,
    },
    nodes,
    browse,
    lexicon,
    bricks,
    schemas,
    stats: keys.reader("catalog").get("stats"),
  };
}

/** Writes `data` into a new SQLite database at `path`: one table per kind, keyed the way requests ask. */
export function writeSqlite(data: PeerData, path: string): void {
  try {
    Deno.removeSync(path);
  } catch {
    // not there yet
  }
  const db = new DatabaseSync(path);
  db.exec(`
    CREATE TABLE nodes (code TEXT PRIMARY KEY, title TEXT, level TEXT, segment TEXT, family TEXT, class TEXT, brick TEXT) WITHOUT ROWID;
    CREATE TABLE browse (id TEXT PRIMARY KEY, gpc_code TEXT, match_precision TEXT, match_source TEXT,
      inherited_from TEXT, assurance_state TEXT, attribute_count INTEGER, attribute_schema TEXT) WITHOUT ROWID;
    CREATE TABLE lexicon (phrase TEXT, ord INTEGER, gpc_code TEXT, PRIMARY KEY (phrase, ord)) WITHOUT ROWID;
    CREATE TABLE attributes (brick TEXT, ord INTEGER, name TEXT, allowed_values TEXT, value_count INTEGER,
      PRIMARY KEY (brick, ord)) WITHOUT ROWID;
    CREATE TABLE schemas (brick TEXT PRIMARY KEY, state TEXT, release TEXT) WITHOUT ROWID;
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;
  `);
  db.exec("BEGIN");
  const node = db.prepare("INSERT INTO nodes VALUES (?, ?, ?, ?, ?, ?, ?)");
  for (const n of Object.values(data.nodes)) {
    node.run(n.code, n.title, n.level, n.segment, n.family, n.class, n.brick);
  }
  const browse = db.prepare("INSERT INTO browse VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  for (const [id, row] of Object.entries(data.browse)) browse.run(id, ...row);
  const phrase = db.prepare("INSERT INTO lexicon VALUES (?, ?, ?)");
  for (const [text, codes] of Object.entries(data.lexicon)) {
    codes.forEach((code, i) => phrase.run(text, i, code));
  }
  const attribute = db.prepare("INSERT INTO attributes VALUES (?, ?, ?, ?, ?)");
  for (const [brick, attributes] of Object.entries(data.bricks)) {
    attributes.forEach((a, i) =>
      attribute.run(brick, i, a.name, JSON.stringify(a.allowed_values), a.value_count)
    );
  }
  const schema = db.prepare("INSERT INTO schemas VALUES (?, ?, ?)");
  for (const [brick, source] of Object.entries(data.schemas)) schema.run(brick, source.state, source.release);
  const meta = db.prepare("INSERT INTO meta VALUES (?, ?)");
  meta.run("versions", JSON.stringify(data.versions));
  meta.run("stats", JSON.stringify(data.stats));
  db.exec("COMMIT");
  db.close();
}

/**
 * The directory holding the peers' data of `dist` (build `buildId`), exported by a child process the first
 * time and kept under $TMPDIR/gpc-bench-peers/ (the export of a full-scale dist takes a while).
 */
export async function exportedPeerData(
  dist: string,
  buildId: string,
  log: (line: string) => void,
): Promise<string> {
  // The export format is part of the name: a change of this file must not reuse an older export.
  const dir = `${Deno.env.get("TMPDIR") ?? "/tmp"}/gpc-bench-peers/${PEER_DATA_FORMAT}-${buildId}`;
  try {
    Deno.statSync(`${dir}/peer.sqlite`);
    return dir;
  } catch {
    // not exported yet
  }
  log(`exporting the peers' data to ${dir}`);
  const partial = `${dir}.partial-${Deno.pid}`;
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--v8-flags=--max-old-space-size=8192",
      new URL(import.meta.url).pathname,
      dist,
      partial,
    ],
    stdout: "null",
  }).output();
  if (code !== 0) throw new Error(`exporting the peers' data failed: ${new TextDecoder().decode(stderr)}`);
  await Deno.rename(partial, dir);
  return dir;
}

if (import.meta.main) {
  const [dist, out] = Deno.args;
  if (!dist || !out) {
    console.error("usage: deno run -A bench/peers/peer_data.ts DIST OUT_DIR");
    Deno.exit(2);
  }
  const data = exportPeerData(dist);
  await Deno.mkdir(out, { recursive: true });
  await Deno.writeTextFile(`${out}/peer-data.json`, JSON.stringify(data));
  writeSqlite(data, `${out}/peer.sqlite`);
}
