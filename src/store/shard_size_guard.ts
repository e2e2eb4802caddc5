/**
 * Keeps a mapped shard from being read once its file shrank.
 *
 * Reading a page of a mapping past the end of its file raises SIGBUS, which kills the process with nothing
 * logged (exit 135). Builds never change a file they wrote, but another tool may truncate one in place; so
 * before a lookup touches the mapping, the store compares the mapped file's size (an `lseek` on the file the
 * mapping keeps open, mmap.ts) with the manifest's. A lookup only reads a flag; the size is asked at most
 * once per interval per shard (a timer re-arms the flag), so a burst of lookups costs one system call. A
 * truncation between a check and a read still raises SIGBUS: that race is why the guard is a safety net and
 * not a licence to change a served file.
 */
import { ShardCorruptError } from "./shard_reader.ts";

/** How often, at most, a mapped shard's size is checked while it is read. */
export const SIZE_CHECK_MS = 10;

/** The size check of one mapped shard. */
export class ShardSizeGuard {
  #due = true;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #failure: ShardCorruptError | undefined;

  /** `sizeNow` reads the file's size on disk (the mapping's `size`); `intervalMs` 0 checks every lookup. */
  constructor(
    private readonly sizeNow: () => number,
    private readonly path: string,
    private readonly bytes: number,
    private readonly intervalMs: number,
  ) {}

  /** Throws ShardCorruptError, naming the file, if the shard no longer has its manifest size. */
  check(): void {
    if (this.#failure !== undefined) throw this.#failure;
    if (!this.#due) return;
    this.checkNow();
    if (this.intervalMs > 0) {
      this.#due = false;
      this.#timer = setTimeout(() => {
        this.#due = true;
        this.#timer = undefined;
      }, this.intervalMs);
      // An idle server need not wake for it: the flag stays set until the next lookup.
      Deno.unrefTimer(this.#timer);
    }
  }

  /** The check, now, whatever the interval. */
  checkNow(): void {
    if (this.#failure !== undefined) throw this.#failure;
    const size = this.sizeNow();
    if (size !== this.bytes) {
      this.#failure = new ShardCorruptError(
        this.path,
        `${size} bytes on disk, the manifest says ${this.bytes}: the file changed under the running ` +
          "server, which no longer reads its mapping",
      );
      throw this.#failure;
    }
  }

  /** Stops the timer (the file is the mapping's to close). */
  close(): void {
    clearTimeout(this.#timer);
  }
}
