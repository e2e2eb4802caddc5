/** The soak's verdict (what must hold) and its short markdown report. */
import type { Machine } from "./machine.ts";
import type { SoakResult } from "./soak_run.ts";

/** What a soak must show; each failure as a sentence (none: the soak passed). */
export function soakProblems(result: SoakResult): string[] {
  const problems: string[] = [];
  const answered = Object.values(result.answers.statuses).reduce((sum, n) => sum + n, 0);
  if (result.non_2xx !== 0) problems.push(`${result.non_2xx} answers were not 2xx`);
  if (result.wrk.non2xx !== 0) problems.push(`wrk counted ${result.wrk.non2xx} non-2xx or 3xx answers`);
  if (result.wrk.socketErrors !== 0) problems.push(`${result.wrk.socketErrors} socket errors`);
  if (answered !== result.wrk.requests) {
    problems.push(`the Lua script counted ${answered} answers, wrk ${result.wrk.requests} requests`);
  }
  if (result.swaps.length !== result.swaps_planned) {
    problems.push(`${result.swaps.length} swaps done of ${result.swaps_planned} planned`);
  }
  for (const swap of result.swaps.filter((swap) => !swap.confirmed)) {
    problems.push(`the swap at ${swap.at_s} s to ${swap.build} was not confirmed`);
  }
  if (result.builds_closed !== result.swaps.length + 1) {
    problems.push(`${result.builds_closed} replaced builds closed after ${result.swaps.length + 1} swaps`);
  }
  if (result.exit_code !== 0) problems.push(`the server exited ${result.exit_code} on SIGTERM`);
  return problems;
}

const int = (n: number) => Math.round(n).toLocaleString("en-US");

/** The markdown report. */
export function soakMarkdown(result: SoakResult, machine: Machine, command: string): string {
  const { wrk, memory } = result;
  const problems = soakProblems(result);
  const releases = Object.entries(result.answers.releases).sort().map(([r, n]) => `${r} ${int(n)}`);
  const confirmed = result.swaps.filter((swap) => swap.confirmed).length;
  const slowest = Math.max(0, ...result.swaps.map((swap) => swap.confirm_ms));
  const slope = memory.slope_kib_per_min === null ? "none" : `${memory.slope_kib_per_min} KiB/min`;
  return [
    "# Soak",
    "",
    `\`${command}\`: ${machine.cores} cores (${machine.cpu}), Deno ${machine.deno}, ${machine.wrk}, ` +
    `${new Date().toISOString().slice(0, 10)}.`,
    "",
    "| Figure | Value |",
    "| --- | --- |",
    `| load | wrk -t1 -c${result.connections} for ${result.seconds} s over ${result.pool.targets} mixed targets ` +
    `(${result.pool.left_out.length} left out: not 200 on both builds) |`,
    `| requests | ${int(wrk.requests)} (${int(wrk.requestsPerSecond)} req/s, p99 ${
      wrk.p99Ms.toFixed(1)
    } ms) |`,
    `| non-2xx answers | ${result.non_2xx} (wrk's count ${wrk.non2xx}) |`,
    `| socket errors | ${wrk.socketErrors} |`,
    `| answers by X-GPC-Release | ${releases.join(", ")} |`,
    `| swaps | ${result.swaps.length} of ${result.swaps_planned} planned (one every ${result.swap_every_s} s), ` +
    `${confirmed} confirmed by the log line and the next answer's release and title (slowest ` +
    `${slowest} ms); ${result.builds_closed} replaced builds closed |`,
    `| RssAnon | first ${int(memory.first_kib)} KiB, last ${int(memory.last_kib)} KiB, max ` +
    `${int(memory.max_kib)} KiB (${result.samples.length} samples) |`,
    `| RssAnon after the warm-up | from ${memory.from_s} s: ${int(memory.late_min_kib)} to ` +
    `${int(memory.late_max_kib)} KiB; slope ${slope} (least squares over ${memory.fitted} samples) |`,
    `| exit on SIGTERM | ${result.exit_code} |`,
    "",
    `RssAnon (s: KiB): ${result.samples.map((s) => `${s.at_s}: ${int(s.rss_anon_kib)}`).join(", ")}`,
    "",
    problems.length === 0
      ? "Passed: every check held."
      : `Failed:\n\n${problems.map((p) => `- ${p}`).join("\n")}`,
    "",
  ].join("\n");
}
