/**
 * The log's way to stdout: lines are appended to a buffer and written in batches, asynchronously, so that a
 * request never waits for the terminal or the pipe behind stdout (a synchronous write per line cost more
 * than the rest of a request). A batch is written when the buffer holds FLUSH_BYTES or FLUSH_MS after its
 * first line, whichever comes first; batches are written one after another, in order. `flushSync` writes
 * whatever is pending, and runs by itself when the process exits (the unload event), so a clean shutdown
 * loses no line. If stdout stops taking
 * lines (a reader that never reads), at most MAX_PENDING_BYTES wait; later lines are counted and the count
 * is written once stdout moves again.
 */

/** A batch is written once this many bytes (UTF-16 units) are pending. */
export const FLUSH_BYTES = 64 * 1024;
/** …or this many milliseconds after its first line. */
export const FLUSH_MS = 25;
/** Lines beyond this much pending text are dropped and counted. */
export const MAX_PENDING_BYTES = 16 * 1024 * 1024;

/** Where batches go: an async writer (the usual path) and a synchronous one (at exit). */
export interface LogOutput {
  write(bytes: Uint8Array): Promise<number>;
  writeSync(bytes: Uint8Array): number;
}

const encoder = new TextEncoder();
const buffers = new Set<LogBuffer>();

/**
 * Resolves once every line queued so far, in every buffer, has been written: call before Deno.exit, which
 * does not wait for a write under way (the unload event's flushSync writes only what is still queued).
 */
export async function logsWritten(): Promise<void> {
  await Promise.all([...buffers].map((buffer) => buffer.settled()));
}

/** Buffered lines on their way to an output (stdout by default). */
export class LogBuffer {
  #pending: string[] = [];
  #size = 0;
  #dropped = 0;
  /** Batches taken from #pending and not yet written, oldest first; the first is being written when #pump is set. */
  #batches: Uint8Array[] = [];
  /** Bytes in #batches. */
  #inFlight = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #pump: Promise<void> | undefined;

  constructor(private readonly output: LogOutput = Deno.stdout) {
    // Deno fires unload on Deno.exit and at the end of the program: what is still queued is written then.
    globalThis.addEventListener("unload", () => this.flushSync());
    buffers.add(this);
  }

  /** Queues one line (without its newline); `now` starts its batch's write at once. */
  push(line: string, now = false): void {
    if (this.#size + this.#inFlight > MAX_PENDING_BYTES) {
      this.#dropped++;
      return;
    }
    this.#pending.push(line);
    this.#size += line.length + 1;
    if (now || this.#size >= FLUSH_BYTES) this.#flush();
    else if (this.#timer === undefined) {
      this.#timer = setTimeout(() => this.#flush(), FLUSH_MS);
      // A quiet server need not wake for it: the next line or the exit flush writes it.
      Deno.unrefTimer(this.#timer);
    }
  }

  /**
   * Writes everything queued now, synchronously (for the moment before the process exits): the batches not
   * yet started, then the pending lines. A batch whose write is under way is left to that write.
   */
  flushSync(): void {
    this.#clearTimer();
    const text = this.#take();
    const waiting = this.#batches.splice(this.#pump === undefined ? 0 : 1);
    for (const batch of waiting) {
      this.#inFlight -= batch.length;
      writeAllSync(this.output, batch);
    }
    if (text !== "") writeAllSync(this.output, encoder.encode(text));
  }

  /** Resolves once every line queued so far has been written. */
  async settled(): Promise<void> {
    this.#flush();
    while (this.#pump !== undefined) await this.#pump;
  }

  #flush(): void {
    this.#clearTimer();
    const text = this.#take();
    if (text === "") return;
    const bytes = encoder.encode(text);
    this.#batches.push(bytes);
    this.#inFlight += bytes.length;
    // The write starts now, not on a later turn: a process that exits at once still has it under way.
    this.#pump ??= this.#writeBatches();
  }

  async #writeBatches(): Promise<void> {
    while (this.#batches.length > 0) {
      const batch = this.#batches[0]!;
      try {
        await writeAll(this.output, batch);
      } catch {
        // stdout closed: nothing left to tell.
      }
      this.#batches.shift();
      this.#inFlight -= batch.length;
    }
    this.#pump = undefined;
  }

  #take(): string {
    if (this.#pending.length === 0 && this.#dropped === 0) return "";
    if (this.#dropped > 0) {
      this.#pending.push(
        JSON.stringify({
          time: new Date().toISOString(),
          level: "warn",
          message: "log lines dropped: stdout did not take them",
          dropped: this.#dropped,
        }),
      );
      this.#dropped = 0;
    }
    const text = this.#pending.join("\n") + "\n";
    this.#pending = [];
    this.#size = 0;
    return text;
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}

async function writeAll(output: LogOutput, bytes: Uint8Array): Promise<void> {
  for (let done = 0; done < bytes.length;) done += await output.write(bytes.subarray(done));
}

function writeAllSync(output: LogOutput, bytes: Uint8Array): void {
  for (let done = 0; done < bytes.length;) done += output.writeSync(bytes.subarray(done));
}
