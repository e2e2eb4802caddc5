import assert from "node:assert/strict";
import { parseCurationArgs, runCuration } from "../../../build/content/curation_cli.ts";

const DATA = new URL("./fixtures/curation_data", import.meta.url).pathname;

async function run(args: string[]): Promise<{ status: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const status = await runCuration(args, (text) => out += text, (text) => err += text);
  return { status, out, err };
}

Deno.test("curation command: reads its options and refuses unknown ones", () => {
  assert.deepEqual(parseCurationArgs([]), { dataDir: "data", json: false, all: false });
  assert.deepEqual(
    parseCurationArgs(["--data", "d/", "--family", "50180000", "--kind", "coarse_target", "--all", "--json"]),
    { dataDir: "d", json: true, all: true, family: "50180000", kind: "coarse_target" },
  );
  assert.throws(() => parseCurationArgs(["--kind", "stale"]), /--kind "stale" is unknown/);
  assert.throws(() => parseCurationArgs(["--family", "5018"]), /--family "5018" is not an 8-digit code/);
  assert.throws(() => parseCurationArgs(["--bogus"]), /unknown argument "--bogus"/);
});

function filesOf(dir: string): string[] {
  return [...Deno.readDirSync(dir)].flatMap((e) =>
    e.isDirectory ? filesOf(`${dir}/${e.name}`) : [`${dir}/${e.name}`]
  )
    .sort();
}

Deno.test("curation command: prints the listing of a data folder and writes nothing", async () => {
  const before = filesOf(DATA);
  const { status, out } = await run(["--data", DATA, "--family", "50180000"]);
  assert.deepEqual(filesOf(DATA), before);
  assert.equal(status, 0);
  assert.equal(
    out.split("\n")[0],
    `curation report of ${DATA} against GPC v20241202: 8 flags, 7 unreviewed; showing 7 unreviewed ` +
      "(--all shows reviewed ones too)",
  );
  assert.equal(out.match(/^\[/gm)?.length, 7);
});

Deno.test("curation command: --json prints the shown flags as build-report.json holds them", async () => {
  const { status, out } = await run(["--data", DATA, "--kind", "placement_partial", "--all", "--json"]);
  assert.equal(status, 0);
  const flags = JSON.parse(out);
  assert.deepEqual(
    flags.map((flag: { line: number; reviewed: string | null }) => [flag.line, flag.reviewed]),
    [
      [10, "sandwich crackers, not sandwiches"],
      [6, null],
    ],
  );
});

Deno.test("curation command: a usage error exits 2, an input problem 1", async () => {
  assert.equal((await run(["--kind"])).status, 2);
  const missing = await run(["--data", `${DATA}/nowhere`]);
  assert.equal(missing.status, 1);
  assert.match(missing.err, /^curation report failed: .*nowhere/);
});
