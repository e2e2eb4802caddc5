/**
 * A disk that fills while `deno task build` writes a new build, simulated two ways: a file-size limit
 * (RLIMIT_FSIZE with SIGXFSZ ignored, so a write fails part-way with EFBIG, as any user can set it) and,
 * where the test may mount one, a real tmpfs too small for the build (ENOSPC). Either way the build exits 1
 * with one line naming the file it could not write, the previous build stays current and byte for byte
 * intact, nothing half-written is left, and a server opens the previous build as before.
 */
import assert from "node:assert/strict";
import { rebuild, smallParts } from "../../support/small_dist.ts";
import { tempDir } from "../../support/temp_dir.ts";
import { openStore } from "../../../src/store/store.ts";

const BUILD_MAIN = new URL("../../../build/main.ts", import.meta.url).pathname;
// A small data directory: 17 files, 44 KiB of build, compiled in a tenth of a second.
const DATA = new URL("../content/fixtures/curation_data", import.meta.url).pathname;
const BUILD =
  `exec "$DENO" run --allow-read --allow-write --allow-env "$BUILD_MAIN" --quiet --data "$DATA" --out "$OUT"`;

/** Every file under `dir` with its bytes, by path relative to it. */
function filesUnder(dir: string, prefix = ""): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of Deno.readDirSync(`${dir}/${prefix}`)) {
    const path = `${prefix}${entry.name}`;
    if (entry.isDirectory) { for (const [p, b] of filesUnder(dir, `${path}/`)) files.set(p, b); }
    else files.set(path, Deno.readFileSync(`${dir}/${path}`).join(","));
  }
  return files;
}

/** Builds DATA into `dist` under `limits` (shell commands run before the build); its status and stderr. */
async function buildInto(dist: string, limits: string): Promise<{ code: number; stderr: string }> {
  const output = await new Deno.Command("sh", {
    args: ["-c", `${limits}${BUILD}`],
    env: { DENO: Deno.execPath(), BUILD_MAIN, DATA, OUT: dist, NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: output.code, stderr: new TextDecoder().decode(output.stderr) };
}

/** Writes a small build into `dist`, fills the disk with a build of DATA, and checks what is left. */
async function assertFullDiskLosesNothing(dist: string, limits: string, osError: RegExp): Promise<void> {
  const previous = await rebuild(dist, smallParts());
  const before = filesUnder(dist);
  const { code, stderr } = await buildInto(dist, limits);
  // The summary lines of what was compiled come first; the failure is the end of the output.
  const lines = stderr.trim().split("\n").slice(-2);
  assert.equal(code, 1, stderr);
  assert.match(
    lines[0]!,
    new RegExp(`^build failed: cannot write ${dist}/\\.building-[0-9a-f]{12}/[^/]+: `),
  );
  assert.match(lines[0]!, osError);
  assert.equal(lines[1], `the previous build in ${dist} (if any) is unchanged`);
  // Nothing half-written is left, and every byte of the previous build and CURRENT is as it was.
  assert.deepEqual(filesUnder(dist), before);
  const store = openStore(dist, { mode: "read" });
  try {
    assert.equal(store.directory, previous);
    assert.equal(store.code("50000000")?.title, "Food/Beverage");
  } finally {
    store.close();
  }
}

Deno.test("a build whose writes fail part-way (a file-size limit) names the file and keeps the previous build", async () => {
  const dist = `${await tempDir("disk-full-")}/dist`;
  // 8 blocks (4 KiB): the previous build is written without the limit; codes.shard of the new one is 7 KiB.
  await assertFullDiskLosesNothing(dist, `trap "" XFSZ; ulimit -f 8; `, /: File too large \(os error 27\)$/);
});

/** Whether this process may mount a tmpfs (root with CAP_SYS_ADMIN, as in CI). */
function canMount(): boolean {
  const probe = Deno.makeTempDirSync({ prefix: "mount-probe-" });
  try {
    const mounted = new Deno.Command("mount", { args: ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe] })
      .outputSync().success;
    if (mounted) new Deno.Command("umount", { args: [probe] }).outputSync();
    return mounted;
  } catch {
    return false;
  } finally {
    Deno.removeSync(probe);
  }
}

const mountable = canMount();
if (!mountable) console.log("disk_full_test: cannot mount a tmpfs here; the ENOSPC case is ignored");

Deno.test({
  name: "a build on a disk that fills up (a 128 KiB tmpfs) names the file and keeps the previous build",
  ignore: !mountable,
  fn: async () => {
    const mountPoint = await tempDir("disk-full-tmpfs-");
    const mount = await new Deno.Command("mount", {
      // The previous build takes 64 KiB of it (a page per file), the new one would take 100 KiB.
      args: ["-t", "tmpfs", "-o", "size=128k", "tmpfs", mountPoint],
    }).output();
    assert.ok(mount.success, new TextDecoder().decode(mount.stderr));
    try {
      await assertFullDiskLosesNothing(
        `${mountPoint}/dist`,
        "",
        /: No space left on device \(os error 28\)$/,
      );
    } finally {
      await new Deno.Command("umount", { args: [mountPoint] }).output();
    }
  },
});
