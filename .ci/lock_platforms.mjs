// Adds package-lock.json entries for the other platforms' optional binaries (Deno, msgpackr-extract)
// that the package registry reachable here does not serve, so `npm ci` finds the lock in sync with
// package.json. npm skips these entries on a platform they do not match, so they are never fetched here.
// Run it after `npm install` changes the lock: `node .ci/lock_platforms.mjs`.
import { readFileSync, writeFileSync } from "node:fs";

const lockPath = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const platform = (name) => {
  const os = /darwin/.test(name) ? "darwin" : /win32/.test(name) ? "win32" : "linux";
  const cpu = /arm64/.test(name) ? "arm64" : /-arm$/.test(name) ? "arm" : "x64";
  return { os: [os], cpu: [cpu], ...(/glibc/.test(name) ? { libc: ["glibc"] } : {}) };
};
let added = 0;
for (const parent of ["node_modules/deno", "node_modules/msgpackr-extract"]) {
  const entry = lock.packages[parent];
  for (const [name, version] of Object.entries(entry?.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key] !== undefined) continue;
    const base = name.split("/").pop();
    lock.packages[key] = {
      version,
      resolved: `https://registry.npmjs.org/${name}/-/${base}-${version}.tgz`,
      ...platform(name),
      optional: true,
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform entries to package-lock.json`);
