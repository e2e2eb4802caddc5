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
 * once stdout moves again. Stdout itself is written by a worker thread (stdout_writer.ts), which is what
 * lets the exit wait for a batch already handed over.
 */
import { EXIT_WAIT_MS, StdoutWriter } from "./stdout_writer.ts";

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
  /** Blocks until every async write has been written (stdout_writer.ts); false when it gave up. */
  drainSync?(): boolean;
}

/** A line that writes its own bytes (see request_line.ts): at most `most` of them, without its newline. */
export interface LineWriter {
  readonly most: number;
  /** Writes the line at `at` of `chunk` and returns its end, or -1 when it cannot (nothing is kept then). */
  writeInto(chunk: Uint8Array, at: number): number;
}

const encoder = new TextEncoder();
const buffers = new Set<LogBuffer>();

/**
 * Resolves once every line queued so far, in every buffer, has been written, or once `waitMs` have passed
 * (false then: a reader of stdout that stopped reading must not keep the process from exiting). Call before
 * `Deno.exit`; what is still pending then is written, or given up, by the unload event's flushSync.
 */
export async function logsWritten(waitMs = EXIT_WAIT_MS): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => timer = setTimeout(() => resolve(false), waitMs));
  const written = Promise.all([...buffers].map((buffer) => buffer.settled())).then(() => true as const);
  try {
    return await Promise.race([written, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Buffered lines on their way to an output (stdout by default). */
export class LogBuffer {
  #chunk = newChunk();
  /** Bytes of #chunk holding lines not yet handed to a batch. */
  #used = 0;
  #dropped = 0;
  /** Batches not yet written, oldest first; the first is being written when #pump is set. */
  #batches: Uint8Array<ArrayBufferLike>[] = [];
  /** Bytes in #batches. */
  #inFlight = 0;
  #spare: Uint8Array<SharedArrayBuffer>[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #pump: Promise<void> | undefined;

  constructor(private readonly output: LogOutput = new StdoutWriter()) {
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
   * Writes everything queued now, synchronously (for the moment before the process exits): the batch whose
   * write is under way is waited for (an output that can wait), then the batches not yet started and the
   * pending lines are written behind it.
   */
  flushSync(): void {
    this.#clearTimer();
    this.#noteDropped();
    if (this.#pump !== undefined) this.output.drainSync?.();
    const waiting = this.#batches.splice(this.#pump === undefined ? 0 : 1);
    for (const batch of waiting) {
      this.#inFlight -= batch.length;
      writeAllSync(this.output, batch);
    }
    if (this.#used > 0) writeAllSync(this.output, this.#chunk.subarray(0, this.#used));
    this.#used = 0;
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
    this.#chunk = this.#spare.pop() ?? newChunk();
    this.#used = 0;
    this.#queue(batch);
  }

  #queue(batch: Uint8Array<ArrayBufferLike>): void {
    this.#batches.push(batch);
    this.#inFlight += batch.length;
    // The write starts now, not on a later turn: a process that exits at once waits for it (flushSync).
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
      const buffer = batch.buffer;
      if (
        buffer instanceof SharedArrayBuffer && buffer.byteLength === CHUNK_BYTES &&
        this.#spare.length < SPARE_CHUNKS
      ) {
        this.#spare.push(new Uint8Array(buffer));
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

/**
 * A chunk in memory the stdout worker can read where it lies (stdout_writer.ts): a batch is handed to it
 * without a copy. Handing each batch over as a copy cost 1.3–3 µs of CPU a request at about 40,000 requests/s,
 * measured side by side with the pool thread's write; from shared memory, no difference was measured.
 */
function newChunk(): Uint8Array<SharedArrayBuffer> {
  return new Uint8Array(new SharedArrayBuffer(CHUNK_BYTES));
}

async function writeAll(output: LogOutput, bytes: Uint8Array): Promise<void> {
  for (let done = 0; done < bytes.length;) done += await output.write(bytes.subarray(done));
}

function writeAllSync(output: LogOutput, bytes: Uint8Array): void {
  for (let done = 0; done < bytes.length;) done += output.writeSync(bytes.subarray(done));
}
