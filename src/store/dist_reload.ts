/**
 * Serving a newly built dist without a restart: on SIGHUP, or when DIST_DIR/CURRENT names another build,
 * open what DIST_DIR names now, verify it completely (the manifest when opening, then every shard's sha256),
 * and only then swap it in (dist_holder.ts). A dist that fails is refused with one `error` line naming the
 * file, closed, and the served one goes on answering. Reloads run one at a time, in order.
 *
 * The watch covers a dist root (a directory holding CURRENT), not one build directory: builds are
 * immutable and only CURRENT moves. A build replaces CURRENT by rename, so the watch looks at the root's
 * entries and reacts to any event naming CURRENT, debounced; a reload it starts does nothing when CURRENT
 * still names the served build.
 */
import type { DistHolder } from "./dist_holder.ts";
import type { OpenedStore } from "./store.ts";
import { CURRENT_FILE, resolveBuildDirectory } from "../format/manifest.ts";

/** A log line's level. */
export type ReloadLogLevel = "info" | "warn" | "error";

/** What a reloader works with. */
export interface ReloadOptions<T> {
  readonly distDir: string;
  readonly holder: DistHolder<T>;
  /** Opens the dist DIST_DIR names (openStore with the runtime's options). */
  readonly open: (distDir: string) => OpenedStore;
  /** What the requests of a newly opened dist are answered with. */
  readonly valueOf: (dist: OpenedStore) => T;
  readonly log: (level: ReloadLogLevel, fields: Record<string, unknown>) => void;
}

/** Swaps in newly built dists. */
export interface DistReloader {
  /**
   * Opens, verifies and swaps in the dist DIST_DIR names; with `onlyIfMoved`, only when that is another
   * build than the one served. Resolves true when it swapped.
   */
  reload(reason: string, onlyIfMoved?: boolean): Promise<boolean>;
  /** Watches DIST_DIR/CURRENT when DIST_DIR is a dist root; returns the function that stops the watch. */
  watch(debounceMs?: number): () => void;
}

/** How long the watch waits after the last event naming CURRENT. */
export const WATCH_DEBOUNCE_MS = 100;

/** A reloader over `options.holder`. */
export function createDistReloader<T>(options: ReloadOptions<T>): DistReloader {
  const { distDir, holder, log } = options;
  let queue: Promise<unknown> = Promise.resolve();

  async function attempt(reason: string, onlyIfMoved: boolean): Promise<boolean> {
    const served = holder.current.dist.directory;
    let next: OpenedStore;
    try {
      if (onlyIfMoved && resolveBuildDirectory(distDir) === served) return false;
      next = options.open(distDir);
    } catch (error) {
      log("error", {
        message: `${reason}: refused DIST_DIR=${distDir}: ${messageOf(error)}`,
        serving: served,
      });
      return false;
    }
    let value: T;
    try {
      await next.verify();
      value = options.valueOf(next);
    } catch (error) {
      next.close();
      log("error", {
        message: `${reason}: refused ${next.directory}: ${messageOf(error)}`,
        serving: served,
      });
      return false;
    }
    const old = holder.swap(next, value);
    log("info", {
      message: `${reason}: serving ${next.directory}`,
      previous: old.directory,
      default_release: next.versions.gpc_release,
      releases: next.releases.map((release) => release.versions.gpc_release),
      map_version: next.versions.map_version,
    });
    return true;
  }

  function reload(reason: string, onlyIfMoved = false): Promise<boolean> {
    const run = queue.then(() => attempt(reason, onlyIfMoved));
    queue = run.catch(() => {});
    return run;
  }

  function watch(debounceMs = WATCH_DEBOUNCE_MS): () => void {
    let watcher: Deno.FsWatcher;
    try {
      if (resolveBuildDirectory(distDir) === distDir) return () => {};
      watcher = Deno.watchFs(distDir, { recursive: false });
    } catch (error) {
      log("warn", {
        message: `cannot watch ${distDir}/${CURRENT_FILE}: ${messageOf(error)}; SIGHUP still reloads`,
      });
      return () => {};
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    (async () => {
      for await (const event of watcher) {
        if (!event.paths.some((path) => path.slice(path.lastIndexOf("/") + 1) === CURRENT_FILE)) continue;
        clearTimeout(timer);
        timer = setTimeout(() => {
          timer = undefined;
          void reload(`${CURRENT_FILE} changed`, true);
        }, debounceMs);
      }
    })().catch((error) => {
      if (!stopped) log("warn", { message: `the watch of ${distDir} ended: ${messageOf(error)}` });
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      try {
        watcher.close();
      } catch {
        // Closed already.
      }
    };
  }

  return { reload, watch };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
