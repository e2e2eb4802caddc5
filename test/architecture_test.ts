/**
 * The layout is the architecture: these tests hold the code to what the folder READMEs say. Each folder of
 * src/ and build/ has a README whose `May import:` line lists the folders and top-level files its code may
 * import; an import outside that list, a missing README, a file over 300 lines, a grab-bag folder or a test
 * folder that mirrors nothing fails here.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../", import.meta.url).pathname.replace(/\/$/, "");
const MAX_LINES = 300;
const GRAB_BAGS = new Set(["utils", "util", "helpers", "helper", "common", "misc", "lib"]);

function entries(dir: string): Deno.DirEntry[] {
  return [...Deno.readDirSync(`${ROOT}/${dir}`)].sort((a, b) => a.name.localeCompare(b.name));
}

function folders(dir: string): string[] {
  return entries(dir).filter((e) => e.isDirectory).map((e) => `${dir}/${e.name}`);
}

function sourceFiles(dir: string): string[] {
  return entries(dir).flatMap((e) =>
    e.isDirectory ? sourceFiles(`${dir}/${e.name}`) : e.name.endsWith(".ts") ? [`${dir}/${e.name}`] : []
  );
}

/** The folder (`src/http`) or top-level file (`src/main.ts`) a repository path belongs to. */
function partOf(path: string): string {
  const parts = path.split("/");
  return parts.length > 2 ? parts.slice(0, 2).join("/") : path;
}

function normalise(path: string): string {
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "..") out.pop();
    else if (part !== "." && part !== "") out.push(part);
  }
  return out.join("/");
}

const IMPORT = /(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g;

/** Every relative import of a file, as repository paths. */
function importsOf(file: string): string[] {
  const text = Deno.readTextFileSync(`${ROOT}/${file}`);
  const dir = file.slice(0, file.lastIndexOf("/"));
  return [...text.matchAll(IMPORT)].map((match) => normalise(`${dir}/${match[1]}`));
}

function mayImport(folder: string): string[] {
  const readme = Deno.readTextFileSync(`${ROOT}/${folder}/README.md`);
  // The list item may wrap onto indented continuation lines.
  const item = /^- May import: (.+(?:\n {2}.+)*)$/m.exec(readme);
  assert.ok(item, `${folder}/README.md has no "- May import:" line`);
  const list = item[1]!.replace(/\s+/g, " ").trim();
  return list === "nothing" ? [] : list.split(",").map((part) => part.trim());
}

function allowed(target: string, rules: readonly string[]): boolean {
  return rules.some((rule) =>
    rule === target || (rule.endsWith("/*") && target.startsWith(rule.slice(0, -1)))
  );
}

const PARTS = [...folders("src"), ...folders("build")];

Deno.test("every folder of src/ and build/ opens with a README saying what it may import", () => {
  for (const folder of PARTS) {
    assert.ok(mayImport(folder) !== undefined, folder);
  }
});

Deno.test("every import between folders is one the importing folder's README allows", () => {
  const violations: string[] = [];
  for (const folder of PARTS) {
    const rules = mayImport(folder);
    for (const file of sourceFiles(folder)) {
      for (const target of importsOf(file)) {
        const part = partOf(target);
        if (part !== folder && !allowed(part, rules)) violations.push(`${file} imports ${target}`);
      }
    }
  }
  assert.deepEqual(violations, []);
});

Deno.test("nothing in src/ imports build/, and build/ imports nothing of src/ but the format", () => {
  const violations: string[] = [];
  for (const file of sourceFiles("src")) {
    for (const target of importsOf(file)) {
      if (target.startsWith("build/")) violations.push(`${file} → ${target}`);
    }
  }
  for (const file of sourceFiles("build")) {
    for (const target of importsOf(file)) {
      if (target.startsWith("src/") && !target.startsWith("src/format/")) {
        violations.push(`${file} → ${target}`);
      }
    }
  }
  assert.deepEqual(violations, []);
});

Deno.test("src/ and build/ each hold at most 4 files at the top and at least 4 feature folders", () => {
  for (const top of ["src", "build"]) {
    const files = entries(top).filter((e) => e.isFile).map((e) => e.name);
    assert.ok(files.length <= 4, `${top}/ holds ${files.length} files: ${files.join(", ")}`);
    assert.ok(folders(top).length >= 4, `${top}/ holds ${folders(top).length} folders`);
  }
});

Deno.test("no source file of src/ or build/ is over 300 lines", () => {
  const long = [...sourceFiles("src"), ...sourceFiles("build")]
    .map((file) => ({ file, lines: Deno.readTextFileSync(`${ROOT}/${file}`).split("\n").length - 1 }))
    .filter(({ lines }) => lines > MAX_LINES);
  assert.deepEqual(long, []);
});

Deno.test("no folder is a grab bag (utils, helpers, common, misc, lib)", () => {
  const walk = (dir: string): string[] => folders(dir).flatMap((folder) => [folder, ...walk(folder)]);
  const bags = ["src", "build", "test"].flatMap(walk).filter((f) => GRAB_BAGS.has(f.split("/").pop()!));
  assert.deepEqual(bags, []);
});

Deno.test("test/ mirrors the folders: test/<part> for src/<part>, test/build/<part> for build/<part>", () => {
  const orphans: string[] = [];
  for (const folder of folders("test")) {
    const name = folder.slice("test/".length);
    if (name === "support" || name === "build") continue;
    if (!PARTS.includes(`src/${name}`)) orphans.push(folder);
  }
  for (const folder of folders("test/build")) {
    if (!PARTS.includes(`build/${folder.slice("test/build/".length)}`)) orphans.push(folder);
  }
  assert.deepEqual(orphans, []);
});
