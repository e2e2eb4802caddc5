/**
 * One build: read every input, check them against each other, precompute, assemble, write atomically. A
 * build serves the newest GPC releases of data/gpc side by side (`keep`, default 2), the curated content
 * compiled for each, and the catalog once.
 */
import { type BuildInputs, describeInputs, findBuildInputs } from "./input/build_inputs.ts";
import {
  assembleBuild,
  type AssembledBuild,
  type CompiledReleaseParts,
  encodeBrowseShard,
} from "./dist/dist_assemble.ts";
import { writeBuild } from "./dist/dist_writer.ts";
import type { Progress } from "./progress.ts";
import { readPublications } from "./gpc/gpc_publications.ts";
import { gpcCounts, validateGpcRelease } from "./gpc/gpc_validate.ts";
import { type CompiledGpc, compileGpc, publishesAttributes } from "./gpc/gpc_compile.ts";
import { bricksWithDefinition, type SchemaCounts, settleSchemas } from "./gpc/attribute_schemas.ts";
import type { GpcRelease } from "./gpc/gpc_model.ts";
import { buildPlacementIndex } from "./gpc/gpc_placements.ts";
import { type BuildWarning, formatWarning, StrictBuildError } from "./input/build_warning.ts";
import { compileReadContent, readContent } from "./content/content_compile.ts";
import type { CurationOrigin } from "./content/carry_forward.ts";
import { diffReleases } from "./diff/release_diff.ts";
import { releaseChanges } from "./diff/release_changes.ts";
import type { CodeRecord } from "../src/format/shard_records.ts";
import { compileCatalogShardsOf } from "./catalog/catalog_compile.ts";
import { compileCatalog } from "./catalog/catalog_stats.ts";
import { compileCatalogLinks } from "./catalog/catalog_links_compile.ts";
import type { BuildFile } from "./dist/dist_writer.ts";
import type { CatalogStats } from "../src/format/catalog_records.ts";
import {
  checkManifest,
  MANIFEST_FILE,
  resolveBuildDirectory,
  type ShardName,
} from "../src/format/manifest.ts";

/** A build in memory, with the warnings `--strict` fails on. */
export type CompiledBuild = AssembledBuild & { readonly warnings: readonly BuildWarning[] };

/** How many GPC releases a build serves when neither `--keep` nor GPC_RELEASES_KEEP says. */
export const DEFAULT_KEEP = 2;

/** Options of one build. */
export interface BuildDistOptions {
  /** Warnings fail the build (nothing is written). */
  readonly strict?: boolean;
  /** How many of data/gpc's releases to serve, newest first (default DEFAULT_KEEP). */
  readonly keep?: number;
}

/**
 * Compiles `dataDir` into shards and a manifest, in memory: the newest `keep` GPC publications of data/gpc,
 * each with the curated content carried into it and its change summary from the next older one, and the
 * catalog once, against the default (newest) release.
 */
export async function compileData(
  dataDir: string,
  progress: Progress,
  options: Pick<BuildDistOptions, "keep"> = {},
): Promise<CompiledBuild> {
  const inputs = findBuildInputs(dataDir);
  const keep = options.keep ?? DEFAULT_KEEP;
  const publications = await readPublications(inputs.gpc, keep, (path) => {
    progress.step(`reading GPC publication ${path}`);
    return (done, total) => progress.advance(done, total);
  });
  const compiled = publications.served.map(({ path, release }) => {
    validateGpcRelease(release);
    return { path, release, gpc: compileGpc(release) };
  });
  const schemaCounts = settleSchemas(compiled.map(({ release, gpc }) => ({ release: release.release, gpc })));
  const served = compiled.map((one, index) => ({ ...one, schemaCounts: schemaCounts[index]! }));
  for (const { path, release } of publications.all.slice(served.length)) {
    progress.line(`GPC ${release.release} (${path}) is older than the ${keep} newest releases: not served`);
  }
  const otherCodes = new Map<string, ReadonlyMap<string, CodeRecord>>();
  const origin: CurationOrigin = {
    undeclared: served[0]!.release.release,
    codesOf(id) {
      const compiled = served.find((one) => one.release.release === id)?.gpc.codes ?? otherCodes.get(id);
      if (compiled !== undefined) return compiled;
      const read = publications.all.find((one) => one.release.release === id);
      if (read === undefined) return undefined;
      otherCodes.set(id, compileGpc(read.release).codes);
      return otherCodes.get(id);
    },
  };
  const { releases, warnings } = await compileReleases(dataDir, inputs, served, progress, origin);
  const catalog = await compileCatalogPart(dataDir, inputs, releases[0]!, progress);
  warnings.push(...catalog.warnings);
  const assembled = await assembleBuild({
    releases,
    keep,
    catalog: catalog.shards,
    inputs: await describeInputs(inputs),
    counts: catalog.counts,
    extras: catalog.extras,
  });
  return { ...assembled, warnings: distinctWarnings(warnings) };
}

