/** A log output for tests (src/log/log_buffer.ts): it records what it is given. */
import type { LogOutput } from "../../src/log/log_buffer.ts";

/** An output that records what it was given, and can hold its async writes until released. */
export class Recorder implements LogOutput {
  readonly writes: string[] = [];
  readonly syncWrites: string[] = [];
  held = false;
  #release: (() => void)[] = [];
  readonly #decoder = new TextDecoder();

  async write(bytes: Uint8Array): Promise<number> {
    if (this.held) await new Promise<void>((resolve) => this.#release.push(resolve));
    this.writes.push(this.#decoder.decode(bytes));
    return bytes.length;
  }

  writeSync(bytes: Uint8Array): number {
    this.syncWrites.push(this.#decoder.decode(bytes));
    return bytes.length;
  }

  release(): void {
    this.held = false;
    for (const resolve of this.#release.splice(0)) resolve();
  }
}
