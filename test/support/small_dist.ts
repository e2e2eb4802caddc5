/**
 * A small compiled dist for store, dist-writer and server tests: a segment and a brick, a phrase, the
 * catalog statistics, plus as many extra attribute-value codes as a test needs to make a shard span many
 * pages.
 */
import { tempDir } from "./temp_dir.ts";
import { assembleBuild, type CompiledParts } from "../../build/dist/dist_assemble.ts";
import { writeBuild } from "../../build/dist/dist_writer.ts";
import type { BrickRecord, BrowseRecord, CodeRecord } from "../../src/format/shard_records.ts";

/** The one segment record. */
export const SEGMENT: CodeRecord = {
  kind: "segment",
  title: "Food/Beverage",
  active: true,
  node: {
    code: "50000000",
    title: "Food/Beverage",
    level: "segment",
    segment: "Food/Beverage",
    family: null,
    class: null,
    brick: null,
  },
  path: ["50000000"],
  attribute_count: 0,
};

/** The one brick record. */
export const BRICK: BrickRecord = {
  gpc: {
    code: "10000155",
    title: "Baking/Cooking Mixes (Frozen)",
    segment: "Food/Beverage",
    family: "Bread/Bakery Products",
    class: "Baking/Cooking Mixes/Supplies",
    brick: "Baking/Cooking Mixes (Frozen)",
  },
  attributes: [{ name: "Diabetic Claim", allowed_values: ["NO", "UNIDENTIFIED", "YES"], value_count: 3 }],
};

/** A browse record whose mapping went stale: no GPC node, nothing else known. */
export const STALE_BROWSE: BrowseRecord = {
  gpc: null,
  match_precision: null,
  match_source: null,
  inherited_from: null,
  assurance_state: "stale",
  attribute_count: 0,
};

/** The catalog statistics record. */
export const STATS = {
  products: { unique: 2, listings: 3 },
  categories: { total: 3, leaves: 2, max_depth: 2 },
  retailers: { total: 2 },
  brands: { total: 1 },
  observations: { total: 4 },
  last_updated: "2025-12-17T00:00:00Z",
};

const BRICK_CODE: CodeRecord = {
  kind: "brick",
  title: "Baking/Cooking Mixes (Frozen)",
  active: true,
  node: { ...BRICK.gpc, level: "brick" },
  path: ["50000000", "50180000", "50181700", "10000155"],
  attribute_count: 1,
};

/** Small parts; `extraCodes` attribute values 30000000, 30000001, … titled `VALUE <i>` grow codes.shard. */
export function smallParts(extraCodes = 0, declaredMapVersion = "2026.11.1"): CompiledParts {
  const codes = new Map<string, CodeRecord>([["50000000", SEGMENT], ["10000155", BRICK_CODE]]);
  for (let i = 0; i < extraCodes; i++) {
    codes.set(String(30000000 + i), {
      kind: "attribute_value",
      title: `VALUE ${i}`,
      active: true,
      attribute_count: 0,
    });
  }
  return {
    releases: [{
      gpcRelease: "v20241202",
      gpcLanguage: "EN",
      publication: "gpc/small.xml",
      declaredMapVersion,
      lexiconVersion: "2026.11.1",
      codes,
      bricks: new Map([["10000155", BRICK]]),
      browse: new Map(),
      lexicon: new Map([["frozen baking mix", { gpc: [] }]]),
      counts: { bricks: 1 },
      coverage: {},
      changes: null,
      extras: [],
    }],
    keep: 2,
    catalog: new Map([["catalog", new Map([["stats", STATS]])]]),
    inputs: [],
    counts: {},
    extras: [],
  };
}

/** A new dist in a temporary directory holding `parts` as its current build, and its map version. */
export async function distWith(
  parts: CompiledParts,
): Promise<{ dir: string; buildDir: string; mapVersion: string }> {
  const dir = await tempDir("small-dist-");
  const build = await assembleBuild(parts);
  const buildDir = await writeBuild(dir, build.id, build.files);
  return { dir, buildDir, mapVersion: build.manifest.releases[0]!.map_version };
}

/** Writes `parts` as a new build of the existing dist `dir`; returns the build directory. */
export async function rebuild(dir: string, parts: CompiledParts): Promise<string> {
  const build = await assembleBuild(parts);
  return await writeBuild(dir, build.id, build.files);
}
