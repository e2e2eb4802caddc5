import assert from "node:assert/strict";
import { BuildError } from "../../../build/input/build_error.ts";
import type { GpcRelease } from "../../../build/gpc/gpc_model.ts";
import { diffReleases } from "../../../build/diff/release_diff.ts";
import { parseReleaseDiffArgs, runReleaseDiff } from "../../../build/diff/release_diff_cli.ts";
import { diffToJson, formatDiffSummary } from "../../../build/diff/release_diff_format.ts";
import { newerRelease, olderRelease } from "./release_diff_scenario.ts";

/** Runs the command on the scenario releases (old.xml, new.xml), recording what it prints and writes. */
async function run(args: string[], options: { failWrite?: boolean } = {}) {
  const printed: string[] = [];
  const written: [string, string][] = [];
  const releases: Record<string, GpcRelease> = { "old.xml": olderRelease, "new.xml": newerRelease };
  const status = await runReleaseDiff(args, {
    read: (path) => {
      if (path === "locked.xml") return Promise.reject(new Deno.errors.PermissionDenied("Permission denied"));
      const found = releases[path];
      return found === undefined
        ? Promise.reject(new BuildError(path, "segment 1", "no code"))
        : Promise.resolve(found);
    },
    writeText: (path, text) => {
      if (options.failWrite) return Promise.reject(new Error("Permission denied"));
      written.push([path, text]);
      return Promise.resolve();
    },
    out: (text) => printed.push(`out: ${text}`),
    err: (text) => printed.push(`err: ${text}`),
  });
  return { status, printed, written };
}

const USAGE = "usage: deno task build --diff OLD NEW [--families CODE,CODE,...] [--out FILE]";

Deno.test("runReleaseDiff prints the summary, writes the JSON report to --out and exits 0", async () => {
  const diff = diffReleases(olderRelease, newerRelease, { families: ["50150000", "50180000"] });
  assert.deepEqual(
    await run(["--diff", "old.xml", "new.xml", "--families", "50180000, 50150000", "--out", "report.json"]),
    {
      status: 0,
      printed: [`out: ${formatDiffSummary(diff)}`, "err: report written to report.json"],
      written: [["report.json", diffToJson(diff)]],
    },
  );
});

Deno.test("runReleaseDiff without --out prints the whole-release summary and writes nothing", async () => {
  assert.deepEqual(await run(["--diff", "old.xml", "new.xml"]), {
    status: 0,
    printed: [`out: ${formatDiffSummary(diffReleases(olderRelease, newerRelease))}`],
    written: [],
  });
});

const failures: [string, string[], { failWrite?: boolean }, number, string][] = [
  [
    "a publication the reader rejects exits 1 with the reader's message",
    ["--diff", "old.xml", "broken.xml"],
    {},
    1,
    "err: diff failed: broken.xml: segment 1: no code",
  ],
  [
    "a publication the file system refuses exits 1 naming the file",
    ["--diff", "locked.xml", "new.xml"],
    {},
    1,
    "err: diff failed: locked.xml: file: cannot be read: Permission denied",
  ],
  [
    "--diff with one publication is a usage error",
    ["--diff", "old.xml"],
    {},
    2,
    `err: --diff needs a value\n${USAGE}`,
  ],
  [
    "a family code of the wrong shape is a usage error",
    ["--diff", "old.xml", "new.xml", "--families", "50150000,5018"],
    {},
    2,
    `err: --families: "5018" is not a family code (8 digits ending in 0000)\n${USAGE}`,
  ],
  [
    "an empty family list is a usage error",
    ["--diff", "old.xml", "new.xml", "--families", ","],
    {},
    2,
    `err: --families needs at least one family code\n${USAGE}`,
  ],
  [
    "a build option with --diff is a usage error",
    ["--diff", "old.xml", "new.xml", "--data", "data"],
    {},
    2,
    `err: unknown argument "--data" for --diff\n${USAGE}`,
  ],
];

for (const [name, args, options, status, message] of failures) {
  Deno.test(`runReleaseDiff: ${name}`, async () => {
    assert.deepEqual(await run(args, options), { status, printed: [message], written: [] });
  });
}

Deno.test("runReleaseDiff exits 1 naming the file when the report cannot be written, after the summary", async () => {
  assert.deepEqual(await run(["--diff", "old.xml", "new.xml", "--out", "report.json"], { failWrite: true }), {
    status: 1,
    printed: [
      `out: ${formatDiffSummary(diffReleases(olderRelease, newerRelease))}`,
      "err: diff failed: report.json: --out: cannot write the report: Permission denied",
    ],
    written: [],
  });
});

Deno.test("parseReleaseDiffArgs takes the options in any order", () => {
  assert.deepEqual(
    parseReleaseDiffArgs(["--out", "r.json", "--families", "50150000", "--diff", "a.xml", "b.xlsx"]),
    {
      olderPath: "a.xml",
      newerPath: "b.xlsx",
      families: ["50150000"],
      outPath: "r.json",
    },
  );
});

Deno.test("parseReleaseDiffArgs without --diff says both publications are needed", () => {
  assert.throws(() => parseReleaseDiffArgs(["--out", "r.json"]), {
    name: "TypeError",
    message: `--diff needs the older and the newer publication\n${USAGE}`,
  });
});
