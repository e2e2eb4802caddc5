/**
 * `deno task soak [--seconds N] [--swap-every S] [--out FILE]`: a few minutes of mixed load (wrk over a Lua
 * pool of mixed paths) on the real service while its build is swapped every S seconds (CURRENT moved, then
 * SIGHUP), sampling its RssAnon every 2 s. Writes FILE (markdown, default bench/results/soak.md) and the same
 * name with .json. Exit status 0 when every answer was 2xx, no socket error, every planned swap confirmed
 * and the server exited 0 on SIGTERM; 1 otherwise; 2 on a usage error or without wrk.
 */
import { parseArgs } from "node:util";
import { describeMachine } from "./machine.ts";
import { soakMarkdown, soakProblems } from "./soak_report.ts";
import { runSoak } from "./soak_run.ts";
import { haveWrk } from "./wrk.ts";

const USAGE = "usage: deno task soak [--seconds N] [--swap-every S] [--out FILE]";

async function main(args: string[]): Promise<number> {
  const { values: flags } = parseArgs({
    args,
    options: {
      seconds: { type: "string", default: "180" },
      "swap-every": { type: "string", default: "10" },
      out: { type: "string", default: "bench/results/soak.md" },
      help: { type: "boolean", default: false },
    },
  });
  if (flags.help) {
    console.log(USAGE);
    return 0;
  }
  const seconds = Number(flags.seconds);
  const swapEvery = Number(flags["swap-every"]);
  if (
    !/^\d{1,5}$/.test(flags.seconds) || seconds < 10 || !/^\d{1,4}$/.test(flags["swap-every"]) ||
    swapEvery < 1
  ) {
    console.error(`--seconds is a whole number of at least 10, --swap-every at least 1\n${USAGE}`);
    return 2;
  }
  if (!await haveWrk()) {
    console.error("wrk is not installed: apt-get install -y wrk");
    return 2;
  }
  const command = ["deno task soak", ...args].join(" ");
  const result = await runSoak({
    seconds,
    swapEvery,
    sampleEvery: 2,
    connections: 16,
    note: (line) => console.error(line),
  });
  const machine = await describeMachine();
  const markdown = soakMarkdown(result, machine, command);
  const json = flags.out.replace(/\.md$/, "") + ".json";
  await Deno.writeTextFile(flags.out, markdown);
  await Deno.writeTextFile(json, JSON.stringify({ command, machine, ...result }, null, 2) + "\n");
  console.log(markdown);
  const problems = soakProblems(result);
  return problems.length === 0 ? 0 : 1;
}

Deno.exit(await main(Deno.args));
