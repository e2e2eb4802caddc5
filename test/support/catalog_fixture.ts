/**
 * Catalog shards compiled for tests from hand-made snapshots, against the real embedded GPC release, and a
 * handler whose fake store serves them, so catalog tests check the compiler's real records end to end.
 */
import { readGpc } from "../../build/gpc/gpc_read.ts";
import { compileGpc } from "../../build/gpc/gpc_compile.ts";
import {
  type CatalogContext,
  compileCatalogShards,
  type CompiledCatalogShards,
} from "../../build/catalog/catalog_compile.ts";
import type { CategoryLink } from "../../build/catalog/category_resolution.ts";
import type { OfficialLevel } from "../../build/catalog/official_levels.ts";
import type { QualityThresholds } from "../../build/catalog/retailer_quality.ts";
import type { CodeRecord, GpcNodeView, LexiconRecord } from "../../src/format/shard_records.ts";
import {
  type AnswerRecord,
  type Country,
  SHARED_TEXT_KEY,
  withSharedText,
} from "../../src/format/catalog_records.ts";
import type { ShardName } from "../../src/format/manifest.ts";
import { type TestHandler, testHandler } from "./test_handler.ts";
import type { GateMode } from "./recording_gate.ts";

/** The embedded GPC publication. */
export const EMBEDDED_GPC = "data/gpc/gpc-en-v20241202-excerpt-seg50-four-families.xml";
/** The hand-made analytics snapshot (ca). */
export const ANALYTICS_CA = "test/build/catalog/fixtures/analytics_ca.csv";
/** The hand-made marketing snapshot (ca): a product at 3 retailers, a tie, deals in two periods, an empty week. */
export const MARKETING_CA = "test/build/catalog/fixtures/marketing_ca.csv";
/** The hand-made snapshot of the analyst tests (ca): four ISO weeks of bread, current oil prices. */
export const ANALYST_CA = "test/build/catalog/fixtures/analyst_ca.csv";
/** Thresholds small enough for the fixture: stale after 7 days, sparse below 2 observations or 20 %. */
export const FIXTURE_THRESHOLDS: QualityThresholds = {
  stale_after_days: 7,
  sparse_below_observations: 2,
  sparse_below_category_share: 0.2,
};

let codes: Map<string, CodeRecord> | undefined;

/** The code records of the embedded release (compiled once per test process). */
export async function embeddedCodes(): Promise<Map<string, CodeRecord>> {
  codes ??= compileGpc(await readGpc(EMBEDDED_GPC)).codes;
  return codes;
}

/** A lexicon of `phrase → brick codes`, as the compiler would store it. */
export async function lexiconOf(
  entries: Record<string, readonly string[]>,
): Promise<Map<string, LexiconRecord>> {
  const all = await embeddedCodes();
  return new Map(
    Object.entries(entries).map(([phrase, bricks]) => [phrase, {
      gpc: bricks.map((code) => all.get(code)!.node as GpcNodeView),
    }]),
  );
}

/**
 * The minimum sample of the hand-made fixtures: one item, so their few listings still check every figure's
 * arithmetic (the tests of the minimum itself compile with MIN_SAMPLE).
 */
export const FIXTURE_MIN_SAMPLE = 1;

/** What a fixture is compiled against besides its snapshots (all by country where keyed). */
export interface FixtureOptions {
  readonly links?: Record<string, readonly CategoryLink[]>;
  readonly lexicon?: Record<string, readonly string[]>;
  readonly official?: Record<string, readonly OfficialLevel[]>;
  /** Default FIXTURE_MIN_SAMPLE. */
  readonly minSample?: number;
  /** Default FIXTURE_THRESHOLDS. */
  readonly thresholds?: QualityThresholds;
}

/** Compiles `files` with the fixture thresholds, the given links, lexicon and official levels. */
export async function compileFixture(
  files: readonly string[] = [ANALYTICS_CA],
  options: FixtureOptions = {},
): Promise<CompiledCatalogShards> {
  const context: CatalogContext = {
    codes: await embeddedCodes(),
    lexicon: await lexiconOf(options.lexicon ?? {}),
    links: new Map(Object.entries(options.links ?? {}) as [Country, readonly CategoryLink[]][]),
    official: new Map(Object.entries(options.official ?? {}) as [Country, readonly OfficialLevel[]][]),
    thresholds: options.thresholds ?? FIXTURE_THRESHOLDS,
    minSample: options.minSample ?? FIXTURE_MIN_SAMPLE,
  };
  return await compileCatalogShards(files, context);
}

/** A test handler whose store also serves the compiled catalog shards. */
export function catalogHandler(
  compiled: CompiledCatalogShards,
  options: { gate?: GateMode; now?: () => number; env?: Record<string, string> } = {},
): TestHandler {
  const handler = testHandler(options);
  for (const [shard, records] of compiled.shards) {
    for (const [key, record] of records) handler.store.catalogRecords.set(`${shard}:${key}`, record);
  }
  return handler;
}

/** A precomputed fragment of `shard` as the JSON object an answer holds (its shared texts in place). */
export function fragmentObject(
  compiled: CompiledCatalogShards,
  shard: ShardName,
  fragment: string | null | undefined,
  country: Country = "ca",
  common = "",
  // deno-lint-ignore no-explicit-any
): any {
  const shared = compiled.shards.get(shard)!.get(`${country}:${SHARED_TEXT_KEY}`) as
    | readonly string[]
    | undefined;
  return JSON.parse(`{${withSharedText(fragment ?? "", shared, common)}}`);
}

/** A precomputed answer record's fragment (the market's, or retailer `r`'s) as the JSON object an answer holds. */
export function answerObject(
  compiled: CompiledCatalogShards,
  shard: ShardName,
  record: AnswerRecord,
  r?: number,
  country: Country = "ca",
  // deno-lint-ignore no-explicit-any
): any {
  return fragmentObject(
    compiled,
    shard,
    r === undefined ? record.json : record.by_retailer[r],
    country,
    record.common,
  );
}
