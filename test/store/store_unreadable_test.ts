import assert from "node:assert/strict";
import { distWith, smallParts } from "../support/small_dist.ts";
import { serviceCommand, serviceEnv } from "../support/server_process.ts";
import { tempDir } from "../support/temp_dir.ts";

/** Root reads anything, so as root the service runs as nobody (65534) to meet a permission it lacks. */
async function otherUser(): Promise<{ wrapper: string[]; denoDir: string }> {
  const id = await new Deno.Command("id", { args: ["-u"], stdout: "piped" }).output();
  const denoDir = await tempDir("deno-dir-");
  await Deno.chmod(denoDir, 0o777);
  const root = new TextDecoder().decode(id.stdout).trim() === "0";
  return { wrapper: root ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : [], denoDir };
}

// [what the server may not read, the path made unreadable, the file the error must name]
const cases: [string, (dir: string, build: string) => string, (dir: string, build: string) => string][] = [
  ["a dist root", (dir) => dir, (dir) => `${dir}/manifest.json`],
  ["a build directory", (_, build) => build, (_, build) => `${build}/manifest.json`],
  ["a shard", (_, build) => `${build}/v20241202.codes.shard`, (_, build) => `${build}/v20241202.codes.shard`],
];
for (const [name, unreadable, named] of cases) {
  Deno.test(`a server that may not read ${name} exits 1 naming the file it could not read`, async () => {
    const { dir, buildDir } = await distWith(smallParts());
    // The test's own temporary directory is 0700; the build inside it follows the umask.
    await Deno.chmod(dir, 0o755);
    const target = unreadable(dir, buildDir);
    await Deno.chmod(target, 0o000);
    const { wrapper, denoDir } = await otherUser();
    try {
      const output = await serviceCommand({ ...serviceEnv(dir), DENO_DIR: denoDir }, wrapper).output();
      const stdout = new TextDecoder().decode(output.stdout).trim();
      assert.equal(output.code, 1, stdout);
      assert.equal(new TextDecoder().decode(output.stderr), "");
      // A start-up failure is the log's one JSON line.
      const { time: _, ...line } = JSON.parse(stdout);
      assert.deepEqual(line, {
        level: "error",
        message: `cannot open DIST_DIR=${dir}: cannot read ${
          named(dir, buildDir)
        }: Permission denied (os error 13)`,
      });
    } finally {
      await Deno.chmod(target, 0o755);
    }
  });
}
