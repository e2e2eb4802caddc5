/**
 * Reads a GS1 GPC XML publication into the normalised model, streaming (saxes) so a full release is never
 * held as a document tree.
 *
 * Shape: `<schema languageCode dateUtc>` > `<segment>` > `<family>` > `<class>` > `<brick>` > `<attType>` >
 * `<attValue>`, every node with `code`, `text`, `definition` and `active` ("true"/"false"), bricks also
 * with `definitionExcludes`. The files seen have no declaration, no namespace and CRLF line endings.
 * Children keep document order (GS1 sorts by title but not always: keep what the file says). Elements
 * GS1 does not define are skipped with their content, but a known element anywhere other than directly
 * inside its parent (a `<brick>` outside a `<class>`) is an error, as is a truncated or malformed file.
 */
import { SaxesParser, type SaxesTagPlain } from "npm:saxes@6.0.0";

type PlainOptions = { xmlns: false; position: true };
import { BuildError } from "../input/build_error.ts";
import type {
  GpcAttributeType,
  GpcBrick,
  GpcEntry,
  GpcRelease,
  GpcSegment,
  ReadProgress,
} from "./gpc_model.ts";
import { resolveReleaseId } from "./gpc_release_id.ts";
import { eightDigitCode } from "./gpc_validate.ts";

type Level = "segment" | "family" | "class" | "brick" | "attType" | "attValue";

const PARENT: Record<Level, string> = {
  segment: "schema",
  family: "segment",
  class: "family",
  brick: "class",
  attType: "brick",
  attValue: "attType",
};

interface OpenNode {
  readonly name: string;
  /** The node's children so far, or undefined for the root and skipped elements. */
  readonly children: GpcEntry[] | undefined;
}

const CHUNK_BYTES = 1 << 20;

/** Reads a GPC XML file; throws BuildError naming the file and line/column of any problem. */
export async function readGpcXml(path: string, onProgress?: ReadProgress): Promise<GpcRelease> {
  const file = await Deno.open(path, { read: true });
  try {
    const total = (await file.stat()).size;
    const reader = gpcXmlReader(path);
    const buffer = new Uint8Array(CHUNK_BYTES);
    const decoder = new TextDecoder("utf-8", { fatal: true });
    let done = 0;
    for (;;) {
      const read = await file.read(buffer);
      if (read === null) break;
      done += read;
      reader.write(decode(decoder, buffer.subarray(0, read), true, path, done));
      onProgress?.(done, total);
    }
    reader.write(decode(decoder, new Uint8Array(0), false, path, done));
    return reader.close();
  } finally {
    file.close();
  }
}

function decode(decoder: TextDecoder, bytes: Uint8Array, stream: boolean, path: string, at: number): string {
  try {
    return decoder.decode(bytes, { stream });
  } catch {
    throw new BuildError(path, `near byte ${at}`, "is not valid UTF-8");
  }
}

/** A push parser for GPC XML text, for callers that already hold the text in chunks. */
export function gpcXmlReader(path: string): { write(text: string): void; close(): GpcRelease } {
  const parser = new SaxesParser<PlainOptions>({ xmlns: false, position: true });
  const stack: OpenNode[] = [];
  const segments: GpcSegment[] = [];
  let language = "";
  let dateUtc: string | undefined;
  let sawRoot = false;
  let skipping = 0;
  let tagLine = 1;
  let tagColumn = 1;
  const here = () => `line ${tagLine} column ${tagColumn}`;

  // Elements are named by the position of their "<": saxes has read the name and the character after it.
  parser.on("opentagstart", (tag) => {
    tagLine = parser.line;
    tagColumn = Math.max(1, parser.column - tag.name.length - 1);
  });
  parser.on("opentag", (tag: SaxesTagPlain) => {
    const where = here();
    if (stack.length === 0) {
      if (tag.name !== "schema") {
        throw new BuildError(path, where, `root element is <${tag.name}>, not <schema>`);
      }
      sawRoot = true;
      language = (tag.attributes.languageCode ?? "").trim().toUpperCase();
      dateUtc = tag.attributes.dateUtc;
      stack.push({ name: "schema", children: segments as GpcEntry[] });
      return;
    }
    if (skipping > 0 || !(tag.name in PARENT)) {
      skipping++;
      stack.push({ name: tag.name, children: undefined });
      return;
    }
    const level = tag.name as Level;
    const parent = stack[stack.length - 1]!;
    if (parent.name !== PARENT[level] || parent.children === undefined) {
      throw new BuildError(path, where, `<${level}> is not directly inside a <${PARENT[level]}>`);
    }
    const node = entry(tag, level, path, where);
    parent.children.push(node);
    stack.push({ name: level, children: childrenOf(node, level) });
  });
  parser.on("closetag", () => {
    const closed = stack.pop();
    if (closed !== undefined && closed.children === undefined && closed.name !== "schema") skipping--;
  });

  const fail = (error: unknown): never => {
    if (error instanceof BuildError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    // saxes prefixes its messages with "line:column: "; our position says the same in words.
    const problem = message.replace(/^\d+:\d+: /, "");
    throw new BuildError(path, `line ${parser.line} column ${parser.column}`, `malformed XML: ${problem}`);
  };

  return {
    write(text) {
      try {
        parser.write(text);
      } catch (error) {
        fail(error);
      }
    },
    close() {
      try {
        parser.close();
      } catch (error) {
        fail(error);
      }
      if (!sawRoot) throw new BuildError(path, "line 1 column 1", "has no <schema> element");
      const release = resolveReleaseId(path, dateUtc, "<schema dateUtc>");
      return { release, language, source: path, segments };
    },
  };
}

function entry(tag: SaxesTagPlain, level: Level, path: string, where: string): GpcEntry {
  const attributes = tag.attributes;
  const rawCode = attributes.code;
  if (rawCode === undefined) throw new BuildError(path, where, `<${level}> has no code`);
  const code = eightDigitCode(rawCode, path, `${where} (${level})`);
  const at = `${where} (${level} ${code})`;
  const title = attributes.text;
  if (title === undefined) throw new BuildError(path, at, "has no text");
  const active = attributes.active;
  if (active !== undefined && active !== "true" && active !== "false") {
    throw new BuildError(path, at, `active is "${active}", not "true" or "false"`);
  }
  const base = { code, title, definition: attributes.definition ?? "", active: active !== "false" };
  switch (level) {
    case "segment":
      return { ...base, families: [] } as GpcSegment;
    case "family":
      return { ...base, classes: [] } as GpcEntry;
    case "class":
      return { ...base, bricks: [] } as GpcEntry;
    case "brick":
      return { ...base, definitionExcludes: attributes.definitionExcludes ?? "", attributes: [] } as GpcBrick;
    case "attType":
      return { ...base, values: [] } as GpcAttributeType;
    case "attValue":
      return base;
  }
}

function childrenOf(node: GpcEntry, level: Level): GpcEntry[] | undefined {
  const open = node as unknown as Record<string, GpcEntry[]>;
  switch (level) {
    case "segment":
      return open.families;
    case "family":
      return open.classes;
    case "class":
      return open.bricks;
    case "brick":
      return open.attributes;
    case "attType":
      return open.values;
    case "attValue":
      return [];
  }
}
