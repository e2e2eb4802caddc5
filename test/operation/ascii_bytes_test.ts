import assert from "node:assert/strict";
import { ASCII_BYTES_MAX, asciiBytes } from "../../src/operation/ascii_bytes.ts";

Deno.test("an ASCII text is its characters' codes, one byte each, in the one reused buffer", () => {
  const text = "1234567890,\t ~\u007f\u0000";
  const bytes = asciiBytes(text)!;
  assert.deepEqual(
    Array.from(bytes.subarray(0, text.length)),
    Array.from(text, (char) => char.charCodeAt(0)),
  );
  assert.equal(asciiBytes("bread"), bytes);
  assert.deepEqual(Array.from(bytes.subarray(0, 5)), [98, 114, 101, 97, 100]);
  assert.equal(asciiBytes(""), bytes);
});

Deno.test("a text with a character outside ASCII, anywhere, is not read as bytes", () => {
  for (
    const text of [
      "\u0080",
      "caf\u00e9",
      "\u00e9cole",
      "12,3\u00a04",
      "\ud83c\udf5e",
      "loaf\ud83c",
      "\udf5e",
      `${"a".repeat(ASCII_BYTES_MAX - 1)}\u00e9`,
    ]
  ) {
    assert.equal(asciiBytes(text), undefined, JSON.stringify(text.slice(0, 12)));
  }
});

Deno.test("a text of ASCII_BYTES_MAX characters is read as bytes, a longer one is not", () => {
  assert.notEqual(asciiBytes("7".repeat(ASCII_BYTES_MAX)), undefined);
  assert.equal(asciiBytes("7".repeat(ASCII_BYTES_MAX + 1)), undefined);
});
