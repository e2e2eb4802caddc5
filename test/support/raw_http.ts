/**
 * A raw HTTP/1.1 client for tests that need the exact bytes of a request head (fetch adds headers of its
 * own): it writes the head, reads until the server closes the connection and splits the answer.
 */

/** An answer as read off the socket. */
export interface RawAnswer {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: ReadonlyMap<string, string>;
  readonly body: string;
}

const encoder = new TextEncoder();

/** The head of a GET of `target` with `headers` (Host and Connection: close first). */
export function rawHead(target: string, headers: readonly [string, string][] = []): string {
  const lines = [`GET ${target} HTTP/1.1`, "Host: 127.0.0.1", "Connection: close"];
  for (const [name, value] of headers) lines.push(`${name}: ${value}`);
  return `${lines.join("\r\n")}\r\n\r\n`;
}

/** Sends `head` to 127.0.0.1:`port` and reads the whole answer. */
export async function rawRequest(port: number, head: string): Promise<RawAnswer> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const received: Uint8Array<ArrayBuffer>[] = [];
  try {
    try {
      await conn.write(encoder.encode(head));
    } catch {
      // A server that refuses the head may close before it is all written; its answer is still read.
    }
    const buffer = new Uint8Array(65536);
    for (let reads = 0; reads < 10_000; reads++) {
      let n: number | null;
      try {
        n = await conn.read(buffer);
      } catch {
        break; // reset after the answer
      }
      if (n === null) break;
      received.push(buffer.slice(0, n));
    }
  } finally {
    try {
      conn.close();
    } catch {
      // Already closed by the server.
    }
  }
  return parseAnswer(await new Blob(received).bytes());
}

const decoder = new TextDecoder();

function parseAnswer(bytes: Uint8Array): RawAnswer {
  const split = indexOfCrlf(bytes, 0, true);
  if (split === -1) throw new Error(`no complete answer head in ${decoder.decode(bytes.subarray(0, 200))}`);
  const [statusLine, ...lines] = decoder.decode(bytes.subarray(0, split)).split("\r\n");
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const rest = bytes.subarray(split + 4);
  const body = headers.get("transfer-encoding") === "chunked" ? unchunk(rest) : decoder.decode(rest);
  return { status: Number(statusLine!.split(" ")[1]), headers, body };
}

/** Where the next CRLF (or, with `double`, CRLFCRLF) starts at or after `from`; -1 if none. */
function indexOfCrlf(bytes: Uint8Array, from: number, double = false): number {
  for (let at = from; at + 1 < bytes.length; at++) {
    if (bytes[at] !== 13 || bytes[at + 1] !== 10) continue;
    if (!double || (bytes[at + 2] === 13 && bytes[at + 3] === 10)) return at;
  }
  return -1;
}

function unchunk(bytes: Uint8Array): string {
  // One streaming decoder: a character may be split across two chunks.
  const chunkDecoder = new TextDecoder();
  let body = "";
  let at = 0;
  for (let chunks = 0; chunks < 100_000; chunks++) {
    const end = indexOfCrlf(bytes, at);
    const size = end === -1 ? 0 : parseInt(decoder.decode(bytes.subarray(at, end)), 16);
    if (!(size > 0)) break;
    body += chunkDecoder.decode(bytes.subarray(end + 2, end + 2 + size), { stream: true });
    at = end + 2 + size + 2;
  }
  return body + chunkDecoder.decode();
}
