/**
 * An in-memory ReferenceStore for handler tests, built from hand-written records of GS1 GPC v20241202
 * (segment 50000000 Food/Beverage, family 50180000 Bread/Bakery Products) and Amazon US grocery browse nodes.
 *
 * The records are what the compiler would store: ancestry titles, effective mappings after inheritance,
 * normalised lexicon keys. A test can make a key's lookup throw (a corrupt record) or mark the store
 * unhealthy.
 */
import type { DataVersions, ReferenceStore } from "../../src/store/reference_store.ts";
import { browseResultText } from "../../src/format/browse_result.ts";
import type {
  AttributeSchemaSource,
  AttributeView,
  BrickRecord,
  BrowseRecord,
  CodeRecord,
  GpcNodeView,
  LexiconRecord,
} from "../../src/format/shard_records.ts";
import type { CatalogStats } from "../../src/format/catalog_records.ts";

/** The versions the fake store serves. */
export const FAKE_VERSIONS: DataVersions = Object.freeze({
  gpc_release: "v20241202",
  schema_version: "v1",
  map_version: "2025.11-1+3f9a2c1e",
});

const SEGMENT = "Food/Beverage";
const FAMILY = "Bread/Bakery Products";

/** GPC nodes of the fake release, by code. */
export const NODES: Readonly<Record<string, GpcNodeView>> = {
  "50000000": node("50000000", SEGMENT, "segment", null, null, null),
  "50180000": node("50180000", FAMILY, "family", FAMILY, null, null),
  "50181700": node(
    "50181700",
    "Baking/Cooking Mixes/Supplies",
    "class",
    FAMILY,
    "Baking/Cooking Mixes/Supplies",
    null,
  ),
  "50181900": node("50181900", "Bread", "class", FAMILY, "Bread", null),
  "50182300": node(
    "50182300",
    "Bread/Bakery Products Variety Packs",
    "class",
    FAMILY,
    "Bread/Bakery Products Variety Packs",
    null,
  ),
  "10000155": node(
    "10000155",
    "Baking/Cooking Mixes (Frozen)",
    "brick",
    FAMILY,
    "Baking/Cooking Mixes/Supplies",
    "Baking/Cooking Mixes (Frozen)",
  ),
  "10000163": node("10000163", "Bread (Frozen)", "brick", FAMILY, "Bread", "Bread (Frozen)"),
  "10000164": node("10000164", "Bread (Perishable)", "brick", FAMILY, "Bread", "Bread (Perishable)"),
  "10000165": node("10000165", "Bread (Shelf Stable)", "brick", FAMILY, "Bread", "Bread (Shelf Stable)"),
  "10000598": node(
    "10000598",
    "Bread/Bakery Products Variety Packs",
    "brick",
    FAMILY,
    "Bread/Bakery Products Variety Packs",
    "Bread/Bakery Products Variety Packs",
  ),
};

function node(
  code: string,
  title: string,
  level: GpcNodeView["level"],
  family: string | null,
  klass: string | null,
  brick: string | null,
): GpcNodeView {
  return { code, title, level, segment: SEGMENT, family, class: klass, brick };
}

function attribute(name: string, allowed_values: readonly string[]): AttributeView {
  return { name, allowed_values, value_count: allowed_values.length };
}

/** Attribute schemas of the fake bricks. */
export const BRICKS: Readonly<Record<string, BrickRecord>> = {
  "10000155": brickRecord("10000155", [
    attribute("Diabetic Claim", ["NO", "UNIDENTIFIED", "YES"]),
    attribute("If Organic", ["NO", "UNIDENTIFIED", "YES"]),
  ]),
  "10000164": brickRecord("10000164", [
    attribute("If Sliced", ["NO", "UNIDENTIFIED", "YES"]),
    attribute("Type of Bread", ["BAGUETTE", "CIABATTA", "FLATBREAD", "UNCLASSIFIED", "UNIDENTIFIED"]),
  ]),
  "10000598": brickRecord("10000598", []),
  // Carried from an older release in which the brick is unchanged.
  "10000163": brickRecord("10000163", [attribute("If Sliced", ["NO", "UNIDENTIFIED", "YES"])], {
    state: "carried",
    release: "v20240601",
  }),
  // Not known: its publication carried no attribute data.
  "10000165": brickRecord("10000165", [], { state: "unknown", release: null }),
};

function brickRecord(
  code: string,
  attributes: readonly AttributeView[],
  attribute_schema: AttributeSchemaSource = { state: "published", release: "v20241202" },
): BrickRecord {
  const { level: _level, ...gpc } = NODES[code]!;
  return { gpc, attributes, attribute_schema };
}

// Parent of each node below the segment.
const PARENT: Readonly<Record<string, string>> = {
  "50180000": "50000000",
  "50181700": "50180000",
  "50181900": "50180000",
  "50182300": "50180000",
  "10000155": "50181700",
  "10000163": "50181900",
  "10000164": "50181900",
  "10000165": "50181900",
  "10000598": "50182300",
};

function pathOf(code: string): string[] {
  const parent = PARENT[code];
  return parent === undefined ? [code] : [...pathOf(parent), code];
}

function codeRecord(code: string): CodeRecord {
  const view = NODES[code]!;
  return {
    kind: view.level,
    title: view.title,
    active: true,
    node: view,
    path: pathOf(code),
    attribute_count: BRICKS[code]?.attributes.length ?? 0,
    ...(view.level === "brick" ? { attribute_schema: BRICKS[code]!.attribute_schema!.state } : {}),
  };
}

