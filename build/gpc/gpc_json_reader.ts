/**
 * Reads a GS1 GPC JSON publication into the normalised model.
 *
 * Shape: `{"LanguageCode","DateUtc","Schema":[…]}`, every node `{Level, Code, Title, Definition,
 * DefinitionExcludes, Active, Childs}` with Level 1 segment … 4 brick, 5 attribute type, 6 value; `Code` is a
 * number, `Childs` (sic) is `[]` at leaves, definitions are often null. An English release is ~33 MB, so the
 * file is streamed (gpc_json_splitter.ts) and only one segment's parsed value lives at a time: it is turned
 * into the model and dropped. Places are reported as JSON paths (`$.Schema[0].Childs[3]`), syntax errors
 * as line and column.
 */
import { BuildError } from "../input/build_error.ts";
import type {
  GpcAttributeType,
  GpcAttributeValue,
  GpcBrick,
  GpcClass,
  GpcEntry,
  GpcFamily,
  GpcRelease,
  GpcSegment,
  ReadProgress,
} from "./gpc_model.ts";
import { resolveReleaseId } from "./gpc_release_id.ts";
import { eightDigitCode } from "./gpc_validate.ts";
import { GpcJsonSplitter, type JsonSkeleton } from "./gpc_json_splitter.ts";

const CHUNK_BYTES = 1 << 20;
const LEVEL_NAMES = ["", "segment", "family", "class", "brick", "attribute type", "attribute value"];

/** Reads a GPC JSON file; throws BuildError naming the file and the JSON path or line of any problem. */
export async function readGpcJson(path: string, onProgress?: ReadProgress): Promise<GpcRelease> {
  const segments: GpcSegment[] = [];
  const splitter = new GpcJsonSplitter(
    path,
    (value, index) => segments.push(segment(value, `$.Schema[${index}]`, path)),
  );
  const file = await Deno.open(path, { read: true });
  let top: JsonSkeleton;
  try {
    const total = (await file.stat()).size;
    const buffer = new Uint8Array(CHUNK_BYTES);
    let done = 0;
    for (;;) {
      const read = await file.read(buffer);
      if (read === null) break;
      splitter.write(buffer.subarray(0, read));
      done += read;
      onProgress?.(done, total);
    }
    top = splitter.end();
  } finally {
    file.close();
  }
  if (!Array.isArray(top.Schema)) throw new BuildError(path, "$.Schema", "is missing or not an array");
  top.Schema.forEach((element, index) => {
    if (typeof element !== "object" || element === null || Array.isArray(element)) {
      throw new BuildError(path, `$.Schema[${index}]`, "is not an object");
    }
  });
  const language = top.LanguageCode === undefined ? "" : text(top.LanguageCode, "$.LanguageCode", path, true);
  const dateUtc = top.DateUtc === undefined || top.DateUtc === null
    ? undefined
    : text(top.DateUtc, "$.DateUtc", path, false);
  const release = resolveReleaseId(path, dateUtc, "$.DateUtc");
  return { release, language: language.trim().toUpperCase(), source: path, segments };
}

type Json = unknown;

function record(value: Json, where: string, path: string): Record<string, Json> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new BuildError(path, where, "is not an object");
  }
  return value as Record<string, Json>;
}

function text(value: Json, where: string, path: string, nullable: boolean): string {
  if (typeof value === "string") return value;
  if (nullable && (value === null || value === undefined)) return "";
  throw new BuildError(path, where, `is ${JSON.stringify(value) ?? "missing"}, not a string`);
}

function node(value: Json, level: number, where: string, path: string): [Record<string, Json>, GpcEntry] {
  const object = record(value, where, path);
  if (object.Level !== level) {
    const found = typeof object.Level === "number" ? `Level ${object.Level}` : "no Level";
    throw new BuildError(
      path,
      where,
      `${found} where a Level ${level} (${LEVEL_NAMES[level]}) belongs: under a Level ${level - 1}`,
    );
  }
  const raw = object.Code;
  if (typeof raw !== "number" && typeof raw !== "string") {
    throw new BuildError(path, `${where}.Code`, "is missing");
  }
  const code = eightDigitCode(raw, path, `${where}.Code`);
  const active = object.Active;
  if (active !== undefined && active !== null && typeof active !== "boolean") {
    throw new BuildError(path, `${where}.Active`, `is ${JSON.stringify(active)}, not true or false`);
  }
  return [object, {
    code,
    title: text(object.Title, `${where}.Title (${LEVEL_NAMES[level]} ${code})`, path, false),
    definition: text(object.Definition, `${where}.Definition`, path, true),
    active: active !== false,
  }];
}

function children<T>(
  object: Record<string, Json>,
  where: string,
  path: string,
  read: (child: Json, at: string) => T,
): T[] {
  const list = object.Childs;
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw new BuildError(path, `${where}.Childs`, "is not an array");
  return list.map((child, index) => read(child, `${where}.Childs[${index}]`));
}

function segment(value: Json, where: string, path: string): GpcSegment {
  const [object, base] = node(value, 1, where, path);
  return { ...base, families: children(object, where, path, (child, at) => family(child, at, path)) };
}

function family(value: Json, where: string, path: string): GpcFamily {
  const [object, base] = node(value, 2, where, path);
  return { ...base, classes: children(object, where, path, (child, at) => klass(child, at, path)) };
}

function klass(value: Json, where: string, path: string): GpcClass {
  const [object, base] = node(value, 3, where, path);
  return { ...base, bricks: children(object, where, path, (child, at) => brick(child, at, path)) };
}

function brick(value: Json, where: string, path: string): GpcBrick {
  const [object, base] = node(value, 4, where, path);
  return {
    ...base,
    definitionExcludes: text(object.DefinitionExcludes, `${where}.DefinitionExcludes`, path, true),
    attributes: children(object, where, path, (child, at) => attributeType(child, at, path)),
  };
}

function attributeType(value: Json, where: string, path: string): GpcAttributeType {
  const [object, base] = node(value, 5, where, path);
  return { ...base, values: children(object, where, path, (child, at) => attributeValue(child, at, path)) };
}

function attributeValue(value: Json, where: string, path: string): GpcAttributeValue {
  const [object, base] = node(value, 6, where, path);
  const grandchildren = object.Childs;
  if (Array.isArray(grandchildren) && grandchildren.length > 0) {
    throw new BuildError(path, `${where}.Childs`, `attribute value ${base.code} has children`);
  }
  return base;
}
