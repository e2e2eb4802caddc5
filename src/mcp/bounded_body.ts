/**
 * A request body read as text, at most a number of bytes: a declared Content-Length over the bound is refused
 * before reading, and a body streamed past it is cancelled, so a large body costs no more than the bound.
 */

/** The body of `request` as UTF-8 text, or undefined when it is over `maxBytes`. */
export async function readBoundedBody(request: Request, maxBytes: number): Promise<string | undefined> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) {
    await request.body?.cancel();
    return undefined;
  }
  if (request.body === null) return "";
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
