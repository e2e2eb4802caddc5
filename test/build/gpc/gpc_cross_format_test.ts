import { deepStrictEqual, ok, rejects } from "node:assert/strict";
import type { GpcRelease } from "../../../build/gpc/gpc_model.ts";
import { readGpc } from "../../../build/gpc/gpc_read.ts";
import { readGpcJson } from "../../../build/gpc/gpc_json_reader.ts";
import { readGpcXlsx } from "../../../build/gpc/gpc_xlsx_reader.ts";
import { readGpcXml } from "../../../build/gpc/gpc_xml_reader.ts";
import { gpcCounts, validateGpcRelease } from "../../../build/gpc/gpc_validate.ts";
import { writeGpcJson, writeGpcXlsx } from "../../support/gpc_writers.ts";
import { syntheticFullRelease } from "../../../build/scale/synthetic_release.ts";

const DATA = "/work/shared/data/gpc";
const FOUR_FAMILIES = `${DATA}/gpc-en-v20241202-excerpt-seg50-four-families.xml`;
const HIERARCHY = `${DATA}/gpc-v20251127-GB-hierarchy-only-with-AR-columns.xlsx`;

async function withDir(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "gpc_cross_" });
  try {
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** The model without the two fields that name the file rather than its content. */
const content = (release: GpcRelease) => ({ ...release, source: "", language: "" });

Deno.test("the excerpt read from XML, JSON and XLSX gives one normalised model", () =>
  withDir(async (dir) => {
    const xml = await readGpcXml(FOUR_FAMILIES);
    const jsonPath = `${dir}/GPC as of November 2024 v20241202 EN.json`;
    const xlsxPath = `${dir}/GPC as of November 2024 v20241202 GB.xlsx`;
    await Deno.writeTextFile(jsonPath, writeGpcJson(xml));
    await Deno.writeFile(xlsxPath, writeGpcXlsx(xml));
    const json = await readGpcJson(jsonPath);
    const xlsx = await readGpcXlsx(xlsxPath);
    // XLSX carries no active flag: the excerpt is all active, so nothing is lost.
    deepStrictEqual(json, { ...xml, source: jsonPath });
    deepStrictEqual(content(xlsx), content(xml));
    deepStrictEqual([json.language, xlsx.language], ["EN", ""]);
  }));

Deno.test("readGpc dispatches on the extension and refuses any other", () =>
  withDir(async (dir) => {
    const xml = await readGpc(FOUR_FAMILIES);
    const jsonPath = `${dir}/excerpt-v20241202.JSON`;
    await Deno.writeTextFile(jsonPath, writeGpcJson(xml));
    deepStrictEqual(content(await readGpc(jsonPath)), content(xml));
    deepStrictEqual(gpcCounts(await readGpc(HIERARCHY)).bricks, 5306);
    await rejects(readGpc(`${dir}/excerpt-v20241202.csv`), {
      name: "BuildError",
      where: "file name",
      problem: 'extension ".csv" is not a GPC publication format (.xml, .json, .xlsx)',
    });
  }));

Deno.test("a synthetic full release on the real hierarchy survives JSON at publication size", () =>
  withDir(async (dir) => {
    const hierarchy = await readGpcXlsx(HIERARCHY);
    deepStrictEqual(
      [
        hierarchy.segments.length,
        gpcCounts(hierarchy).families,
        gpcCounts(hierarchy).classes,
        gpcCounts(hierarchy).bricks,
      ],
      [45, 162, 937, 5306],
    );
    const synthetic = syntheticFullRelease(hierarchy);
    deepStrictEqual(syntheticFullRelease(hierarchy), synthetic, "the same seed gives the same release");
    validateGpcRelease(synthetic);
    const counts = gpcCounts(synthetic);
    deepStrictEqual([counts.segments, counts.families, counts.classes, counts.bricks], [45, 162, 937, 5306]);
    const share = counts.bricks_without_attributes / counts.bricks;
    ok(share > 0.18 && share < 0.22, `a fifth of bricks without attributes, got ${share}`);
    ok(
      counts.attribute_types >= 2000 && counts.attribute_types <= 2100,
      `attribute types ${counts.attribute_types}`,
    );
    ok(
      counts.attribute_values >= 13000 && counts.attribute_values <= 20000,
      `values ${counts.attribute_values}`,
    );
    ok(
      counts.brick_attribute_links >= 10000 && counts.brick_attribute_links < 100000,
      `links ${counts.brick_attribute_links}`,
    );
    ok(
      counts.brick_attribute_value_rows >= 100000 && counts.brick_attribute_value_rows < 400000,
      `rows ${counts.brick_attribute_value_rows}`,
    );

    const path = `${dir}/GPC as of November 2025 v20251127 EN.json`;
    await Deno.writeTextFile(path, writeGpcJson(synthetic));
    const size = (await Deno.stat(path)).size;
    ok(size > 28e6 && size < 38e6, `JSON of ~33 MB, got ${size}`);
    const progress: number[] = [];
    const started = performance.now();
    const read = await readGpcJson(path, (done) => progress.push(done));
    const elapsed = performance.now() - started;
    console.log(`read ${(size / 1e6).toFixed(1)} MB of GPC JSON in ${elapsed.toFixed(0)} ms`);
    deepStrictEqual(content(read), content(synthetic));
    deepStrictEqual([progress.length, progress.at(-1)], [Math.ceil(size / (1 << 20)), size]);
  }));
