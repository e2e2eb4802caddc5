/**
 * The GPC publications of data/gpc/, one per release: read each (the release id comes from the file, see
 * gpc_release_id.ts), order them newest first by release id, and keep the newest `keep` to serve. Two files
 * of one release are refused naming both, since either could be meant.
 */
import { BuildError } from "../input/build_error.ts";
import type { GpcRelease, ReadProgress } from "./gpc_model.ts";
import { readGpc } from "./gpc_read.ts";

/** A publication read, with its file. */
export interface ReadPublication {
  readonly path: string;
  readonly release: GpcRelease;
}

/** Every publication, newest first, and those to serve. */
export interface Publications {
  /** Every publication read, newest first. */
  readonly all: readonly ReadPublication[];
  /** The newest `keep`, newest first: the first is the default release. */
  readonly served: readonly ReadPublication[];
}

/** Reads `paths` and picks the newest `keep` (at least 1) releases to serve. */
export async function readPublications(
  paths: readonly string[],
  keep: number,
  onRead: (path: string) => ReadProgress | undefined = () => undefined,
): Promise<Publications> {
  const all: ReadPublication[] = [];
  for (const path of paths) {
    const release = await readGpc(path, onRead(path));
    const same = all.find((read) => read.release.release === release.release);
    if (same !== undefined) {
      throw new BuildError(
        path,
        "file",
        `is release ${release.release}, like ${same.path}: keep one publication per release in the folder`,
      );
    }
    all.push({ path, release });
  }
  all.sort((a, b) => b.release.release.localeCompare(a.release.release));
  return { all, served: all.slice(0, Math.max(1, keep)) };
}
