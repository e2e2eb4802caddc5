/**
 * Read-only memory mapping of a file through libc's `mmap`, via Deno FFI (needs `--allow-ffi`).
 *
 * The mapping is shared and read-only, so the kernel's page cache backs every process that maps the same
 * shard and nothing is copied into the JavaScript heap. Shards are immutable files (a build writes a new
 * directory), which is what makes a long-lived mapping safe. The file stays open while it is mapped, so that
 * its size can be asked without a path (`size`: one `lseek`, a third of a microsecond, where Deno's
 * `FsFile.statSync` resolves the file's path for the read permission first, 8–9 µs). It is opened
 * close-on-exec, as Deno opens its own files: a process spawned later does not inherit it.
 */

const PROT_READ = 1;
const MAP_SHARED = 1;
const O_RDONLY = 0;
/** O_CLOEXEC: its value differs between the kernels. */
const O_CLOEXEC = Deno.build.os === "darwin" ? 0x1000000 : 0x80000;
const SEEK_END = 2;

const symbols = {
  open: { parameters: ["buffer", "i32"], result: "i32" },
  close: { parameters: ["i32"], result: "i32" },
  lseek: { parameters: ["i32", "i64", "i32"], result: "i64" },
  mmap: { parameters: ["pointer", "usize", "i32", "i32", "i32", "i64"], result: "pointer" },
  munmap: { parameters: ["pointer", "usize"], result: "i32" },
} as const;

type Libc = Deno.DynamicLibrary<typeof symbols>;
let libc: Libc | undefined;

function loadLibc(): Libc {
  if (libc === undefined) {
    const candidates = Deno.build.os === "darwin" ? ["libSystem.B.dylib"] : ["libc.so.6", "libc.so"];
    let lastError: unknown;
    for (const name of candidates) {
      try {
        libc = Deno.dlopen(name, symbols);
        break;
      } catch (error) {
        lastError = error;
      }
    }
    if (libc === undefined) throw new Error(`cannot load libc for mmap: ${String(lastError)}`);
  }
  return libc;
}

/** True when this process may use FFI (so `mapFile` can work). */
export function canMap(): boolean {
  return Deno.permissions.querySync({ name: "ffi" }).state === "granted" && Deno.build.os !== "windows";
}

/** A mapped file: its bytes, its size on disk now, and how to unmap it. */
export interface MappedFile {
  readonly bytes: Uint8Array;
  /** The file's size now, in bytes (-1 if it cannot be read; never once unmapped). */
  size(): number;
  /** Unmaps the file and closes it. */
  unmap(): void;
}

/** Maps `path` read-only; an empty file maps to an empty array without calling mmap. */
export function mapFile(path: string): MappedFile {
  const lib = loadLibc().symbols;
  const fd = lib.open(new TextEncoder().encode(`${path}\0`), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw new Error(`cannot open ${path} for mapping`);
  let live = true;
  const sizeNow = () => live ? Number(lib.lseek(fd, 0n, SEEK_END)) : -1;
  const size = sizeNow();
  if (size < 0) {
    lib.close(fd);
    throw new Error(`cannot read the size of ${path}`);
  }
  const close = () => {
    if (live) lib.close(fd);
    live = false;
  };
  if (size === 0) return { bytes: new Uint8Array(0), size: sizeNow, unmap: close };
  const pointer = lib.mmap(null, BigInt(size), PROT_READ, MAP_SHARED, fd, 0n);
  // MAP_FAILED is (void*)-1.
  if (pointer === null || Deno.UnsafePointer.value(pointer) === 0xffffffffffffffffn) {
    lib.close(fd);
    throw new Error(`mmap failed for ${path}`);
  }
  const mapped = pointer;
  const buffer = Deno.UnsafePointerView.getArrayBuffer(mapped, size);
  return {
    bytes: new Uint8Array(buffer),
    size: sizeNow,
    unmap() {
      if (live) lib.munmap(mapped, BigInt(size));
      close();
    },
  };
}
