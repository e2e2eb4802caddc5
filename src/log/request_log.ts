/**
 * The log: one JSON object per line on stdout. Every request writes one `info` line (`error` for a 5xx):
 * time, request_id, method, path (without the query: it can be long and holds caller input), status,
 * duration_ms, client, and tool for the request of an MCP tool call. Unexpected failures write a separate `error` line with the request id and the
 * stack. No header value is ever logged (payment headers are bearer credentials).
 *
 * Lines go through a LogBuffer (log_buffer.ts), asynchronously, so a request never waits for stdout: request
 * lines in batches, every other line (rare, and what an operator may be waiting for) at once; before exiting,
 * the process waits for `logsWritten()`. A request's line is written byte by byte into the buffer's chunk
 * (request_line.ts), not by serialising an object, and the time stamp is formatted once per millisecond: with
 * the log on, a request must cost nearly what it costs with the log off.
 */
import type { LogLevel } from "../config.ts";
import { LogBuffer } from "./log_buffer.ts";
import { requestLevel, type RequestLine, requestLineText, RequestLineWriter } from "./request_line.ts";

export type { RequestLine } from "./request_line.ts";

const RANK: Readonly<Record<LogLevel, number>> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Writes JSON log lines at or above a level. */
export interface Log {
  /** Whether lines of `level` are written. */
  enabled(level: LogLevel): boolean;
  /** Whether a request's line (`info`) is written: when false, a request need not time itself. */
  readonly requests: boolean;
  /** Writes one line of `level` with `fields`, stamped with the time. */
  write(level: LogLevel, fields: Readonly<Record<string, unknown>>): void;
  /** Writes a request's line. */
  request(line: RequestLine): void;
  /** Writes every pending line now, synchronously (for a process about to exit at once). */
  flush(): void;
}

let stampMs = -1;
let stampText = "";
let stampBytes = new Uint8Array(24);
const stampEncoder = new TextEncoder();

/** The time as ISO 8601 UTC, formatted once per millisecond. */
function now(): string {
  const ms = Date.now();
  if (ms !== stampMs) {
    stampMs = ms;
    stampText = new Date(ms).toISOString();
    stampBytes = stampEncoder.encode(stampText);
  }
  return stampText;
}

/** The time stamp's bytes: `now()`'s, encoded once per millisecond. */
function nowBytes(): Uint8Array {
  now();
  return stampBytes;
}

/**
 * A log writing lines of at least `threshold` to `sink` (default: stdout, buffered); a sink given by a test
 * receives each line at once.
 */
export function createLog(threshold: LogLevel, sink?: (line: string) => void): Log {
  const buffer = sink === undefined ? new LogBuffer() : undefined;
  const emit: (line: string, at?: boolean) => void = sink ?? ((line, at = false) => buffer!.push(line, at));
  const enabled = (level: LogLevel) => RANK[level] >= RANK[threshold];
  // Lines other than requests' are rare and may be what an operator waits for: written at once.
  const write = (level: LogLevel, fields: Readonly<Record<string, unknown>>) => {
    if (enabled(level)) emit(JSON.stringify({ time: now(), level, ...fields }), true);
  };
  const info = enabled("info"), error = enabled("error");
  const writer = new RequestLineWriter();
  return {
    enabled,
    requests: info,
    write,
    request(line) {
      if (requestLevel(line.status) === "info" ? !info : !error) return;
      if (buffer !== undefined) {
        writer.set(nowBytes(), line);
        if (buffer.pushWritten(writer)) return;
      }
      emit(requestLineText(now(), line));
    },
    flush: () => buffer?.flushSync(),
  };
}
