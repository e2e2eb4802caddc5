/**
 * Shared helpers of the mapping, tree and lexicon tests: small hand-made GPC code maps, the code map of the
 * real GPC excerpt, read with a quick regular-expression pass over its XML (the excerpt is plain GS1 XML with
 * one element per line) and compiled with the real compiler, and the content of a whole data folder.
 */
import { compileGpc } from "../../../build/gpc/gpc_compile.ts";
import { compileContent } from "../../../build/content/content_compile.ts";
import { buildPlacementIndex } from "../../../build/gpc/gpc_placements.ts";
import { readGpc } from "../../../build/gpc/gpc_read.ts";
import { findBuildInputs } from "../../../build/input/build_inputs.ts";
import { recordingProgress } from "../../../build/progress.ts";
import { parseBrowseTreeCsv } from "../../../build/content/browse_tree_reader.ts";
import type { BrowseTree } from "../../../build/content/browse_tree.ts";
import { type MappingTable, parseMappingTable } from "../../../build/content/mapping_table_reader.ts";
import { compileBrowseRecords, type CompiledBrowse } from "../../../build/content/mapping_inheritance.ts";
import type {
  GpcAttributeType,
  GpcBrick,
  GpcClass,
  GpcFamily,
  GpcRelease,
  GpcSegment,
} from "../../../build/gpc/gpc_model.ts";
import type { CodeRecord, GpcLevel, GpcNodeView } from "../../../src/format/shard_records.ts";

/** The real GPC excerpt (segment 50, four families, 130 bricks). */
export const GPC_EXCERPT = "/work/shared/data/gpc/gpc-en-v20241202-excerpt-seg50-four-families.xml";

/** The real Amazon US grocery browse tree. */
export const AMAZON_TREE =
  "/work/shared/data/amazon-browse-nodes-us-grocery/amazon_us_grocery_nodes_with_parents.csv";

/** A hierarchy node for a hand-made code map; ancestry titles are "<level> <code>" of the given path. */
export function hierarchyCode(
  path: readonly string[],
  options: { active?: boolean; attributes?: number; title?: string } = {},
): [string, CodeRecord] {
  const levels: GpcLevel[] = ["segment", "family", "class", "brick"];
  const code = path[path.length - 1]!;
  const level = levels[path.length - 1]!;
  const title = options.title ?? `${level} ${code}`;
  const titleAt = (
    at: number,
  ) => (at < path.length - 1 ? `${levels[at]} ${path[at]}` : at === path.length - 1 ? title : null);
  const node: GpcNodeView = {
    code,
    title,
    level,
    segment: titleAt(0),
    family: titleAt(1),
    class: titleAt(2),
    brick: titleAt(3),
  };
  return [code, {
    kind: level,
    title,
    active: options.active ?? true,
    node,
    path,
    attribute_count: level === "brick" ? options.attributes ?? 0 : 0,
  }];
}

/** An attribute type or value code for a hand-made code map. */
export function attributeCode(
  code: string,
  kind: "attribute_type" | "attribute_value",
): [string, CodeRecord] {
  return [code, { kind, title: `${kind} ${code}`, active: true, attribute_count: 0 }];
}

/**
 * A small release: segment 50000000 › family 50180000 › class 50181700 › bricks 10000155 (3 attributes) and
 * 10000156 (inactive, 2 attributes), class 50181800 (inactive) › brick 10000157 (1 attribute), class
 * 50181900 › brick 10000164 (no attributes); attribute type 20000056, attribute value 30002960.
 */
export function smallCodes(): Map<string, CodeRecord> {
  return new Map([
    hierarchyCode(["50000000"]),
    hierarchyCode(["50000000", "50180000"]),
    hierarchyCode(["50000000", "50180000", "50181700"]),
    hierarchyCode(["50000000", "50180000", "50181700", "10000155"], { attributes: 3 }),
    hierarchyCode(["50000000", "50180000", "50181700", "10000156"], { active: false, attributes: 2 }),
    hierarchyCode(["50000000", "50180000", "50181800"], { active: false }),
    hierarchyCode(["50000000", "50180000", "50181800", "10000157"], { attributes: 1 }),
    hierarchyCode(["50000000", "50180000", "50181900"]),
    hierarchyCode(["50000000", "50180000", "50181900", "10000164"]),
    attributeCode("20000056", "attribute_type"),
    attributeCode("30002960", "attribute_value"),
  ]);
}

/** The inheritance scenario of test/fixtures/mapping/inheritance_*.csv, compiled against `smallCodes()`. */
export function inheritanceScenario(): { tree: BrowseTree; table: MappingTable; compiled: CompiledBrowse } {
  const fixture = (name: string) => Deno.readTextFileSync(new URL(`./fixtures/${name}`, import.meta.url));
  const { tree } = parseBrowseTreeCsv(fixture("inheritance_tree.csv"), "inheritance_tree.csv");
  const table = parseMappingTable(fixture("inheritance_mapping.csv"), "inheritance_mapping.csv", tree);
  return { tree, table, compiled: compileBrowseRecords(tree, table, smallCodes()) };
}

const ELEMENT = /<(segment|family|class|brick|attType|attValue)\s([^>]*?)\/?>/g;
const ATTRIBUTE = /(\w+)="([^"]*)"/g;

/** The code map of a GS1 GPC XML file, compiled by build/gpc_compile.ts from a regular-expression read. */
export function gpcCodesFromXml(path: string): Map<string, CodeRecord> {
  const text = Deno.readTextFileSync(path);
  const segments: GpcSegment[] = [];
  let family: GpcFamily | undefined;
  let klass: GpcClass | undefined;
  let brick: GpcBrick | undefined;
  let type: GpcAttributeType | undefined;
  for (const match of text.matchAll(ELEMENT)) {
    const fields = new Map([...match[2]!.matchAll(ATTRIBUTE)].map((a) => [a[1]!, unescapeXml(a[2]!)]));
    const entry = {
      code: fields.get("code") ?? "",
      title: fields.get("text") ?? "",
      definition: fields.get("definition") ?? "",
      active: fields.get("active") !== "false",
    };
    // The model's arrays are readonly; the read builds them in place before anything else sees them.
    switch (match[1]) {
      case "segment":
        segments.push({ ...entry, families: [] });
        break;
      case "family":
        family = { ...entry, classes: [] };
        (segments[segments.length - 1]!.families as GpcFamily[]).push(family);
        break;
      case "class":
        klass = { ...entry, bricks: [] };
        (family!.classes as GpcClass[]).push(klass);
        break;
      case "brick":
        brick = { ...entry, definitionExcludes: fields.get("definitionExcludes") ?? "", attributes: [] };
        (klass!.bricks as GpcBrick[]).push(brick);
        break;
      case "attType":
        type = { ...entry, values: [] };
        (brick!.attributes as GpcAttributeType[]).push(type);
        break;
      default:
        (type!.values as GpcAttributeType["values"][number][]).push(entry);
    }
  }
  const release: GpcRelease = { release: "v20241202", language: "EN", source: path, segments };
  return compileGpc(release).codes;
}

function unescapeXml(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The content compiled from a data folder, as the build does, and the lines it printed. */
export async function compileDataFolder(dir: string) {
  const inputs = findBuildInputs(dir);
  const release = await readGpc(inputs.gpc[0]!);
  const progress = recordingProgress();
  const content = await compileContent(
    inputs,
    compileGpc(release).codes,
    release.release,
    buildPlacementIndex(release),
    progress,
  );
  return { content, lines: progress.lines };
}
