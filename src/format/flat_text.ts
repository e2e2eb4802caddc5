/**
 * A string as one flat piece. A concatenation is a rope that the HTTP server would copy into one piece on
 * every answer; converting it to a number makes V8 flatten it in place, once (the number itself is not
 * used). For texts an operation keeps and answers many times.
 */
export function flat(text: string): string {
  void ((text as unknown as number) | 0);
  return text;
}
