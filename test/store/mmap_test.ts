import assert from "node:assert/strict";
import { mapFile } from "../../src/store/mmap.ts";

/** The descriptors of this process open on `path`, by /proc (Linux). */
function descriptorsOf(path: string): string[] {
  return [...Deno.readDirSync("/proc/self/fd")].map((entry) => entry.name).filter((fd) => {
    try {
      return Deno.readLinkSync(`/proc/self/fd/${fd}`) === path;
    } catch {
      return false; // closed while listed (the listing's own descriptor)
    }
  });
}

Deno.test("a mapped file has its bytes and size, and is closed once unmapped", () => {
  const path = Deno.makeTempFileSync({ suffix: ".shard" });
  try {
    Deno.writeFileSync(path, new TextEncoder().encode("shard bytes"));
    const mapped = mapFile(path);
    assert.equal(new TextDecoder().decode(mapped.bytes), "shard bytes");
    assert.equal(mapped.size(), 11);
    Deno.truncateSync(path, 5);
    assert.equal(mapped.size(), 5, "the size is the file's now, not the mapping's");
    mapped.unmap();
    assert.equal(mapped.size(), -1);
    if (Deno.build.os === "linux") assert.deepEqual(descriptorsOf(path), []);
  } finally {
    Deno.removeSync(path);
  }
});

Deno.test({
  name: "a mapped file's descriptor is close-on-exec: a process spawned later does not inherit it",
  ignore: Deno.build.os !== "linux",
  fn() {
    const path = Deno.makeTempFileSync({ suffix: ".shard" });
    try {
      Deno.writeFileSync(path, new Uint8Array(4096));
      const mapped = mapFile(path);
      try {
        const fds = descriptorsOf(path);
        assert.equal(fds.length, 1);
        const flags = /^flags:\s+([0-7]+)$/m.exec(Deno.readTextFileSync(`/proc/self/fdinfo/${fds[0]}`))![1]!;
        // O_CLOEXEC is 02000000 in the octal flags /proc prints.
        assert.equal(parseInt(flags, 8) & 0o2000000, 0o2000000, `flags ${flags}`);
      } finally {
        mapped.unmap();
      }
    } finally {
      Deno.removeSync(path);
    }
  },
});
