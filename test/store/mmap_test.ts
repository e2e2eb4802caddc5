import assert from "node:assert/strict";
import { mapFile } from "../../src/store/mmap.ts";

/** The descriptors process `pid` has open on `path`, as `ls` lists /proc (Linux); read by a child process. */
function descriptorsOf(path: string, pid: number | "self" = Deno.pid): string[] {
  const { stdout } = new Deno.Command("sh", { args: ["-c", `ls -l /proc/${pid}/fd`] }).outputSync();
  return new TextDecoder().decode(stdout).split("\n")
    .filter((line) => line.endsWith(` -> ${path}`))
    .map((line) => line.split(" -> ")[0]!.split(" ").at(-1)!);
}

const LINUX = Deno.build.os === "linux";

Deno.test("a mapped file has its bytes and size, and is closed once unmapped", () => {
  const path = Deno.makeTempFileSync({ suffix: ".shard" });
  try {
    Deno.writeFileSync(path, new TextEncoder().encode("shard bytes"));
    const mapped = mapFile(path);
    assert.equal(new TextDecoder().decode(mapped.bytes), "shard bytes");
    assert.equal(mapped.size(), 11);
    if (LINUX) assert.equal(descriptorsOf(path).length, 1);
    Deno.truncateSync(path, 5);
    assert.equal(mapped.size(), 5, "the size is the file's now, not the mapping's");
    mapped.unmap();
    assert.equal(mapped.size(), -1);
    if (LINUX) assert.deepEqual(descriptorsOf(path), []);
  } finally {
    Deno.removeSync(path);
  }
});

Deno.test({
  name: "a mapped file's descriptor is close-on-exec: a process spawned later does not inherit it",
  ignore: !LINUX,
  fn() {
    const path = Deno.makeTempFileSync({ suffix: ".shard" });
    try {
      Deno.writeFileSync(path, new Uint8Array(4096));
      const mapped = mapFile(path);
      try {
        const fds = descriptorsOf(path);
        assert.equal(fds.length, 1);
        const { stdout } = new Deno.Command("cat", { args: [`/proc/${Deno.pid}/fdinfo/${fds[0]}`] })
          .outputSync();
        const flags = /^flags:\s+([0-7]+)$/m.exec(new TextDecoder().decode(stdout))![1]!;
        // O_CLOEXEC is 02000000 in the octal flags /proc prints.
        assert.equal(parseInt(flags, 8) & 0o2000000, 0o2000000, `flags ${flags}`);
        // The shell lists its own descriptors: the mapped file is not among them.
        assert.deepEqual(descriptorsOf(path, "self"), []);
      } finally {
        mapped.unmap();
      }
    } finally {
      Deno.removeSync(path);
    }
  },
});
