/**
 * One build at a time per dist: a build holds an exclusive `flock` on the dist directory itself while it
 * writes there, so a second build waits for the first, and a temporary directory or pointer file that a
 * build finds while it holds the lock was left by a build that was killed: no live build can own it.
 *
 * The kernel drops the lock when its holder dies, so a killed build never blocks the next one. Where a
 * directory cannot be opened or locked (Windows, NFS without its lock service) builds go on unserialised
 * and leave leftovers alone, saying so.
 */
import { CURRENT_FILE } from "../../src/format/manifest.ts";

/** Name prefix of a build's temporary directory inside dist. */
export const BUILDING_PREFIX = ".building-";

const POINTER_PREFIX = `.${CURRENT_FILE}.`;
const POINTER_SUFFIX = ".tmp";

/** Name of the temporary pointer file that replaces CURRENT by rename. */
export function pointerTemporary(build: string): string {
  return `${POINTER_PREFIX}${build}${POINTER_SUFFIX}`;
}

/** The dist's build lock, held; `locked` false where the file system could not lock. */
export interface DistLock {
  readonly locked: boolean;
  release(): void;
}

/** Takes the build lock of `distDir`, waiting for a build in progress. */
export async function lockDist(distDir: string, warn: (message: string) => void): Promise<DistLock> {
  let directory: Deno.FsFile;
  try {
    directory = await Deno.open(distDir);
  } catch (error) {
    return unlocked(distDir, error, warn);
  }
  try {
    if (!(await directory.tryLock(true))) {
      warn(`another build is writing ${distDir}; waiting for it to finish`);
      await directory.lock(true);
    }
  } catch (error) {
    directory.close();
    return unlocked(distDir, error, warn);
  }
  return { locked: true, release: () => directory.close() };
}

function unlocked(distDir: string, error: unknown, warn: (message: string) => void): DistLock {
  warn(
    `cannot lock ${distDir} (${error instanceof Error ? error.message : String(error)}): concurrent ` +
      "builds are not kept apart and what killed builds left is not removed",
  );
  return { locked: false, release: () => {} };
}

/** Removes the temporary directories and pointer files of killed builds; call holding the lock. */
export async function removeLeftovers(distDir: string): Promise<void> {
  for await (const { name, isDirectory, isFile } of Deno.readDir(distDir)) {
    const temporaryBuild = isDirectory && name.startsWith(BUILDING_PREFIX);
    const temporaryPointer = isFile && name.startsWith(POINTER_PREFIX) && name.endsWith(POINTER_SUFFIX);
    if (temporaryBuild || temporaryPointer) await Deno.remove(`${distDir}/${name}`, { recursive: true });
  }
}
