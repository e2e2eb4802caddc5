/**
 * Removes old builds from `dist/builds/`: keeps the current build, the KEEP_PREVIOUS_BUILDS newest others
 * (for rollback) and every build a running server holds (src/format/build_lease.ts), and removes the rest,
 * each while holding its manifest's exclusive lock so that no server can start holding it meanwhile.
 */
import { claimForRemoval } from "../../src/format/build_lease.ts";

/** How many earlier builds to keep beside the current one (for rollback), held or not. */
export const KEEP_PREVIOUS_BUILDS = 2;

/** Prunes `builds` (newest first by modification time); `note` is told what was kept and why. */
export async function pruneBuilds(
  builds: string,
  current: string,
  note: (message: string) => void,
): Promise<void> {
  const others: { name: string; mtime: number }[] = [];
  for await (const entry of Deno.readDir(builds)) {
    if (!entry.isDirectory || entry.name === current) continue;
    const info = await Deno.stat(`${builds}/${entry.name}`);
    others.push({ name: entry.name, mtime: info.mtime?.getTime() ?? 0 });
  }
  others.sort((a, b) => b.mtime - a.mtime || a.name.localeCompare(b.name));
  for (const old of others.slice(KEEP_PREVIOUS_BUILDS)) {
    const path = `${builds}/${old.name}`;
    let claim: Deno.FsFile | "held" | null;
    try {
      claim = await claimForRemoval(path);
    } catch (error) {
      note(`kept ${path}: cannot tell whether a server holds it (${messageOf(error)})`);
      continue;
    }
    if (claim === "held") {
      note(`kept ${path}: a running server holds it`);
      continue;
    }
    try {
      await Deno.remove(path, { recursive: true });
    } finally {
      claim?.close();
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
