/**
 * Which builds running servers hold, so that no build removes one: a server holds a shared `flock` on its
 * build's manifest.json for as long as it serves that build, and a build removes an old build directory
 * only while it holds the exclusive lock of that manifest, which it cannot get while any server holds it.
 *
 * flock locks belong to the open file, so the kernel drops them when the server exits or is killed: there
 * is no stale lease to clean up, and taking one needs only read access (a server running as another user
 * writes nothing into the dist). Limits: the locks are seen by one kernel. On NFS, Linux emulates them
 * with byte-range locks, which need the NFS lock service and refuse an exclusive lock on a read-only
 * descriptor; the build then keeps the old build and says why. Servers on other hosts sharing the dist
 * through a file system without working locks are not seen at all.
 */
import { cannotRead, MANIFEST_FILE } from "./manifest.ts";

/**
 * Holds the build in `directory` for a server: its manifest, opened and share-locked. Undefined when the
 * build is gone or being removed (the caller follows CURRENT again); throws naming the file when the
 * manifest cannot be read. Where the file system cannot lock, the manifest is returned unlocked.
 */
export function holdBuild(directory: string): Deno.FsFile | undefined {
  const path = `${directory}/${MANIFEST_FILE}`;
  let file: Deno.FsFile;
  try {
    file = Deno.openSync(path, { read: true });
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw cannotRead(path, error);
  }
  try {
    let locked = true;
    try {
      locked = file.tryLockSync(false);
    } catch {
      // No locks here (see above): serve unheld rather than not at all.
    }
    // Not locked: a build holds it exclusively to remove it. Locked but unlinked: removed before we locked.
    if (locked && sameFile(file, path)) return file;
  } catch (error) {
    file.close();
    throw error;
  }
  file.close();
  return undefined;
}

/** True while `path` still names the open `file` (not removed, not replaced, still visible to us). */
export function sameFile(file: Deno.FsFile, path: string): boolean {
  let named: Deno.FileInfo;
  try {
    named = Deno.statSync(path);
  } catch {
    return false;
  }
  const open = file.statSync();
  // Windows has no inode numbers; there a name that still exists is taken as the same file.
  return open.ino === null || named.ino === null || (open.ino === named.ino && open.dev === named.dev);
}

/**
 * Claims the build in `directory` for removal: its manifest, locked exclusively (close it after removing
 * the directory), "held" while a server holds the build, or null when the build has no manifest (no
 * server can serve it). Throws when the file system cannot lock: the build must then be kept.
 */
export async function claimForRemoval(directory: string): Promise<Deno.FsFile | "held" | null> {
  let file: Deno.FsFile;
  try {
    file = await Deno.open(`${directory}/${MANIFEST_FILE}`, { read: true });
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return null;
    throw error;
  }
  try {
    if (await file.tryLock(true)) return file;
  } catch (error) {
    file.close();
    throw error;
  }
  file.close();
  return "held";
}
