/**
 * The soak (bench/soak.ts): its arithmetic and verdict in tables, and a short soak of the real service under
 * wrk while its build is swapped every 3 s: every answer 200, no socket error, every planned swap confirmed
 * and every replaced build closed, the server exiting 0 on SIGTERM, and RssAnon not climbing faster than the
 * garbage collector's sawtooth can explain. Without wrk the soak is skipped locally and fails in CI.
 */
import assert from "node:assert/strict";
import { leastSquaresSlope, summariseMemory } from "../bench/soak_memory.ts";
import { parseTally, soakScript } from "../bench/soak_pool.ts";
import { soakProblems } from "../bench/soak_report.ts";
import { plannedSwaps, type SoakResult } from "../bench/soak_run.ts";
import { haveWrk } from "../bench/wrk.ts";
import { tempDir } from "./support/temp_dir.ts";

Deno.test("the least-squares slope of a line is its slope; fewer than two points or one x has none", () => {
  assert.equal(leastSquaresSlope([[0, 10], [1, 12], [2, 14]]), 2);
  assert.equal(leastSquaresSlope([[0, 0], [1, 2], [2, 1], [3, 3]]), 0.8);
  assert.equal(leastSquaresSlope([[5, 1]]), null);
  assert.equal(leastSquaresSlope([[5, 1], [5, 2]]), null);
});

Deno.test("the memory summary fits the slope (KiB/min) to the samples after the warm-up only", () => {
  const samples = [[0, 1000], [2, 9000], [4, 9000], [6, 9010], [8, 9020]].map(([at_s, rss_anon_kib]) => ({
    at_s: at_s!,
    rss_anon_kib: rss_anon_kib!,
  }));
  assert.deepEqual(summariseMemory(samples, 4), {
    first_kib: 1000,
    last_kib: 9020,
    max_kib: 9020,
    late_min_kib: 9000,
    late_max_kib: 9020,
    from_s: 4,
    fitted: 3,
    slope_kib_per_min: 300,
  });
});

Deno.test("the swaps planned: one every S seconds, none in the last 2 s of the load", () => {
  assert.deepEqual([plannedSwaps(30, 3), plannedSwaps(180, 10), plannedSwaps(36, 3), plannedSwaps(10, 20)], [
    9,
    17,
    11,
    0,
  ]);
});

Deno.test("the Lua script counts every answer, and its lines are added up over threads", () => {
  const script = soakScript(["/healthz"]);
  assert.ok(script.includes('local targets = {\n"/healthz"\n}'));
  assert.ok(script.includes("response = function(status, headers, body)"));
  const output = "Requests/sec: 1.00\nsoak status 200 7\nsoak release none 2\nsoak status 200 3\n" +
    "soak status 503 1\nsoak release v20250601 9\n";
  assert.deepEqual(parseTally(output), {
    statuses: { "200": 10, "503": 1 },
    releases: { none: 2, v20250601: 9 },
  });
});

const SWAP = {
  at_s: 3,
  build: "v20250601-x",
  release: "v20250601",
  logged: true,
  answered_release: "v20250601",
  answered_title: "Bread - Fresh (Perishable)",
  confirmed: true,
  confirm_ms: 80,
};
const PASSED = {
  swaps_planned: 1,
  swaps: [SWAP],
  builds_closed: 2,
  non_2xx: 0,
  answers: { statuses: { "200": 100 }, releases: {} },
  wrk: { requests: 100, requestsPerSecond: 10, p99Ms: 1, non2xx: 0, socketErrors: 0 },
  exit_code: 0,
} as unknown as SoakResult;

const VERDICTS: [string, Partial<SoakResult>, string[]][] = [
  ["a passing soak", {}, []],
  ["a non-2xx answer", { non_2xx: 1 }, ["1 answers were not 2xx"]],
  ["wrk's own count", { wrk: { ...PASSED.wrk, non2xx: 2 } }, ["wrk counted 2 non-2xx or 3xx answers"]],
  ["socket errors", { wrk: { ...PASSED.wrk, socketErrors: 3 } }, ["3 socket errors"]],
  ["answers the Lua did not count", { answers: { statuses: { "200": 99 }, releases: {} } }, [
    "the Lua script counted 99 answers, wrk 100 requests",
  ]],
  ["a swap missing", { swaps: [] }, ["0 swaps done of 1 planned", "2 replaced builds closed after 1 swaps"]],
  ["a swap unconfirmed", { swaps: [{ ...SWAP, confirmed: false }] }, [
    "the swap at 3 s to v20250601-x was not confirmed",
  ]],
  ["a build never closed", { builds_closed: 1 }, ["1 replaced builds closed after 2 swaps"]],
  ["a bad exit", { exit_code: 1 }, ["the server exited 1 on SIGTERM"]],
];

