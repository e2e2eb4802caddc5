/**
 * Writes a build into a dist directory atomically: nothing a running server or a later build reads is
 * touched until the new build is complete.
 *
 * The files go to a temporary directory inside dist, which is then renamed to `builds/<id>` (a rename
 * within one file system is atomic), and `CURRENT` is replaced by rename last. A failure at any step
 * leaves the previous `CURRENT` and its build as they were. The id is derived from the content, so a
 * rebuild of the same inputs finds an identical directory already there and only repoints `CURRENT`; a
 * directory of that id that differs (damaged after it was written) is left alone and the build is written
 * beside it as `<id>.r<n>`. Files and directories are synced before each rename. No build ever writes into
 * an existing build directory: a server may have its files mapped, and a mapped file that shrinks kills it.
 *
 * A build holds the dist's lock while it writes (dist_lock.ts): builds run one at a time, and what killed
 * builds left is removed first. Directories and files are created with the usual modes less the umask
 * (0777 and 0666), so a server running as another user can read what the umask lets it read. Old builds
 * are pruned after CURRENT moved, never one a running server holds (build_pruning.ts).
 */
import { BUILDS_DIR, CURRENT_FILE } from "../../src/format/manifest.ts";
import { BUILDING_PREFIX, lockDist, pointerTemporary, removeLeftovers } from "./dist_lock.ts";
import { pruneBuilds } from "./build_pruning.ts";

/**
 * A file of a build that could not be written (the disk full, a quota, an I/O error): the operating system's
 * message names no file, so this one does; `code` keeps the system's error code (ENOSPC, EFBIG, EIO…).
 */
export class DistWriteError extends Error {
  override readonly name = "DistWriteError";
  readonly code: unknown;

  constructor(readonly path: string, cause: unknown) {
    super(`cannot write ${path}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.code = (cause as { code?: unknown } | null)?.code;
  }
}

/** One file of a build. */
export interface BuildFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/**
 * Writes `files` as build `id` in `distDir` and makes it current; returns the build directory.
 * A failure before `CURRENT` moves leaves the previous build served; a failure to prune old builds after it
 * moved is only reported through `warn`, because the new build is already live.
 */
export async function writeBuild(
  distDir: string,
  id: string,
  files: readonly BuildFile[],
  warn: (message: string) => void = () => {},
): Promise<string> {
  const builds = `${distDir}/${BUILDS_DIR}`;
  await Deno.mkdir(builds, { recursive: true });
  const lock = await lockDist(distDir, warn);
  try {
    if (lock.locked) await removeLeftovers(distDir);
    // Reuse an identical directory; never touch one that differs (CURRENT may name it): write beside it.
    let name = id;
    for (let n = 1; !(await sameFiles(`${builds}/${name}`, files)); n++) {
      if (!(await exists(`${builds}/${name}`))) {
        await writeDirectory(distDir, `${builds}/${name}`, files);
        break;
      }
      warn(`${builds}/${name} differs from what this build writes (damaged?); writing beside it`);
      name = `${id}.r${n}`;
    }
    const pointer = `${distDir}/${pointerTemporary(name)}`;
    await writeDurably(pointer, new TextEncoder().encode(`${name}\n`));
    await Deno.rename(pointer, `${distDir}/${CURRENT_FILE}`);
    await syncDirectory(distDir);
    try {
      await pruneBuilds(builds, name, warn);
    } catch (error) {
      warn(`could not remove old builds: ${error instanceof Error ? error.message : String(error)}`);
    }
    return `${builds}/${name}`;
  } finally {
    lock.release();
  }
}

// Files are flushed before the rename, so after a crash a directory's name never outlives its contents.
async function writeDirectory(distDir: string, target: string, files: readonly BuildFile[]): Promise<void> {
  const temporary = await makeTemporaryDirectory(distDir);
  try {
    for (const file of files) await writeDurably(`${temporary}/${file.name}`, file.bytes);
    await syncDirectory(temporary);
    await Deno.rename(temporary, target);
    await syncDirectory(`${distDir}/${BUILDS_DIR}`);
  } catch (error) {
    await Deno.remove(temporary, { recursive: true }).catch(() => {});
    throw error;
  }
}

// Not Deno.makeTempDir, which makes 0700 whatever the umask: mkdir's 0777 less the umask, as for any directory.
async function makeTemporaryDirectory(distDir: string): Promise<string> {
  for (let attempt = 1;; attempt++) {
    const suffix = Array.from(
      crypto.getRandomValues(new Uint8Array(6)),
      (b) => b.toString(16).padStart(2, "0"),
    );
    const path = `${distDir}/${BUILDING_PREFIX}${suffix.join("")}`;
    try {
      await Deno.mkdir(path);
      return path;
    } catch (error) {
      if (!(error instanceof Deno.errors.AlreadyExists) || attempt === 5) throw error;
    }
  }
}

async function writeDurably(path: string, bytes: Uint8Array): Promise<void> {
  try {
    const file = await Deno.open(path, { write: true, create: true, truncate: true });
    try {
      for (let offset = 0; offset < bytes.length;) offset += await file.write(bytes.subarray(offset));
      await file.sync();
    } finally {
      file.close();
    }
  } catch (error) {
    throw new DistWriteError(path, error);
  }
}

async function syncDirectory(path: string): Promise<void> {
  let directory: Deno.FsFile;
  try {
    directory = await Deno.open(path);
  } catch {
    return; // Platforms that cannot open a directory cannot sync one either.
  }
  try {
    await directory.sync();
  } catch {
    // Some file systems refuse fsync on directories; the renames are still atomic.
  } finally {
    directory.close();
  }
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
