/**
 * One build: read every input, check them against each other, precompute, assemble, write atomically.
 */
import { describeInputs, findBuildInputs } from "./input/build_inputs.ts";
import { assembleBuild, type AssembledBuild } from "./dist/dist_assemble.ts";
import { writeBuild } from "./dist/dist_writer.ts";
import type { Progress } from "./progress.ts";
import { readGpc } from "./gpc/gpc_read.ts";
import { gpcCounts, validateGpcRelease } from "./gpc/gpc_validate.ts";
import { compileGpc } from "./gpc/gpc_compile.ts";
import { buildPlacementIndex } from "./gpc/gpc_placements.ts";
import { type BuildWarning, StrictBuildError } from "./input/build_warning.ts";
import { compileContent } from "./content/content_compile.ts";
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

/** Options of one build. */
export interface BuildDistOptions {
  /** Warnings fail the build (nothing is written). */
  readonly strict?: boolean;
}

/** Compiles `dataDir` into shards and a manifest, in memory. */
export async function compileData(dataDir: string, progress: Progress): Promise<CompiledBuild> {
  const inputs = findBuildInputs(dataDir);
  progress.step(`reading GPC publication ${inputs.gpc}`);
  const release = await readGpc(inputs.gpc, (done, total) => progress.advance(done, total));
  validateGpcRelease(release);
  const gpc = compileGpc(release);
  const gpcFigures = gpcCounts(release);
  progress.line(
    `GPC ${release.release} (${release.language || "no language"}): ${gpcFigures.segments} segments, ` +
      `${gpcFigures.families} families, ${gpcFigures.classes} classes, ${gpcFigures.bricks} bricks, ` +
      `${gpcFigures.attribute_types} attribute types, ${gpcFigures.attribute_values} values`,
  );

  const placements = buildPlacementIndex(release);
  const content = await compileContent(inputs, gpc.codes, release.release, placements, progress);
  const warnings = [...content.warnings];

  const catalogCounts: Record<string, number> = {};
  const catalogExtras: BuildFile[] = [];
  let catalog: ReadonlyMap<ShardName, ReadonlyMap<string, unknown>> = new Map();
  if (inputs.catalog.length > 0) {
    progress.step(`reading catalog snapshots ${inputs.catalog.join(", ")}`);
    const read = await compileCatalog([...inputs.catalog]);
    const links = await compileCatalogLinks(`${dataDir}/catalog`, inputs.catalogTables, read, gpc.codes);
    const compiled = await compileCatalogShardsOf(read, {
      codes: gpc.codes,
      lexicon: content.lexicon,
      links: links.categoryLinks,
      official: links.official,
    });
    catalog = compiled.shards;
    const stats = compiled.shards.get("catalog")!.get("stats") as CatalogStats;
    catalogCounts.catalog_observations = stats.observations.total;
    catalogCounts.catalog_products = stats.products.unique;
    catalogCounts.catalog_retailers = stats.retailers.total;
    progress.line(
      `catalog: ${stats.observations.total} observations, ${stats.products.unique} products, ` +
        `${stats.retailers.total} retailers, ${stats.brands.total} brands, ${stats.categories.total} categories, ` +
        `latest ${stats.last_updated}`,
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
    Object.assign(catalogCounts, links.counts);
    catalogExtras.push({
      name: "catalog-report.json",
      bytes: new TextEncoder().encode(
        `${JSON.stringify({ ...compiled.report, ...links.report }, null, 2)}\n`,
      ),
    });
  } else {
    const message = `no catalog snapshot in ${dataDir}/catalog: the stats endpoint will answer 503`;
    warnings.push({ file: `${dataDir}/catalog`, where: "", message });
    progress.line(`warning: ${message}`);
  }

  const assembled = await assembleBuild({
    gpcRelease: release.release,
    gpcLanguage: release.language,
    declaredMapVersion: content.mapVersion,
    lexiconVersion: content.lexiconVersion,
    codes: gpc.codes,
    bricks: gpc.bricks,
    browse: content.browse,
    lexicon: content.lexicon,
    catalog,
    inputs: await describeInputs(inputs),
    counts: { ...gpcFigures, ...content.counts, ...catalogCounts },
    coverage: content.coverage,
    extras: [...content.extras, ...catalogExtras],
  });
  return { ...assembled, warnings };
}

/** Compiles `dataDir` and writes it as the current build of `outDir`; prints a summary. */
export async function buildDist(
  dataDir: string,
  outDir: string,
  progress: Progress,
  options: BuildDistOptions = {},
): Promise<CompiledBuild> {
  const started = performance.now();
  const build = await compileData(dataDir, progress);
  if (options.strict === true && build.warnings.length > 0) throw new StrictBuildError(build.warnings);
  progress.step(`writing ${outDir}`);
  const directory = await writeBuild(
    outDir,
    build.id,
    build.files,
    (message) => progress.line(`warning: ${message}`),
  );
  const bytes = build.files.reduce((sum, file) => sum + file.bytes.length, 0);
  const shards = Object.values(build.manifest.shards).map((s) => `${s.file} ${s.records}`).join(", ");
  progress.line(`shards: ${shards}`);
  progress.line(
    `built ${build.id} in ${((performance.now() - started) / 1000).toFixed(2)} s: ` +
      `${build.files.length} files, ${(bytes / 1024).toFixed(1)} KiB in ${directory}`,
  );
  return build;
}

/** True when `outDir`'s current build was compiled from exactly the inputs now in `dataDir`. */
export async function distIsCurrent(dataDir: string, outDir: string): Promise<boolean> {
  let manifest;
  try {
    const directory = resolveBuildDirectory(outDir);
    manifest = checkManifest(directory, JSON.parse(await Deno.readTextFile(`${directory}/${MANIFEST_FILE}`)));
    for (const shard of Object.values(manifest.shards)) {
      if ((await Deno.stat(`${directory}/${shard.file}`)).size !== shard.bytes) return false;
    }
  } catch {
    return false;
  }
  const now = await describeInputs(findBuildInputs(dataDir));
  return JSON.stringify(now) === JSON.stringify(manifest.inputs);
}
