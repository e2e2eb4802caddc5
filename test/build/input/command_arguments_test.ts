import assert from "node:assert/strict";
import { ArgumentReader } from "../../../build/input/command_arguments.ts";

Deno.test("argument reader: flags in order, a flag's value the argument after it, directories without a final slash", () => {
  const reader = new ArgumentReader(["--data", "d//", "--all", "--out", "/"], "usage: x");
  assert.equal(reader.next(), "--data");
  assert.equal(reader.directory("--data"), "d");
  assert.equal(reader.next(), "--all");
  assert.equal(reader.next(), "--out");
  assert.equal(reader.directory("--out"), "/");
  assert.equal(reader.next(), undefined);
});

Deno.test("argument reader: a missing value, or another flag in its place, is a usage error", () => {
  assert.throws(() => new ArgumentReader([], "usage: x").value("--out"), {
    message: "--out needs a value\nusage: x",
  });
  assert.throws(() => new ArgumentReader(["--all"], "usage: x").value("--kind"), {
    message: "--kind needs a value\nusage: x",
  });
});
