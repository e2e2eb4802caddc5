/**
 * How the compiler's command lines read their arguments: in order, a flag's value being the argument after
 * it, every mistake a TypeError that carries the command's usage (the caller prints it and exits 2).
 */

/** Reads one command's arguments in order. */
export class ArgumentReader {
  readonly #args: readonly string[];
  readonly #usage: string;
  #at = 0;

  constructor(args: readonly string[], usage: string) {
    this.#args = args;
    this.#usage = usage;
  }

  /** The next argument, or undefined after the last. */
  next(): string | undefined {
    return this.#args[this.#at++];
  }

  /** The value after `flag`; none (or another flag) is a TypeError carrying the usage. */
  value(flag: string): string {
    const next = this.#args[this.#at++];
    if (next === undefined || next.startsWith("--")) {
      throw new TypeError(`${flag} needs a value\n${this.#usage}`);
    }
    return next;
  }

  /** A directory value without trailing slashes ("/" stays "/"). */
  directory(flag: string): string {
    return this.value(flag).replace(/\/+$/, "") || "/";
  }
}
