/**
 * The x402 headers' encoding: standard base64 with padding of UTF-8 JSON. A tool call's payment travels as a
 * JSON object in `_meta["x402/payment"]` and becomes the PAYMENT-SIGNATURE header of the request it runs; the
 * PAYMENT-REQUIRED and PAYMENT-RESPONSE headers of its answer become JSON objects again.
 */

/** The base64 of `value`'s UTF-8 JSON. */
export function encodeBase64Json(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = "";
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let at = 0; at < bytes.length; at += 8192) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 8192));
  }
  return btoa(binary);
}

/** The JSON value a base64 header holds. */
export function decodeBase64Json(header: string): unknown {
  const binary = atob(header);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}