for (const [name, change, problems] of VERDICTS) {
  Deno.test(`the soak's verdict on ${name}: ${problems.length === 0 ? "passed" : problems.join("; ")}`, () => {
    assert.deepEqual(soakProblems({ ...PASSED, ...change }), problems);
  });
}

const SOAK = new URL("../bench/soak.ts", import.meta.url).pathname;
const SECONDS = 36;
const SWAP_EVERY = 3;
/**
 * The bound on the RssAnon slope over the second half of the short soak, KiB/min. After start-up the
 * service's RssAnon is a garbage collector's sawtooth, not a line: in two 180 s soaks it swung between about
 * 140 and 190 MiB every 10–25 s, and least-squares slopes over 15–20 s windows of them ranged from -137 to
 * +144 MiB/min with no leak at all. Twice the steepest keeps this test from flaking; it still fails on a leak
 * of about 5 MiB/s or more (e.g. every answer retained at 5,000 requests/s). A slower leak is what the 180 s
 * soak and its figures in docs/performance.md are for; a build kept after its swap fails the `builds_closed` check
 * below whatever its size.
 */
const SLOPE_BOUND_KIB_PER_MIN = 288 * 1024;
const wrk = await haveWrk();
const inCi = Deno.env.get("CI") === "true";
if (!wrk && !inCi) {
  console.warn("soak_test: wrk is not installed (apt-get install -y wrk): the short soak is skipped");
}

Deno.test({
  name: "a short soak swapping builds every 3 s under wrk: all 200, every swap confirmed, exit 0, no climb",
  ignore: !wrk && !inCi,
  fn: async () => {
    assert.ok(wrk, "wrk is not installed: .ci/run installs it with apt-get");
    const out = await tempDir("soak-test-");
    const child = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        SOAK,
        "--seconds",
        `${SECONDS}`,
        "--swap-every",
        `${SWAP_EVERY}`,
        "--out",
        `${out}/s.md`,
      ],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    const { code, stderr } = await child.output();
    clearTimeout(timer);
    const log = new TextDecoder().decode(stderr);
    const report = await Deno.readTextFile(`${out}/s.json`).catch(() => assert.fail(`no report:\n${log}`));
    const result: SoakResult = JSON.parse(report);
    assert.deepEqual(soakProblems(result), [], log);
    assert.equal(code, 0, log);
    const requests = result.wrk.requests;
    assert.ok(requests > 0);
    assert.deepEqual(result.answers.statuses, { "200": requests });
    assert.deepEqual([result.non_2xx, result.wrk.non2xx, result.wrk.socketErrors], [0, 0, 0]);
    assert.deepEqual(Object.keys(result.access_log), ["200"]);
    assert.ok(result.access_log["200"]! >= requests, `${result.access_log["200"]} access lines`);
    // The load began on the embedded build and the first swap is to the next release, alternating.
    const [embedded, next] = result.builds;
    const planned = plannedSwaps(SECONDS, SWAP_EVERY);
    const expected = Array.from(
      { length: planned },
      (_, i) => i % 2 === 0 ? next!.release : embedded!.release,
    );
    assert.deepEqual(result.swaps.map((swap) => swap.answered_release), expected);
    assert.ok(result.swaps.every((swap) => swap.logged && swap.confirmed), JSON.stringify(result.swaps));
    assert.equal(result.builds_closed, planned + 1);
    // Both builds answered the load.
    assert.ok(result.answers.releases[embedded!.release]! > 0 && result.answers.releases[next!.release]! > 0);
    assert.equal(result.exit_code, 0);
    assert.ok(result.samples.length >= SECONDS / 2, `${result.samples.length} samples`);
    const slope = result.memory.slope_kib_per_min;
    assert.ok(slope !== null && slope < SLOPE_BOUND_KIB_PER_MIN, `RssAnon slope ${slope} KiB/min`);
    console.log(`short soak: ${requests} requests, RssAnon slope ${slope} KiB/min`);
  },
});
