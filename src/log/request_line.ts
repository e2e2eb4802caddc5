/**
 * A request's log line, in two forms that write the same bytes: as text (`requestLineText`, for a sink that
 * takes strings and for fields that need JSON escapes) and written straight into the log's byte chunk
 * (`RequestLineWriter`). The bytes form is the request path's: it copies pre-encoded fixed parts, the time
 * stamp's bytes (encoded once per millisecond) and the fields' characters one by one, and writes the numbers'
 * digits itself, so a line allocates no string and makes no call into the runtime: 17 ns a line against the
 * text form's 145 ns. In a bare `Deno.serve` that writes the line through a LogBuffer, the line cost about
 * 6 % of its requests/s as text and 5 % as bytes; the rest is not the line's (docs/performance.md).
 */
import type { LineWriter } from "./log_buffer.ts";

/** One request's log fields. */
// A type alias, not an interface, so that it is assignable to the log's field record.
export type RequestLine = {
  readonly request_id: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly duration_ms: number;
  readonly client: string;
  /** The MCP tool the request stands for, when it is a tool call's. */
  readonly tool?: string | undefined;
};

/** The line's level: `error` for a 5xx, else `info`. */
export function requestLevel(status: number): "info" | "error" {
  return status >= 500 ? "error" : "info";
}

/** The line as text, after `time`, the ISO 8601 time stamp. Method, path, client, id and tool are escaped. */
export function requestLineText(time: string, line: RequestLine): string {
  const tool = line.tool === undefined ? "" : `,"tool":${JSON.stringify(line.tool)}`;
  return `{"time":"${time}","level":"${requestLevel(line.status)}",` +
    `"request_id":${JSON.stringify(line.request_id)},"method":${JSON.stringify(line.method)},` +
    `"path":${JSON.stringify(line.path)},"status":${line.status},"duration_ms":${line.duration_ms},` +
    `"client":${JSON.stringify(line.client)}${tool}}`;
}

const encoder = new TextEncoder();
const TIME = encoder.encode('{"time":"');
const INFO = encoder.encode('","level":"info","request_id":"');
const ERROR = encoder.encode('","level":"error","request_id":"');
const METHOD = encoder.encode('","method":"');
const PATH = encoder.encode('","path":"');
const STATUS = encoder.encode('","status":');
const DURATION = encoder.encode(',"duration_ms":');
const CLIENT = encoder.encode(',"client":"');
const TOOL = encoder.encode('","tool":"');
const END = encoder.encode('"}');
/** The fixed parts' bytes, the longest level's, and the numbers' most digits (a status; a duration). */
const FIXED_BYTES = [TIME, ERROR, METHOD, PATH, STATUS, DURATION, CLIENT, TOOL, END]
  .reduce((sum, part) => sum + part.length, 3 + 32);

/**
 * The request line as bytes: `set` the line, then the log buffer calls `writeInto`. One writer serves every
 * request of a process (requests are written one at a time), so writing a line allocates nothing.
 */
export class RequestLineWriter implements LineWriter {
  most = 0;
  #stamp: Uint8Array = new Uint8Array(24);
  #line: RequestLine | undefined;

  /** Takes the line to write and the time stamp's bytes (ISO 8601 UTC with milliseconds). */
  set(stamp: Uint8Array, line: RequestLine): void {
    this.#stamp = stamp;
    this.#line = line;
    const fields = line.request_id.length + line.method.length + line.path.length + line.client.length;
    this.most = FIXED_BYTES + stamp.length + fields + (line.tool?.length ?? 0);
  }

  /**
   * Writes the line at `at` of `chunk` (which has room for `most` bytes) and returns its end, or -1 when a
   * field holds a character that JSON escapes or that is not ASCII, or a number is not a plain one: the
   * caller then writes the text form instead.
   */
  writeInto(chunk: Uint8Array, at: number): number {
    const line = this.#line!;
    const status = line.status, duration = line.duration_ms;
    if (!(status >= 100 && status <= 999 && status % 1 === 0)) return -1;
    // Thousandths, as the text form prints a duration rounded to them; beyond 1e12 ms it would print otherwise.
    const thousandths = Math.round(duration * 1000);
    if (!(thousandths >= 0 && thousandths < 1e15 && thousandths / 1000 === duration)) return -1;
    at = copy(chunk, at, TIME);
    at = copy(chunk, at, this.#stamp);
    at = copy(chunk, at, requestLevel(status) === "error" ? ERROR : INFO);
    if ((at = plain(chunk, at, line.request_id)) < 0) return -1;
    at = copy(chunk, at, METHOD);
    if ((at = plain(chunk, at, line.method)) < 0) return -1;
    at = copy(chunk, at, PATH);
    if ((at = plain(chunk, at, line.path)) < 0) return -1;
    at = copy(chunk, at, STATUS);
    at = digits(chunk, at, status);
    at = copy(chunk, at, DURATION);
    at = digits(chunk, at, Math.floor(thousandths / 1000));
    const fraction = thousandths % 1000;
    if (fraction !== 0) {
      chunk[at++] = 46; // "."
      chunk[at++] = 48 + Math.floor(fraction / 100);
      if (fraction % 100 !== 0) {
        chunk[at++] = 48 + Math.floor(fraction / 10) % 10;
        if (fraction % 10 !== 0) chunk[at++] = 48 + fraction % 10;
      }
    }
    at = copy(chunk, at, CLIENT);
    if ((at = plain(chunk, at, line.client)) < 0) return -1;
    if (line.tool !== undefined) {
      at = copy(chunk, at, TOOL);
      if ((at = plain(chunk, at, line.tool)) < 0) return -1;
    }
    return copy(chunk, at, END);
  }
}

function copy(chunk: Uint8Array, at: number, bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) chunk[at++] = bytes[i]!;
  return at;
}

/** Copies a text that needs no JSON escape and is ASCII; -1 when it is not so. */
function plain(chunk: Uint8Array, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return -1;
    chunk[at++] = c;
  }
  return at;
}

/** Writes a non-negative integer's decimal digits. */
function digits(chunk: Uint8Array, at: number, value: number): number {
  let end = at, rest = value;
  do {
    end++;
    rest = Math.floor(rest / 10);
  } while (rest > 0);
  for (let i = end - 1; i >= at; i--) {
    chunk[i] = 48 + value % 10;
    value = Math.floor(value / 10);
  }
  return end;
}
