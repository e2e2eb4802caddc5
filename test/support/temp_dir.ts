/** Temporary directories for tests, removed when the test module's process ends. */
const made: string[] = [];

globalThis.addEventListener("unload", () => {
  for (const dir of made) {
    try {
      Deno.removeSync(dir, { recursive: true });
    } catch {
      // Already gone.
    }
  }
});

/** A new temporary directory that is removed at the end of the test run. */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix });
  made.push(dir);
  return dir;
}
