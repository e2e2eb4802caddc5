/**
 * Writes a build into a dist directory atomically: nothing a running server or a later build reads is
 * touched until the new build is complete.
 *
 * The files go to a temporary directory inside dist, which is then renamed to `builds/<id>` (a rename
 * within one file system is atomic), and `CURRENT` is replaced by rename last. A failure at any step
 * leaves the previous `CURRENT` and its build as they were. The id is derived from the content, so a
 * rebuild of the same inputs finds an identical directory already there and only repoints `CURRENT`.
 */
import { BUILDS_DIR, CURRENT_FILE } from "../src/manifest.ts";

/** One file of a build. */
export interface BuildFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** How many earlier builds to keep beside the current one (for rollback and for servers still on them). */
export const KEEP_PREVIOUS_BUILDS = 2;

/** Writes `files` as build `id` in `distDir` and makes it current; returns the build directory. */
export async function writeBuild(distDir: string, id: string, files: readonly BuildFile[]): Promise<string> {
  const builds = `${distDir}/${BUILDS_DIR}`;
  await Deno.mkdir(builds, { recursive: true });
  const target = `${builds}/${id}`;
  const temporary = await Deno.makeTempDir({ dir: distDir, prefix: ".building-" });
  try {
    for (const file of files) await Deno.writeFile(`${temporary}/${file.name}`, file.bytes);
    if (await sameFiles(target, files)) {
      await Deno.remove(temporary, { recursive: true });
    } else {
      // A directory of this id that differs was damaged after it was written: set it aside, never serve it.
      if (await exists(target)) await Deno.rename(target, `${distDir}/.damaged-${id}-${Date.now()}`);
      await Deno.rename(temporary, target);
    }
  } catch (error) {
    await Deno.remove(temporary, { recursive: true }).catch(() => {});
    throw error;
  }
  const pointer = `${distDir}/.${CURRENT_FILE}.${id}.tmp`;
  await Deno.writeTextFile(pointer, `${id}\n`);
  await Deno.rename(pointer, `${distDir}/${CURRENT_FILE}`);
  await pruneBuilds(builds, id);
  return target;
}

async function sameFiles(directory: string, files: readonly BuildFile[]): Promise<boolean> {
  for (const file of files) {
    let bytes: Uint8Array;
    try {
      bytes = await Deno.readFile(`${directory}/${file.name}`);
    } catch {
      return false;
    }
    if (bytes.length !== file.bytes.length || !bytes.every((b, i) => b === file.bytes[i])) return false;
  }
  return true;
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

// Oldest first by modification time; the current build is never removed.
async function pruneBuilds(builds: string, current: string): Promise<void> {
  const others: { name: string; mtime: number }[] = [];
  for await (const entry of Deno.readDir(builds)) {
    if (!entry.isDirectory || entry.name === current) continue;
    const info = await Deno.stat(`${builds}/${entry.name}`);
    others.push({ name: entry.name, mtime: info.mtime?.getTime() ?? 0 });
  }
  others.sort((a, b) => b.mtime - a.mtime || a.name.localeCompare(b.name));
  for (const old of others.slice(KEEP_PREVIOUS_BUILDS)) {
    await Deno.remove(`${builds}/${old.name}`, { recursive: true });
  }
}
