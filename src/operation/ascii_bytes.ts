/**
 * A parameter's text as bytes, for the scans of a batch's parameter (classify's ids and phrases,
 * brick-attributes' codes). V8 reads a string one character at a time at 2–4 ns a character here (the more
 * when the string is a slice of the request's URL, as an unencoded parameter's value is), a byte array at
 * about 1 ns, and the runtime's encoder copies 1,000 ASCII characters into bytes in about 0.1 µs (in process,
 * docs/performance.md).
 */

/** The longest text read as bytes: a q parameter of 100 phrases of 200 characters, and the commas, fits. */
export const ASCII_BYTES_MAX = 32_768;

const encoder = new TextEncoder();
const scratch = new Uint8Array(ASCII_BYTES_MAX);

/**
 * `text`'s characters as bytes when every one is ASCII (one byte each, `text.charCodeAt(i)` is byte i), else
 * undefined, as for a text longer than ASCII_BYTES_MAX. The bytes are one buffer that every call reuses: read
 * them before the next call, with no turn of the event loop between.
 */
export function asciiBytes(text: string): Uint8Array | undefined {
  const length = text.length;
  if (length > ASCII_BYTES_MAX) return undefined;
  const { read, written } = encoder.encodeInto(text, scratch);
  // Every character takes at least one byte and a character outside ASCII two or more: all of the text was
  // read into as many bytes as it has characters only when each is ASCII.
  return read === length && written === length ? scratch : undefined;
}