/**
 * Compiles the curated content for each served release. The content inputs (a million-node tree at full
 * scale) are read here and freed on return, and each browse shard is encoded as soon as it is compiled, so
 * the catalog compile that follows runs on a small heap.
 */
async function compileReleases(
  dataDir: string,
  inputs: BuildInputs,
  served: readonly { path: string; release: GpcRelease; gpc: CompiledGpc; schemaCounts: SchemaCounts }[],
  progress: Progress,
  origin: CurationOrigin,
): Promise<{ releases: CompiledReleaseParts[]; warnings: BuildWarning[] }> {
  const read = await readContent(inputs, progress);
  const warnings: BuildWarning[] = [];
  const releases: CompiledReleaseParts[] = [];
  for (const [index, { path, release, gpc, schemaCounts }] of served.entries()) {
    const gpcFigures = gpcCounts(release);
    // Without attribute data, "bricks without attributes" would read as "bricks defining none".
    const { bricks_without_attributes: _bare, ...hierarchyFigures } = gpcFigures;
    progress.line(
      `GPC ${release.release} (${release.language || "no language"}${index === 0 ? ", default" : ""}): ` +
        `${gpcFigures.segments} segments, ${gpcFigures.families} families, ${gpcFigures.classes} classes, ` +
        `${gpcFigures.bricks} bricks, ${gpcFigures.attribute_types} attribute types, ` +
        `${gpcFigures.attribute_values} values`,
    );
    // A publication without attribute data places nothing: the newest served one with attributes speaks for
    // it, as its schemas do (attribute_schemas.ts).
    const placements = buildPlacementIndex(
      served.slice(index).map((one) => one.release).find(publishesAttributes) ?? release,
    );
    const content = compileReadContent(read, gpc.codes, release.release, placements, progress, origin);
    warnings.push(...content.warnings);
    const older = served[index + 1]?.release;
    releases.push({
      gpcRelease: release.release,
      gpcLanguage: release.language,
      publication: path.slice(dataDir.length + 1),
      declaredMapVersion: content.mapVersion,
      lexiconVersion: content.lexiconVersion,
      codes: gpc.codes,
      bricks: gpc.bricks,
      browse: encodeBrowseShard(content.browse),
      ...(content.trees.length === 0 ? {} : {
        trees: content.trees.map((tree) => ({
          request: tree.request,
          name: tree.name,
          declaredMapVersion: tree.mapVersion,
          browse: tree.default ? undefined : encodeBrowseShard(tree.browse),
          counts: tree.counts,
          coverage: tree.coverage,
        })),
      }),
      lexicon: content.lexicon,
      counts: {
        ...(publishesAttributes(release) ? gpcFigures : hierarchyFigures),
        bricks_with_definition: bricksWithDefinition(release),
        ...schemaCounts,
        ...content.counts,
      },
      coverage: content.coverage,
      changes: older === undefined ? null : releaseChanges(diffReleases(older, release)),
      extras: content.extras,
    });
  }
  return { releases, warnings };
}