/** Every 8-digit code of the fake release. */
export const CODES: Readonly<Record<string, CodeRecord>> = {
  ...Object.fromEntries(Object.keys(NODES).map((code) => [code, codeRecord(code)])),
  "20000056": { kind: "attribute_type", title: "Diabetic Claim", active: true, attribute_count: 0 },
  "30002960": { kind: "attribute_value", title: "NO", active: true, attribute_count: 0 },
};

/** A classify result's fields after `browse_id` for an id the browse tree lacks. */
export const MISS = {
  gpc: null,
  match_precision: null,
  match_source: null,
  inherited_from: null,
  assurance_state: null,
  attribute_count: 0,
  attribute_schema: null,
} as const;

/** Effective mappings of Amazon US grocery browse nodes. */
export const BROWSE: Readonly<Record<string, BrowseRecord>> = {
  // Food: the root, with no mapping of its own and no mapped ancestor: its fields are a miss's.
  "16310211": { ...MISS },
  // Breads & Bakery
  "16318751": {
    gpc: NODES["50180000"]!,
    match_precision: "exactMatch",
    match_source: "self",
    inherited_from: null,
    assurance_state: "verified",
    attribute_count: 0,
    attribute_schema: null,
  },
  // Breads & Bakery/Breads
  "18776870011": {
    gpc: NODES["50181900"]!,
    match_precision: "exactMatch",
    match_source: "self",
    inherited_from: null,
    assurance_state: "verified",
    attribute_count: 0,
    attribute_schema: null,
  },
  // Breads & Bakery/Breads/Baguette: borrows the mapping of Breads.
  "18776871011": {
    gpc: NODES["50181900"]!,
    match_precision: "narrowerThan",
    match_source: "inherited",
    inherited_from: "18776870011",
    assurance_state: "verified",
    attribute_count: 0,
    attribute_schema: null,
  },
  // Breads & Bakery/Breads/Dinner Breads: mapped to a brick.
  "18776875011": {
    gpc: NODES["10000164"]!,
    match_precision: "closeMatch",
    match_source: "self",
    inherited_from: null,
    assurance_state: "provisional",
    attribute_count: 2,
    attribute_schema: "published",
  },
};

/** The lexicon, keyed by normalised phrase. */
export const LEXICON: Readonly<Record<string, LexiconRecord>> = {
  "frozen baking mix": { gpc: [NODES["10000155"]!] },
  "bread": { gpc: [NODES["10000164"]!, NODES["50181900"]!] },
};

/** Catalog statistics of the fake catalog. */
export const STATS: CatalogStats = {
  products: { unique: 6120, listings: 8573 },
  categories: { total: 212, leaves: 171, max_depth: 4 },
  retailers: { total: 7 },
  brands: { total: 1480 },
  observations: { total: 8573 },
  last_updated: "2025-12-17T00:00:00Z",
  generated: { observations: 0, share: 0, countries: [] },
};

/** The fake store: the records above, plus switches for failure tests. */
export class FakeStore implements ReferenceStore {
  readonly versions: DataVersions = FAKE_VERSIONS;
  /** Lookups ("shard:key", as in `lookups`) that throw, as a corrupt record would. */
  readonly failing = new Set<string>();
  /** Every lookup, as "shard:key", in order. */
  readonly lookups: string[] = [];
  isHealthy = true;
  /** Catalog records by "shard:key" (tests put records compiled from fixture snapshots here). */
  readonly catalogRecords = new Map<string, unknown>();
  statsFail = false;

  code(code: string): CodeRecord | undefined {
    return this.#get("code", code, CODES);
  }

  brick(code: string): BrickRecord | undefined {
    return this.#get("brick", code, BRICKS);
  }

  browse(id: string): BrowseRecord | undefined {
    return this.#get("browse", id, BROWSE);
  }
  browseResult(id: string): string | undefined {
    const record = this.browse(id);
    return record === undefined ? undefined : browseResultText(id, record);
  }
  browseResultAt(source: string, start: number, end: number, value: number): string | undefined {
    const id = source.slice(start, end);
    // What a caller promises: 1 to 15 digits without a leading zero, and their number.
    if (!/^(?:0|[1-9][0-9]{0,14})$/.test(id) || value !== Number(id)) {
      throw new Error(`browseResultAt was given the id "${id}" as the number ${value}`);
    }
    return this.browseResult(id);
  }

  phrase(normalised: string): LexiconRecord | undefined {
    return this.#get("phrase", normalised, LEXICON);
  }

  stats(): CatalogStats {
    this.lookups.push("stats");
    if (this.statsFail) throw new Error("catalog shard: record 0 fails its CRC-32 check");
    return STATS;
  }

  catalog<T>(shard: string, key: string): T | undefined {
    this.lookups.push(`${shard}:${key}`);
    return this.catalogRecords.get(`${shard}:${key}`) as T | undefined;
  }

  healthy(): boolean {
    return this.isHealthy;
  }

  #get<T>(shard: string, key: string, records: Readonly<Record<string, T>>): T | undefined {
    this.lookups.push(`${shard}:${key}`);
    if (this.failing.has(`${shard}:${key}`)) {
      throw new Error(`${shard} shard: record ${key} fails its CRC-32 check`);
    }
    return Object.hasOwn(records, key) ? records[key] : undefined;
  }
}
