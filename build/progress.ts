/**
 * Progress and summary lines of the build, on stderr so stdout stays clean for reports.
 *
 * On a terminal a long step redraws one line; elsewhere (CI logs) it prints at most one line per 10%.
 */

/** Where the build reports what it is doing. */
export interface Progress {
  /** A step starts. */
  step(message: string): void;
  /** A long step has done `done` of `total` units (bytes). */
  advance(done: number, total: number): void;
  /** A line of the summary or a warning. */
  line(message: string): void;
}

const encoder = new TextEncoder();

/**
 * Progress on stderr; `quiet` prints only warnings and the summary lines; `timed` starts each step and line
 * with the seconds since the start, so a long build shows what each stage took.
 */
export function stderrProgress(quiet = false, timed = false): Progress {
  const tty = Deno.stderr.isTerminal();
  const started = performance.now();
  let label = "";
  let lastDecile = -1;
  const write = (text: string) => Deno.stderr.writeSync(encoder.encode(text));
  const stamp = (message: string) =>
    timed ? `[${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${message}` : message;
  return {
    step(message) {
      label = message;
      lastDecile = -1;
      if (!quiet) write(`${stamp(message)}\n`);
    },
    advance(done, total) {
      if (quiet || total <= 0) return;
      const percent = Math.min(100, Math.floor((done / total) * 100));
      if (tty) {
        write(`\r\x1b[2K  ${label}: ${percent}% (${mib(done)} of ${mib(total)} MiB)`);
        if (done >= total) write("\n");
      } else if (Math.floor(percent / 10) > lastDecile) {
        lastDecile = Math.floor(percent / 10);
        write(`  ${percent}% (${mib(done)} of ${mib(total)} MiB)\n`);
      }
    },
    line(message) {
      write(`${stamp(message)}\n`);
    },
  };
}

/** A progress that records lines, for tests. */
export function recordingProgress(lines: string[] = []): Progress & { lines: string[] } {
  return {
    lines,
    step: (message) => lines.push(message),
    advance: () => {},
    line: (message) => lines.push(message),
  };
}

function mib(bytes: number): string {
  return (bytes / 1048576).toFixed(1);
}
