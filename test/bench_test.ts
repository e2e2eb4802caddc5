/**
 * The benchmark cannot rot: `deno task bench --short` runs every scenario against the embedded data with
 * wrk (a second per run) and must find every answer correct and write its report. The figures are not
 * asserted (noisy). Without wrk the run is skipped locally and fails in CI (.ci/run installs it).
 */
import assert from "node:assert/strict";
import { buildDist } from "../build/build_dist.ts";
import { recordingProgress } from "../build/progress.ts";
import { haveWrk, luaScript, parseWrk } from "../bench/wrk.ts";
import { SCENARIOS } from "../bench/scenarios.ts";
import { encodeValue } from "../bench/pools.ts";
import { tempDir } from "./support/temp_dir.ts";

const WRK_OUTPUT = `Running 1s test @ http://127.0.0.1:40000/
  1 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.03ms  512.10us  12.40ms   90.00%
    Req/Sec    15.90k     1.10k   17.00k    80.00%
  Latency Distribution
     50%    1.95ms
     75%    2.10ms
     90%    2.40ms
     99%  850.00us
  15800 requests in 1.00s, 5.10MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 15800
Requests/sec:  15790.12
Transfer/sec:      5.09MB
`;

Deno.test("wrk's output is read into requests/s, p99 in ms, requests, non-2xx answers and socket errors", () => {
  assert.deepEqual(parseWrk(WRK_OUTPUT), {
    requestsPerSecond: 15790.12,
    p99Ms: 0.85,
    requests: 15800,
    non2xx: 15800,
    socketErrors: 3,
  });
  assert.equal(parseWrk(WRK_OUTPUT.replace("     99%  850.00us", "     99%    1.20s")).p99Ms, 1200);
  assert.throws(() => parseWrk("wrk: connection refused"), /unexpected wrk output/);
});

Deno.test("the Lua pool sends each target in turn, and refuses a target wrk cannot send as it is", () => {
  const script = luaScript(["/a?x=1", "/b?q=%22"]);
  assert.ok(script.includes('local targets = {\n"/a?x=1",\n"/b?q=%22"\n}'));
  assert.throws(() => luaScript(["/a?q=é"]), /not a printable ASCII request target/);
  assert.throws(() => luaScript(["/a?q=a b"]), /not a printable ASCII request target/);
});

Deno.test("a query value is encoded so that the URL parser leaves it as sent", () => {
  const encoded = encodeValue("shepherd's pie (frozen)*!");
  assert.equal(encoded, "shepherd%27s%20pie%20%28frozen%29%2A%21");
  const url = new URL(`http://127.0.0.1/v1/x?category=${encoded}`);
  assert.equal(url.search, `?category=${encoded}`);
});

const BENCH = new URL("../bench/bench.ts", import.meta.url).pathname;
const wrk = await haveWrk();
const inCi = Deno.env.get("CI") === "true";
if (!wrk && !inCi) {
  console.warn("bench_test: wrk is not installed (apt-get install -y wrk): the short bench run is skipped");
}

Deno.test({
  name: "the short bench answers every scenario correctly on the embedded data and writes its report",
  ignore: !wrk && !inCi,
  fn: async () => {
    assert.ok(wrk, "wrk is not installed: .ci/run installs it with apt-get");
    const dir = await tempDir("bench-test-");
    await buildDist("data", `${dir}/dist`, recordingProgress());
    const started = performance.now();
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", BENCH, "--short", "--dist", `${dir}/dist`, "--out", `${dir}/out`],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const timer = setTimeout(() => child.kill("SIGKILL"), 150_000);
    const { code, stderr } = await child.output();
    clearTimeout(timer);
    const log = new TextDecoder().decode(stderr);
    assert.equal(code, 0, log);
    const report = JSON.parse(await Deno.readTextFile(`${dir}/out/latest.json`));
    const [embedded] = report.data;
    assert.deepEqual(embedded.scenarios.map((s: { name: string }) => s.name), SCENARIOS.map((s) => s.name));
    for (const [i, scenario] of embedded.scenarios.entries()) {
      assert.deepEqual(scenario.problems, [], scenario.name);
      // --short measures the hello once, in the first scenario; the peers answer the reference scenarios.
      const columns = [
        "ours",
        "limit",
        ...(i === 0 ? ["hello"] : []),
        ...(SCENARIOS[i]!.peers ? ["sqlite", "maps"] : []),
      ];
      assert.deepEqual(Object.keys(scenario.figures).sort(), columns.sort(), scenario.name);
      for (const column of columns) assert.ok(scenario.figures[column].rps > 0, `${scenario.name} ${column}`);
    }
    assert.deepEqual(embedded.footprints.map((f: { name: string }) => f.name), ["ours", "sqlite", "maps"]);
    const markdown = await Deno.readTextFile(`${dir}/out/latest.md`);
    for (const scenario of SCENARIOS) assert.ok(markdown.includes(`| ${scenario.label} |`), scenario.label);
    const png = await Deno.readFile(`${dir}/out/latest.png`);
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    console.log(`short bench: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  },
});
