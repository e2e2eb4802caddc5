/** Copies of the embedded default data/ in temporary directories, so build tests can edit or damage them. */
import { tempDir } from "./temp_dir.ts";

/** A copy of data/ (only the named top-level folders when `folders` is given). */
export async function copyOfData(folders?: readonly string[]): Promise<string> {
  const dir = await tempDir("build-test-data-");
  for await (const entry of Deno.readDir("data")) {
    if (folders !== undefined && !folders.includes(entry.name)) continue;
    if (entry.isDirectory) await copyTree(`data/${entry.name}`, `${dir}/${entry.name}`);
    else await Deno.copyFile(`data/${entry.name}`, `${dir}/${entry.name}`);
  }
  return dir;
}

async function copyTree(from: string, to: string): Promise<void> {
  await Deno.mkdir(to, { recursive: true });
  for await (const entry of Deno.readDir(from)) {
    if (entry.isDirectory) await copyTree(`${from}/${entry.name}`, `${to}/${entry.name}`);
    else await Deno.copyFile(`${from}/${entry.name}`, `${to}/${entry.name}`);
  }
}
