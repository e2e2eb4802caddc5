/**
 * The one error type of the compiler: a problem with an input, named by file and place.
 *
 * `where` is the element, row or path inside the file ("row 12", "brick 10000155", "line 40 column 3",
 * "$.Schema[0].Childs[2]"), so a curator can go straight to it. The build prints the message and exits
 * non-zero; nothing is written.
 */
export class BuildError extends Error {
  override readonly name = "BuildError";
  constructor(
    /** The input file. */
    readonly file: string,
    /** The element, row or position inside the file. */
    readonly where: string,
    /** What is wrong, as a sentence fragment. */
    readonly problem: string,
  ) {
    super(`${file}: ${where}: ${problem}`);
  }
}

/** True for the errors Deno raises for files and I/O (not found, permission denied, disk full…). */
export function isFileSystemError(error: unknown): error is Error {
  return Object.values(Deno.errors).some((errorClass) => error instanceof errorClass);
}
