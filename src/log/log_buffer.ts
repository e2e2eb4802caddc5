/**
 * The log's way to stdout: each line is encoded at once into a reused byte chunk, and chunks are written in
 * batches, asynchronously, so that a request never waits for the terminal or the pipe behind stdout (a
 * synchronous write per line cost more than the rest of a request). A line's text dies as soon as it is
 * encoded: strings held until a batch is written would outlive the young generation's collections, be
 * promoted, and lengthen every collection after (the access log's tail). A batch is written when its chunk
 * holds FLUSH_BYTES or FLUSH_MS after its first line, whichever comes first; batches are written one after
 * another, in order, and their chunks reused. `flushSync` writes whatever is pending, and runs by itself when
 * the process exits (the unload event), so a clean shutdown loses no line. If stdout stops taking lines (a
 * reader that never reads), at most MAX_PENDING_BYTES wait; later lines are counted and the count is written
 * once stdout moves again; and the exit waits for it at most EXIT_WAIT_MS (`logsWritten`).
 *
 * A write handed to Deno (`Deno.stdout.write`) is done on a pool thread: a process that calls `Deno.exit`
 * without awaiting `logsWritten()` can lose the batch under way (measured: 11 of 30 exits a second after
 * start). Every exit of the service awaits it. (A worker thread writing from shared memory, whose progress the
 * exit could wait for, lost nothing, but cost classify 1 id about 5 % of its requests/s: docs/performance.md.)
 */

/** A batch is written once this many bytes are pending. */
export const FLUSH_BYTES = 64 * 1024;
/** …or this many milliseconds after its first line. */
export const FLUSH_MS = 25;
/** Lines beyond this many pending bytes are dropped and counted. */
export const MAX_PENDING_BYTES = 16 * 1024 * 1024;
/** A chunk's size: a batch and the longest line that still joins it (a longer one is encoded alone). */
const CHUNK_BYTES = 2 * FLUSH_BYTES;
/** Chunks kept for reuse once written. */
const SPARE_CHUNKS = 4;

/** Where batches go: an async writer (the usual path) and a synchronous one (at exit). */
export interface LogOutput {
  write(bytes: Uint8Array): Promise<number>;
  writeSync(bytes: Uint8Array): number;
}

/** A line that writes its own bytes (see request_line.ts): at most `most` of them, without its newline. */
export interface LineWriter {
  readonly most: number;
  /** Writes the line at `at` of `chunk` and returns its end, or -1 when it cannot (nothing is kept then). */
  writeInto(chunk: Uint8Array, at: number): number;
}

const encoder = new TextEncoder();
const buffers = new Set<LogBuffer>();

/** How long `logsWritten` waits for stdout before the process exits without what it did not take. */
export const EXIT_WAIT_MS = 2_000;

/**
 * Resolves true once every line queued so far, in every buffer, has been written: call before Deno.exit,
 * which does not wait for a write under way (the unload event's flushSync writes only what is still queued).
 * After `waitMs` it resolves false instead, and the buffers give up what is pending (flushSync then writes
 * nothing and says so on stderr): a reader of stdout that stopped reading must not keep the process from
 * exiting, and a synchronous write to it would never return.
 */
export async function logsWritten(waitMs = EXIT_WAIT_MS): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => timer = setTimeout(() => resolve(false), waitMs));
  const written = Promise.all([...buffers].map((buffer) => buffer.settled())).then(() => true as const);
  try {
    const done = await Promise.race([written, late]);
    if (!done) {
      for (const buffer of buffers) buffer.giveUp();
    }
    return done;
  } finally {
    clearTimeout(timer);
  }
}

/** Buffered lines on their way to an output (stdout by default). */
export class LogBuffer {
  #chunk = new Uint8Array(CHUNK_BYTES);
  /** Bytes of #chunk holding lines not yet handed to a batch. */
  #used = 0;
  #dropped = 0;
  /** Batches not yet written, oldest first; the first is being written when #pump is set. */
  #batches: Uint8Array<ArrayBuffer>[] = [];
  /** Bytes in #batches. */
  #inFlight = 0;
  #spare: Uint8Array<ArrayBuffer>[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #pump: Promise<void> | undefined;
  /** Set by giveUp, just before the exit: flushSync writes nothing. */
  #gaveUp = false;