/** The catalog compiled once, against the default release's codes and lexicon. */
async function compileCatalogPart(
  dataDir: string,
  inputs: BuildInputs,
  release: CompiledReleaseParts,
  progress: Progress,
): Promise<{
  shards: ReadonlyMap<ShardName, ReadonlyMap<string, unknown>>;
  counts: Record<string, number>;
  extras: BuildFile[];
  warnings: BuildWarning[];
}> {
  if (inputs.catalog.length === 0) {
    const message = `no catalog snapshot in ${dataDir}/catalog: the stats endpoint will answer 503`;
    progress.line(`warning: ${message}`);
    return {
      shards: new Map(),
      counts: {},
      extras: [],
      warnings: [{ file: `${dataDir}/catalog`, where: "", message }],
    };
  }
  progress.step(`reading catalog snapshots ${inputs.catalog.join(", ")}`);
  const read = await compileCatalog([...inputs.catalog]);
  const links = await compileCatalogLinks(`${dataDir}/catalog`, inputs.catalogTables, read, release.codes);
  const compiled = await compileCatalogShardsOf(read, {
    codes: release.codes,
    lexicon: release.lexicon,
    links: links.categoryLinks,
    official: links.official,
  });
  const stats = compiled.shards.get("catalog")!.get("stats") as CatalogStats;
  progress.line(
    `catalog (categories resolved against ${release.gpcRelease}): ${stats.observations.total} observations, ` +
      `${stats.products.unique} products, ${stats.retailers.total} retailers, ${stats.brands.total} brands, ` +
      `${stats.categories.total} categories, latest ${stats.last_updated}`,
  );
  for (const { catalog: c, quality, resolutions } of compiled.countries) {
    const held = quality.filter((q) => !q.serving_eligible).map((q) => `${q.name} (${q.quality_status})`);
    progress.line(
      `catalog ${c.country}: ${c.listings.length} listings, ${c.outliers} outliers excluded, ` +
        `${resolutions.keys.size} category inputs over ${resolutions.targets.length} targets; ` +
        `not serving-eligible: ${held.length === 0 ? "none" : held.join(", ")}`,
    );
  }
  for (const line of links.lines) progress.line(line);
  const report = `${JSON.stringify({ ...compiled.report, ...links.report }, null, 2)}\n`;
  return {
    shards: compiled.shards,
    counts: {
      catalog_observations: stats.observations.total,
      catalog_products: stats.products.unique,
      catalog_retailers: stats.retailers.total,
      ...links.counts,
    },
    extras: [{ name: "catalog-report.json", bytes: new TextEncoder().encode(report) }],
    warnings: [],
  };
}

/** A warning every release raises (a tree's unresolved path, a curation flag) is listed once. */
function distinctWarnings(warnings: readonly BuildWarning[]): BuildWarning[] {
  const seen = new Set<string>();
  return warnings.filter((warning) => {
    const line = formatWarning(warning);
    if (seen.has(line)) return false;
    seen.add(line);
    return true;
  });
}

/** Compiles `dataDir` and writes it as the current build of `outDir`; prints a summary. */
export async function buildDist(
  dataDir: string,
  outDir: string,
  progress: Progress,
  options: BuildDistOptions = {},
): Promise<CompiledBuild> {
  const started = performance.now();
  const build = await compileData(dataDir, progress, options);
  if (options.strict === true && build.warnings.length > 0) throw new StrictBuildError(build.warnings);
  progress.step(`writing ${outDir}`);
  const directory = await writeBuild(
    outDir,
    build.id,
    build.files,
    (message) => progress.line(`warning: ${message}`),
  );
  const bytes = build.files.reduce((sum, file) => sum + file.bytes.length, 0);
  const shards = [
    ...build.manifest.releases.flatMap((release) => Object.values(release.shards)),
    ...Object.values(build.manifest.shards),
  ]
    .map((s) => `${s.file} ${s.records}`).join(", ");
  progress.line(`shards: ${shards}`);
  progress.line(
    `built ${build.id} in ${((performance.now() - started) / 1000).toFixed(2)} s: ` +
      `${build.files.length} files, ${(bytes / 1024).toFixed(1)} KiB in ${directory}`,
  );
  return build;
}

/** True when `outDir`'s current build was compiled from exactly the inputs now in `dataDir`, keeping `keep`. */
export async function distIsCurrent(dataDir: string, outDir: string, keep = DEFAULT_KEEP): Promise<boolean> {
  let manifest;
  try {
    const directory = resolveBuildDirectory(outDir);
    manifest = checkManifest(directory, JSON.parse(await Deno.readTextFile(`${directory}/${MANIFEST_FILE}`)));
    if (manifest.keep !== keep) return false;
    const shards = [
      ...manifest.releases.flatMap((release) => Object.values(release.shards)),
      ...Object.values(manifest.shards),
    ];
    for (const shard of shards) {
      if ((await Deno.stat(`${directory}/${shard.file}`)).size !== shard.bytes) return false;
    }
  } catch {
    return false;
  }
  const now = await describeInputs(findBuildInputs(dataDir));
  return JSON.stringify(now) === JSON.stringify(manifest.inputs);
}
