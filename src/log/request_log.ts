/**
 * The log: one JSON object per line on stdout. Every request writes one `info` line (`error` for a 5xx):
 * time, request_id, method, path (without the query: it can be long and holds caller input), status,
 * duration_ms, client. Unexpected failures write a separate `error` line with the request id and the
 * stack. No header value is ever logged (payment headers are bearer credentials).
 */
import type { LogLevel } from "../config.ts";

const RANK: Readonly<Record<LogLevel, number>> = { debug: 0, info: 1, warn: 2, error: 3 };
// Taken before anything routes console.log into the log (console_route.ts), which would make it recurse.
const stdoutLine: (line: string) => void = console.log.bind(console);

/** One request's log fields. */
// A type alias, not an interface, so that it is assignable to the log's field record.
export type RequestLine = {
  readonly request_id: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly duration_ms: number;
  readonly client: string;
};

/** Writes JSON log lines at or above a level. */
export interface Log {
  /** Whether lines of `level` are written. */
  enabled(level: LogLevel): boolean;
  /** Writes one line of `level` with `fields`, stamped with the time. */
  write(level: LogLevel, fields: Readonly<Record<string, unknown>>): void;
  /** Writes a request's line. */
  request(line: RequestLine): void;
}

/** A log writing lines of at least `threshold` to `sink` (stdout by default). */
export function createLog(threshold: LogLevel, sink: (line: string) => void = stdoutLine): Log {
  const enabled = (level: LogLevel) => RANK[level] >= RANK[threshold];
  const write = (level: LogLevel, fields: Readonly<Record<string, unknown>>) => {
    if (enabled(level)) sink(JSON.stringify({ time: new Date().toISOString(), level, ...fields }));
  };
  return {
    enabled,
    write,
    request: (line) => write(line.status >= 500 ? "error" : "info", line),
  };
}