  constructor(private readonly output: LogOutput = Deno.stdout) {
    // Deno fires unload on Deno.exit and at the end of the program: what is still queued is written then.
    globalThis.addEventListener("unload", () => this.flushSync());
    buffers.add(this);
  }

  /** Queues one line (without its newline); `now` starts its batch's write at once. */
  push(line: string, now = false): void {
    if (this.#used + this.#inFlight > MAX_PENDING_BYTES) {
      this.#dropped++;
      return;
    }
    this.#append(line);
    this.#pushed(now);
  }

  /**
   * Queues the line `writer` writes straight into the chunk, as `push` queues a text; false when the writer
   * could not write it (the caller pushes its text instead) or when it was dropped (counted, as by `push`).
   */
  pushWritten(writer: LineWriter): boolean {
    if (this.#used + this.#inFlight > MAX_PENDING_BYTES) {
      this.#dropped++;
      return true;
    }
    const most = writer.most + 1;
    if (most > CHUNK_BYTES) return false;
    if (most > CHUNK_BYTES - this.#used) this.#seal();
    const end = writer.writeInto(this.#chunk, this.#used);
    if (end < 0) return false;
    this.#chunk[end] = 10;
    this.#used = end + 1;
    this.#pushed(false);
    return true;
  }

  /** Starts a batch's write when it is due, or its timer. */
  #pushed(now: boolean): void {
    if (now || this.#used >= FLUSH_BYTES) this.#flush();
    else if (this.#timer === undefined && this.#used > 0) {
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
    if (this.#gaveUp) return;
    this.#noteDropped();
    const waiting = this.#batches.splice(this.#pump === undefined ? 0 : 1);
    for (const batch of waiting) {
      this.#inFlight -= batch.length;
      writeAllSync(this.output, batch);
    }
    if (this.#used > 0) writeAllSync(this.output, this.#chunk.subarray(0, this.#used));
    this.#used = 0;
  }

  /**
   * Stops writing (stdout took nothing for EXIT_WAIT_MS before an exit): what is pending is dropped, and
   * stderr says how much.
   */
  giveUp(): void {
    if (this.#gaveUp) return;
    this.#gaveUp = true;
    this.#clearTimer();
    const pending = this.#used + this.#inFlight;
    if (pending === 0) return;
    const message =
      `log: stdout took nothing for ${EXIT_WAIT_MS} ms: ${pending} bytes of lines not written\n`;
    Deno.stderr.writeSync(encoder.encode(message));
  }

  /** Resolves once every line queued so far has been written. */
  async settled(): Promise<void> {
    this.#flush();
    while (this.#pump !== undefined) await this.#pump;
  }

  /** Encodes `line` and its newline after the pending ones (UTF-8 needs at most 3 bytes a UTF-16 unit). */
  #append(line: string): void {
    const most = line.length * 3 + 1;
    if (most > CHUNK_BYTES - this.#used) {
      this.#seal();
      if (most > CHUNK_BYTES) {
        this.#queue(encoder.encode(`${line}\n`));
        return;
      }
    }
    this.#used += encoder.encodeInto(line, this.#chunk.subarray(this.#used)).written;
    this.#chunk[this.#used++] = 10;
  }

  #flush(): void {
    this.#clearTimer();
    this.#noteDropped();
    this.#seal();
  }

  /** Hands the pending lines to a batch and starts writing; the next lines go to a fresh chunk. */
  #seal(): void {
    if (this.#used === 0) return;
    const batch = this.#chunk.subarray(0, this.#used);
    this.#chunk = this.#spare.pop() ?? new Uint8Array(CHUNK_BYTES);
    this.#used = 0;
    this.#queue(batch);
  }

  #queue(batch: Uint8Array<ArrayBuffer>): void {
    this.#batches.push(batch);
    this.#inFlight += batch.length;
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
      if (batch.buffer.byteLength === CHUNK_BYTES && this.#spare.length < SPARE_CHUNKS) {
        this.#spare.push(new Uint8Array(batch.buffer));
      }
    }
    this.#pump = undefined;
  }

  /** Adds the count of dropped lines as a line of its own, once there is room again. */
  #noteDropped(): void {
    if (this.#dropped === 0) return;
    const line = JSON.stringify({
      time: new Date().toISOString(),
      level: "warn",
      message: "log lines dropped: stdout did not take them",
      dropped: this.#dropped,
    });
    this.#dropped = 0;
    this.#append(line);
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
