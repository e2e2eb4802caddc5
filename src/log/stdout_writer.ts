/**
 * The log's stdout: batches are written by a worker thread, synchronously there, so that the server's thread
 * never waits for the terminal or the pipe behind stdout and still knows, at exit, what has been written.
 *
 * `Deno.stdout.write` does its write on a pool thread and reports back through the event loop: a process that
 * calls `Deno.exit` just after it cannot tell whether the write happened, and lost it 1 to 8 times in 100
 * when the process had just started and 11 in 30 a second later (measured). Here the worker counts each batch
 * it has written in shared memory, so `writeSync` (the exit path) first waits for every batch handed to the
 * worker, then writes its own bytes behind them. A reader that never reads holds the exit at most
 * EXIT_WAIT_MS; the lines it did not take are then dropped, and stderr says so.
 *
 * Starting a worker holds the server's thread for 8–20 ms (measured), and a worker started during start-up
 * delayed the first answer by 20–45 ms. So a process's first SYNC_BYTES are written synchronously (start-up's
 * lines and the first few requests'; a fresh pipe holds 64 KiB, so a reader that stops cannot hold these) and
 * the first write past them starts the worker. A worker keeps its process alive: it is stopped once IDLE_MS
 * pass without a write, so that a program that ends without `Deno.exit` still ends, and the next write starts
 * another. (A `node:worker_threads` worker can be unref'd instead, but one alive cut a bare server's
 * requests/s from 140k to 110k in one run, and starting it took 40–80 ms.)
 */
import type { LogOutput } from "./log_buffer.ts";

/** How long the exit path waits for batches handed to the worker. */
export const EXIT_WAIT_MS = 2_000;
/** Bytes a process writes synchronously before its first worker (a pipe holds 64 KiB on Linux). */
export const SYNC_BYTES = 16 * 1024;
/** A worker is stopped once this long passes without a write. */
export const IDLE_MS = 5_000;

// Takes the shared count first, then batches: writes each to stdout, counts it and answers with its length.
const WORKER = `
let written;
self.onmessage = ({ data }) => {
  if (written === undefined) {
    written = new Int32Array(data);
    return;
  }
  try {
    for (let done = 0; done < data.length;) done += Deno.stdout.writeSync(data.subarray(done));
  } catch {
    // stdout closed: nothing left to tell.
  }
  Atomics.add(written, 0, 1);
  Atomics.notify(written, 0);
  self.postMessage(data.length);
};
`;
const workerUrl = URL.createObjectURL(new Blob([WORKER], { type: "application/javascript" }));

/** The worker and what it was handed. */
interface Writer {
  readonly worker: Worker;
  /** Batches written: cell 0, counted by the worker. */
  readonly written: Int32Array<SharedArrayBuffer>;
  /** Batches handed to it. */
  handed: number;
  /** The writes waiting for its answer, oldest first. */
  readonly waiting: ((length: number) => void)[];
}

/** Stdout, written by a worker thread once one runs; `writeSync` waits for the worker's batches first. */
export class StdoutWriter implements LogOutput {
  #writer: Writer | undefined;
  /** Bytes still to be written synchronously; none once a worker has started. */
  #synchronous = SYNC_BYTES;
  #idle: ReturnType<typeof setTimeout> | undefined;
  /** Set when a wait ran out (said once on stderr): the exit is not held again. */
  #stalled = false;

  write(bytes: Uint8Array): Promise<number> {
    if (bytes.length <= this.#synchronous) {
      this.#synchronous -= bytes.length;
      return Promise.resolve(this.writeSync(bytes));
    }
    this.#synchronous = 0;
    const writer = this.#writer ??= start((writer) => this.#answered(writer));
    if (this.#idle !== undefined) clearTimeout(this.#idle);
    this.#idle = undefined;
    // A batch in shared memory is read by the worker where it lies; any other is copied, only its own bytes
    // (a view would send its whole buffer), and moved.
    const shared = bytes.buffer instanceof SharedArrayBuffer;
    const batch = shared ? bytes : bytes.slice();
    return new Promise((resolve) => {
      writer.waiting.push(resolve);
      writer.handed++;
      writer.worker.postMessage(batch, shared ? [] : [batch.buffer as ArrayBuffer]);
    });
  }

  /** Writes `bytes` behind every batch handed to the worker; once a wait for those ran out, drops them. */
  writeSync(bytes: Uint8Array): number {
    if (this.drainSync()) return Deno.stdout.writeSync(bytes);
    return bytes.length;
  }

  /** Blocks until the worker has written every batch handed to it; false after EXIT_WAIT_MS. */
  drainSync(): boolean {
    const writer = this.#writer;
    if (writer === undefined) return true;
    const deadline = performance.now() + EXIT_WAIT_MS;
    for (let written = Atomics.load(writer.written, 0); written < writer.handed;) {
      const left = deadline - performance.now();
      if (this.#stalled) return false;
      if (left <= 0) {
        this.#stalled = true;
        const message =
          `log: stdout took nothing for ${EXIT_WAIT_MS} ms: the lines still pending are not written\n`;
        Deno.stderr.writeSync(new TextEncoder().encode(message));
        return false;
      }
      Atomics.wait(writer.written, 0, written, left);
      written = Atomics.load(writer.written, 0);
    }
    return true;
  }

  /** After each answer: once nothing waits, the worker is stopped if IDLE_MS pass without a write. */
  #answered(writer: Writer): void {
    if (writer.waiting.length > 0) return;
    if (this.#idle !== undefined) clearTimeout(this.#idle);
    this.#idle = unref(setTimeout(() => {
      this.#idle = undefined;
      if (this.#writer !== writer || writer.waiting.length > 0) return;
      this.#writer = undefined;
      writer.worker.terminate();
    }, IDLE_MS));
  }
}

/** A worker ready for batches; `answered` runs after each of its answers. */
function start(answered: (writer: Writer) => void): Writer {
  const worker = new Worker(workerUrl, { type: "module", name: "log stdout" });
  const writer: Writer = {
    worker,
    written: new Int32Array(new SharedArrayBuffer(4)),
    handed: 0,
    waiting: [],
  };
  worker.postMessage(writer.written.buffer);
  worker.onmessage = ({ data }: MessageEvent<number>) => {
    writer.waiting.shift()?.(data);
    answered(writer);
  };
  return writer;
}

/** A timer that keeps nothing alive. */
function unref(timer: ReturnType<typeof setTimeout>): ReturnType<typeof setTimeout> {
  Deno.unrefTimer(timer);
  return timer;
}
